// The still picture where WebGL is not available: the same hand, projection and turn as the 3-D
// guide (hand-geometry.ts), painted with the 2-D canvas, far parts first: the palm as a filled
// outline, every bone a round-capped stroke as wide as the capsule, nearer parts drawn lighter.
// A moving letter's tracing is drawn as a dotted path of its moving fingertip.
import { FINGERTIPS, HAND_BONES, JOINT_RADIUS, PALM_POINTS, palmLength, POINTS, projectToPixels, turn, viewExtent, type Framing } from '@/lib/hand-guide/hand-geometry.ts';
import { HAND_COLORS } from './hand-colors.ts';

export interface StillHandOptions {
  size: number;
  pixelRatio: number;
  yaw: number;
  framing: Framing;
  /** A moving letter's fingertip path (view space, x y z per point), drawn dotted. */
  path?: { tip: number; frames: readonly Float32Array[] };
}

export function drawStillHand(canvas: HTMLCanvasElement, points: Float32Array, options: StillHandOptions): void {
  const { size, pixelRatio, yaw, framing } = options;
  canvas.width = Math.round(size * pixelRatio);
  canvas.height = Math.round(size * pixelRatio);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.fillStyle = HAND_COLORS.background;
  ctx.fillRect(0, 0, size, size);
  const project = (i: number) => projectToPixels(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!, framing, yaw, size);
  const depth = (i: number) => turn(points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!, framing, yaw)[2];
  const pxPerUnit = size / (2 * viewExtent(framing));
  const unit = palmLength(points) * pxPerUnit;
  const screen = Array.from({ length: POINTS }, (_, i) => project(i));
  const lift = (z: number) => Math.max(0, Math.min(1, (z - framing.cz) / framing.radius + 0.5));

  type Part = { z: number; draw: () => void };
  const parts: Part[] = [];
  const palmZ = PALM_POINTS.reduce<number>((sum, i) => sum + depth(i), 0) / PALM_POINTS.length;
  parts.push({
    z: palmZ - 1e-3,
    draw: () => {
      ctx.beginPath();
      PALM_POINTS.forEach((i, k) => (k === 0 ? ctx.moveTo(...screen[i]!) : ctx.lineTo(...screen[i]!)));
      ctx.closePath();
      ctx.fillStyle = HAND_COLORS.palm;
      ctx.fill();
    },
  });
  for (const [a, b] of HAND_BONES) {
    const z = (depth(a) + depth(b)) / 2;
    parts.push({
      z,
      draw: () => {
        const width = 2 * Math.min(JOINT_RADIUS[a]!, JOINT_RADIUS[b]!) * unit;
        ctx.lineCap = 'round';
        ctx.strokeStyle = HAND_COLORS.edge;
        ctx.lineWidth = width + 2;
        ctx.beginPath();
        ctx.moveTo(...screen[a]!);
        ctx.lineTo(...screen[b]!);
        ctx.stroke();
        ctx.strokeStyle = mix(HAND_COLORS.skin, '#ffffff', 0.25 * lift(z));
        ctx.lineWidth = width;
        ctx.stroke();
      },
    });
  }
  for (const tip of FINGERTIPS) {
    parts.push({
      z: depth(tip) + 1e-3,
      draw: () => {
        ctx.fillStyle = HAND_COLORS.nail;
        ctx.beginPath();
        ctx.arc(...screen[tip]!, JOINT_RADIUS[tip]! * unit * 0.75, 0, Math.PI * 2);
        ctx.fill();
      },
    });
  }
  parts.sort((p, q) => p.z - q.z).forEach((part) => part.draw());

  if (options.path) {
    const { tip, frames } = options.path;
    ctx.setLineDash([4, 5]);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = HAND_COLORS.edge;
    ctx.beginPath();
    frames.forEach((f, k) => {
      const p = projectToPixels(f[tip * 3]!, f[tip * 3 + 1]!, f[tip * 3 + 2]!, framing, yaw, size);
      if (k === 0) ctx.moveTo(...p);
      else ctx.lineTo(...p);
    });
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** Blends two #rrggbb colours. */
function mix(from: string, to: string, t: number): string {
  const channel = (hex: string, k: number) => parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16);
  const parts = [0, 1, 2].map((k) => Math.round(channel(from, k) * (1 - t) + channel(to, k) * t));
  return `rgb(${parts.join(', ')})`;
}
