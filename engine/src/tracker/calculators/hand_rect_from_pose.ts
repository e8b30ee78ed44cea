import { POINT_STRIDE, SCORE, X, Y } from '../../core/landmark_layout.ts';
import { HAND_FROM_POSE_MIN_VISIBILITY } from '../constants.ts';
import type { NormalizedRect } from '../types.ts';
import { normalizeRadians } from './normalize_radians.ts';

/**
 * Hand rect (before enlargement) from one side's pose wrist, index and pinky keypoints: centred
 * on the estimated middle-finger base, twice the wrist-to-middle distance on a side, rotated so
 * that the fingers point up. In: pose keypoints (engine layout, normalised), the three keypoint
 * indices, the image size. Out: `out`; returns false when the wrist is not visible enough.
 * ref: mediapipe/modules/holistic_landmark/calculators/hand_detections_from_pose_to_rects_calculator.cc
 */
export function handRectFromPose(
  pose: Float32Array,
  wrist: number,
  index: number,
  pinky: number,
  imageWidth: number,
  imageHeight: number,
  out: NormalizedRect,
): boolean {
  const w = wrist * POINT_STRIDE;
  const i = index * POINT_STRIDE;
  const p = pinky * POINT_STRIDE;
  if ((pose[w + SCORE] ?? 0) < HAND_FROM_POSE_MIN_VISIBILITY) return false;
  const xWrist = pose[w + X]! * imageWidth;
  const yWrist = pose[w + Y]! * imageHeight;
  const xIndex = pose[i + X]! * imageWidth;
  const yIndex = pose[i + Y]! * imageHeight;
  const xPinky = pose[p + X]! * imageWidth;
  const yPinky = pose[p + Y]! * imageHeight;
  // The middle finger's base lies a third of the way from the index towards the pinky.
  const xMiddle = (2 * xIndex + xPinky) / 3;
  const yMiddle = (2 * yIndex + yPinky) / 3;
  const boxSize = Math.hypot(xMiddle - xWrist, yMiddle - yWrist) * 2;
  if (!(boxSize > 0)) return false;
  out.xCenter = xMiddle / imageWidth;
  out.yCenter = yMiddle / imageHeight;
  out.width = boxSize / imageWidth;
  out.height = boxSize / imageHeight;
  out.rotation = normalizeRadians(Math.PI / 2 - Math.atan2(-(yMiddle - yWrist), xMiddle - xWrist));
  return true;
}
