import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, X, Y } from '../core/landmark_layout.ts';
import { SKELETON_GUIDE_POSE_POINTS, type SkeletonGuide } from '../reference/reference_sign_schema.ts';
import type { LandmarkSource } from './landmark_source.ts';

/** Frames a second of a skeleton guide: smooth enough to follow the movement, small in the database. */
export const SKELETON_GUIDE_FPS = 12;

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number) => Math.min(2, Math.max(-1, value));

function points(values: Float32Array, indices: readonly number[]): number[] {
  return indices.flatMap((p) => [round3(clamp(values[p * POINT_STRIDE + X]!)), round3(clamp(values[p * POINT_STRIDE + Y]!))]);
}

const HAND_POINTS = Array.from({ length: HAND_POINT_COUNT }, (_, i) => i);

/**
 * A clip's landmarks -> the record's `guide`: the signer's upper body and hands, sampled at
 * SKELETON_GUIDE_FPS by the frames' timestamps (the frame shown at each sample time), x and y to a
 * thousandth of the image. What a learner copies: the recorded skeleton, replayed.
 */
export function buildSkeletonGuide(source: LandmarkSource): SkeletonGuide {
  const frame = createLandmarkFrame();
  const sampled: SkeletonGuide['frames'] = [];
  let aspect = 16 / 9;
  let firstMs = NaN;
  let nextMs = 0;
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, frame);
    if (i === 0) {
      firstMs = frame.timestampMs;
      aspect = frame.imageWidth / frame.imageHeight;
    }
    if (frame.timestampMs - firstMs + 1e-6 < nextMs && i < source.frameCount - 1) continue;
    nextMs += 1000 / SKELETON_GUIDE_FPS;
    sampled.push({
      ...(frame.present[Part.pose] === 1 ? { pose: points(frame.pose, SKELETON_GUIDE_POSE_POINTS) } : {}),
      ...(frame.present[Part.leftHand] === 1 ? { left_hand: points(frame.leftHand, HAND_POINTS) } : {}),
      ...(frame.present[Part.rightHand] === 1 ? { right_hand: points(frame.rightHand, HAND_POINTS) } : {}),
    });
    if (sampled.length >= 600) break;
  }
  return { fps: SKELETON_GUIDE_FPS, aspect: Math.round(aspect * 1000) / 1000, frames: sampled };
}
