import type { PixelFrame } from './types.ts';

/**
 * The browser images the tracker reads: whatever a 2D canvas draws (a transferred ImageBitmap in
 * the worker; a canvas or a video element on a page), or decoded pixels.
 */
export type BrowserImage = CanvasImageSource | ImageData;

/** What the tracker accepts: a frame's pixels in JS memory, or a browser image (read back through a canvas). */
export type TrackerImage = PixelFrame | BrowserImage;

/** The pixels of what the tracker was given: read back from a browser image, as they are otherwise. */
export function toPixelFrame(image: TrackerImage): PixelFrame {
  return 'channels' in image && 'data' in image ? image : readPixels(image);
}

let context: OffscreenCanvasRenderingContext2D | null = null;

/**
 * A browser image's pixels as RGBA bytes. One OffscreenCanvas (workers and pages both have it),
 * kept between frames and made with `willReadFrequently`, so the read-back stays in memory instead
 * of going through the GPU, as tf.browser.fromPixels's canvas in a worker does, with a new
 * backing store every frame.
 */
export function readPixels(image: BrowserImage): PixelFrame {
  if (typeof ImageData !== 'undefined' && image instanceof ImageData) {
    return { data: image.data, width: image.width, height: image.height, channels: 4 };
  }
  const source = image as CanvasImageSource;
  const [width, height] = sizeOf(source);
  if (!(width > 0 && height > 0)) throw new Error(`cannot read an image of ${width}x${height} pixels`);
  context ??= createContext();
  const canvas = context.canvas;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.drawImage(source, 0, 0, width, height);
  return { data: context.getImageData(0, 0, width, height).data, width, height, channels: 4 };
}

/** A video element's size is its videoWidth/videoHeight, a VideoFrame's its display size. */
function sizeOf(image: CanvasImageSource): [number, number] {
  const sized = image as { videoWidth?: number; videoHeight?: number; displayWidth?: number; displayHeight?: number; width?: number | { baseVal?: unknown }; height?: number | { baseVal?: unknown } };
  if (typeof sized.videoWidth === 'number') return [sized.videoWidth, sized.videoHeight ?? 0];
  if (typeof sized.displayWidth === 'number') return [sized.displayWidth, sized.displayHeight ?? 0];
  return [typeof sized.width === 'number' ? sized.width : 0, typeof sized.height === 'number' ? sized.height : 0];
}

function createContext(): OffscreenCanvasRenderingContext2D {
  if (typeof OffscreenCanvas === 'undefined') throw new Error('no OffscreenCanvas to read the frame from');
  const made = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true, alpha: false });
  if (!made) throw new Error('OffscreenCanvas has no 2D context');
  return made;
}
