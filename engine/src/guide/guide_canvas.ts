/**
 * A tiny indexed-colour raster (one byte per pixel, a palette index) with the two shapes a guide
 * needs: thick round-capped lines and filled discs. Pure JS, so guides render in Node and at
 * install time without a canvas library.
 */
export interface GuideCanvas {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function createGuideCanvas(width: number, height: number): GuideCanvas {
  return { width, height, pixels: new Uint8Array(width * height) };
}

export function clearCanvas(canvas: GuideCanvas, color: number): void {
  canvas.pixels.fill(color);
}

/** Paints every pixel whose centre lies within `radius` of the segment (x0, y0)-(x1, y1). */
export function drawLine(canvas: GuideCanvas, x0: number, y0: number, x1: number, y1: number, radius: number, color: number): void {
  const minX = Math.max(0, Math.floor(Math.min(x0, x1) - radius));
  const maxX = Math.min(canvas.width - 1, Math.ceil(Math.max(x0, x1) + radius));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1) - radius));
  const maxY = Math.min(canvas.height - 1, Math.ceil(Math.max(y0, y1) + radius));
  const dx = x1 - x0;
  const dy = y1 - y0;
  const lengthSquared = dx * dx + dy * dy;
  const r2 = radius * radius;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5 - x0;
      const py = y + 0.5 - y0;
      const t = lengthSquared > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSquared)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      if (ex * ex + ey * ey <= r2) canvas.pixels[y * canvas.width + x] = color;
    }
  }
}

export function drawDisc(canvas: GuideCanvas, x: number, y: number, radius: number, color: number): void {
  drawLine(canvas, x, y, x, y, radius, color);
}
