/// <reference path="./gifenc.d.ts" />
import * as gifenc from 'gifenc';
import { HAND_BONES, HAND_POINT_COUNT, POINT_STRIDE, POSE_BONES, X, Y } from '../core/landmark_layout.ts';
import { clearCanvas, createGuideCanvas, drawDisc, drawLine } from './guide_canvas.ts';

/** One frame of a guide: any of the three parts, engine layout (normalised x, y). */
export interface GuideFrame {
  pose?: ArrayLike<number>;
  leftHand?: ArrayLike<number>;
  rightHand?: ArrayLike<number>;
}

export interface GuideOptions {
  /** Output size in pixels (square). Default 240. */
  size?: number;
  /** Frames per second of the animation. Default 12. */
  fps?: number;
  /** Aspect ratio (width / height) of the recording's image, to keep the skeleton's proportions. */
  aspect: number;
}

// gifenc's CommonJS build has no named exports Node can see; its ES build does.
const GIFEncoder: typeof gifenc.GIFEncoder =
  (gifenc as { GIFEncoder?: typeof gifenc.GIFEncoder }).GIFEncoder ??
  (gifenc as unknown as { default: { GIFEncoder: typeof gifenc.GIFEncoder } }).default.GIFEncoder;

const BACKGROUND = 0;
/** Palette: background, pose, joints, then a colour per finger (thumb .. pinky) and the palm. */
const PALETTE = [
  [250, 248, 240],
  [90, 90, 110],
  [30, 30, 40],
  [230, 120, 40],
  [220, 60, 90],
  [60, 140, 220],
  [60, 170, 110],
  [150, 90, 200],
  [120, 120, 130],
];
const POSE_COLOR = 1;
const JOINT_COLOR = 2;
const PALM_COLOR = 8;
/** Colour of each hand bone of HAND_BONES: palm bones grey, finger bones by finger. */
const HAND_BONE_COLORS = HAND_BONES.map(([a, b]) => {
  const palm = (a === 0 && b !== 1) || (a >= 5 && a % 4 === 1 && b % 4 === 1);
  return palm ? PALM_COLOR : 3 + Math.floor((b - 1) / 4);
});

/**
 * Renders guide frames into an animated, looping GIF: the skeleton (upper-body pose and hand
 * bones, fingers in their own colours) on a light background, framed on the bounding box of all
 * frames so that the motion stays visible and the figure does not jump.
 */
export function renderGuideGif(frames: readonly GuideFrame[], options: GuideOptions): Uint8Array {
  if (frames.length === 0) throw new Error('a guide needs at least one frame');
  const size = options.size ?? 240;
  const fps = options.fps ?? 12;
  const aspect = options.aspect;

  // Bounding box over every point drawn, in "height units" (x scaled by the aspect ratio).
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const grow = (points: ArrayLike<number> | undefined, indices: Iterable<number>) => {
    if (!points) return;
    for (const i of indices) {
      const x = points[i * POINT_STRIDE + X]! * aspect;
      const y = points[i * POINT_STRIDE + Y]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  };
  const posePoints = [...new Set(POSE_BONES.flat())];
  const handPoints = Array.from({ length: HAND_POINT_COUNT }, (_, i) => i);
  for (const frame of frames) {
    grow(frame.pose, posePoints);
    grow(frame.leftHand, handPoints);
    grow(frame.rightHand, handPoints);
  }
  if (!Number.isFinite(minX)) throw new Error('the guide frames hold no landmarks');
  const span = Math.max(maxX - minX, maxY - minY, 1e-6);
  const margin = size * 0.08;
  const scale = (size - 2 * margin) / span;
  const offsetX = margin + (size - 2 * margin - (maxX - minX) * scale) / 2;
  const offsetY = margin + (size - 2 * margin - (maxY - minY) * scale) / 2;
  const px = (points: ArrayLike<number>, i: number) => (points[i * POINT_STRIDE + X]! * aspect - minX) * scale + offsetX;
  const py = (points: ArrayLike<number>, i: number) => (points[i * POINT_STRIDE + Y]! - minY) * scale + offsetY;

  const canvas = createGuideCanvas(size, size);
  const lineRadius = Math.max(1.5, size / 90);
  const jointRadius = lineRadius * 1.4;
  const gif = GIFEncoder();
  const delay = Math.round(1000 / fps);
  for (let f = 0; f < frames.length; f++) {
    const frame = frames[f]!;
    clearCanvas(canvas, BACKGROUND);
    if (frame.pose) {
      for (const [a, b] of POSE_BONES) drawLine(canvas, px(frame.pose, a), py(frame.pose, a), px(frame.pose, b), py(frame.pose, b), lineRadius * 1.6, POSE_COLOR);
    }
    for (const hand of [frame.leftHand, frame.rightHand]) {
      if (!hand) continue;
      HAND_BONES.forEach(([a, b], i) => drawLine(canvas, px(hand, a), py(hand, a), px(hand, b), py(hand, b), lineRadius, HAND_BONE_COLORS[i]!));
      for (let i = 0; i < HAND_POINT_COUNT; i++) drawDisc(canvas, px(hand, i), py(hand, i), jointRadius, JOINT_COLOR);
    }
    gif.writeFrame(canvas.pixels, size, size, f === 0 ? { palette: PALETTE, delay, repeat: 0 } : { palette: PALETTE, delay });
  }
  gif.finish();
  return gif.bytes();
}

/** Evenly spaced frame indices, at most `count` of them, spanning the whole recording. */
export function sampleFrameIndices(total: number, count: number): number[] {
  if (total <= count) return Array.from({ length: total }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round((i * (total - 1)) / (count - 1)));
}
