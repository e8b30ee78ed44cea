// Measured perturbations of real frames, standing in for other people's hands until we have their
// recordings (the perturbed rows of docs/engineer/judge.md, "Figures"): never presented as new signers. Each takes a landmark frame whose right
// hand signs, and returns a new frame.
import { cloneLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, HandPoint, Part, POINT_STRIDE, X, Y, Z } from '../../engine/src/core/landmark_layout.ts';
import { estimateDepthScale } from '../../engine/src/handshape/estimate_depth_scale.ts';

export interface Perturbation {
  name: string;
  description: string;
  apply(frame: LandmarkFrame): LandmarkFrame;
}

const FINGER_CHAINS = [
  [HandPoint.thumbCmc, HandPoint.thumbMcp, HandPoint.thumbIp, HandPoint.thumbTip],
  [HandPoint.indexMcp, HandPoint.indexPip, HandPoint.indexDip, HandPoint.indexTip],
  [HandPoint.middleMcp, HandPoint.middlePip, HandPoint.middleDip, HandPoint.middleTip],
  [HandPoint.ringMcp, HandPoint.ringPip, HandPoint.ringDip, HandPoint.ringTip],
  [HandPoint.pinkyMcp, HandPoint.pinkyPip, HandPoint.pinkyDip, HandPoint.pinkyTip],
];

/** Pixel size of a frame's image, for geometry on square pixels. */
function pixels(frame: LandmarkFrame): [number, number] {
  return [frame.imageWidth, frame.imageHeight];
}

/** Each finger's segments beyond its base knuckle scaled by `factors[finger]` (thumb first): other finger proportions. */
export function fingerProportions(frame: LandmarkFrame, factors: readonly number[]): LandmarkFrame {
  const out = cloneLandmarkFrame(frame);
  const src = frame.rightHand;
  const dst = out.rightHand;
  FINGER_CHAINS.forEach((chain, f) => {
    for (let j = 1; j < chain.length; j++) {
      const a = chain[j - 1]! * POINT_STRIDE;
      const b = chain[j]! * POINT_STRIDE;
      dst[b + X] = dst[a + X]! + (src[b + X]! - src[a + X]!) * factors[f]!;
      dst[b + Y] = dst[a + Y]! + (src[b + Y]! - src[a + Y]!) * factors[f]!;
      dst[b + Z] = dst[a + Z]! + (src[b + Z]! - src[a + Z]!) * factors[f]!;
    }
  });
  return out;
}

/** The hand rotated about its wrist: yaw about the image's vertical, pitch about its horizontal (out of the image plane), roll in it; degrees. */
export function rotateHand(frame: LandmarkFrame, yawDeg: number, pitchDeg: number, rollDeg: number): LandmarkFrame {
  const out = cloneLandmarkFrame(frame);
  const [w, h] = pixels(frame);
  const depth = estimateDepthScale(frame.rightHand, w, h) * w;
  const r = Math.PI / 180;
  const [cy, sy, cp, sp, cr, sr] = [Math.cos(yawDeg * r), Math.sin(yawDeg * r), Math.cos(pitchDeg * r), Math.sin(pitchDeg * r), Math.cos(rollDeg * r), Math.sin(rollDeg * r)];
  const src = frame.rightHand;
  const wx = src[X]! * w, wy = src[Y]! * h, wz = src[Z]! * depth;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const o = i * POINT_STRIDE;
    let x = src[o + X]! * w - wx, y = src[o + Y]! * h - wy, z = src[o + Z]! * depth - wz;
    [x, z] = [cy * x + sy * z, -sy * x + cy * z];
    [y, z] = [cp * y - sp * z, sp * y + cp * z];
    [x, y] = [cr * x - sr * y, sr * x + cr * y];
    out.rightHand[o + X] = (x + wx) / w;
    out.rightHand[o + Y] = (y + wy) / h;
    out.rightHand[o + Z] = (z + wz) / depth;
  }
  return out;
}

/**
 * The hand `factor` times as large in the image, as a camera nearer or farther shows it: scaled
 * about the image's centre, so its travel between frames scales with its size. (Scaling about each
 * frame's own wrist would keep the wrist's travel in pixels while the hand shrinks: a farther hand
 * would seem to move twice as fast, in palm lengths a second, as it does.)
 */
export function cameraDistance(frame: LandmarkFrame, factor: number): LandmarkFrame {
  const out = cloneLandmarkFrame(frame);
  const src = frame.rightHand;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const o = i * POINT_STRIDE;
    out.rightHand[o + X] = 0.5 + (src[o + X]! - 0.5) * factor;
    out.rightHand[o + Y] = 0.5 + (src[o + Y]! - 0.5) * factor;
    out.rightHand[o + Z] = src[o + Z]! * factor;
  }
  return out;
}

/** The same hand as a left hand: the mirror image, signing as a left-handed learner would. */
export function asLeftHand(frame: LandmarkFrame): LandmarkFrame {
  const out = cloneLandmarkFrame(frame);
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const o = i * POINT_STRIDE;
    out.leftHand[o + X] = 1 - frame.rightHand[o + X]!;
    out.leftHand[o + Y] = frame.rightHand[o + Y]!;
    out.leftHand[o + Z] = frame.rightHand[o + Z]!;
    out.leftHand[o + 3] = frame.rightHand[o + 3]!;
  }
  out.present[Part.leftHand] = 1;
  out.present[Part.rightHand] = 0;
  return out;
}

/** The perturbations the acceptance table applies to every held-out frame, one at a time. */
export const PERTURBATIONS: readonly Perturbation[] = [
  { name: 'fingers +15%', description: 'every finger 15% longer (the palm unchanged)', apply: (f) => fingerProportions(f, [1.15, 1.15, 1.15, 1.15, 1.15]) },
  { name: 'fingers -15%', description: 'every finger 15% shorter', apply: (f) => fingerProportions(f, [0.85, 0.85, 0.85, 0.85, 0.85]) },
  { name: 'proportions', description: 'thumb and pinky 15% longer, index and ring 15% shorter, middle as it was', apply: (f) => fingerProportions(f, [1.15, 0.85, 1, 0.85, 1.15]) },
  { name: 'yaw +20', description: 'hand turned 20 degrees about the vertical, out of the image plane', apply: (f) => rotateHand(f, 20, 0, 0) },
  { name: 'yaw -20', description: 'turned -20 degrees about the vertical', apply: (f) => rotateHand(f, -20, 0, 0) },
  { name: 'pitch +20', description: 'tilted 20 degrees about the horizontal, out of the image plane', apply: (f) => rotateHand(f, 0, 20, 0) },
  { name: 'pitch -20', description: 'tilted -20 degrees about the horizontal', apply: (f) => rotateHand(f, 0, -20, 0) },
  { name: 'roll +20', description: 'rotated 20 degrees in the image plane', apply: (f) => rotateHand(f, 0, 0, 20) },
  { name: 'roll -20', description: 'rotated -20 degrees in the image plane', apply: (f) => rotateHand(f, 0, 0, -20) },
  { name: 'left hand', description: 'the mirror image, as a left hand', apply: asLeftHand },
  { name: 'farther', description: 'half the size in the image, about its centre (twice as far from the camera)', apply: (f) => cameraDistance(f, 0.5) },
  { name: 'closer', description: '1.5 times the size, about the image centre (closer to the camera)', apply: (f) => cameraDistance(f, 1.5) },
];
