import { HAND_TRACKING_MAX_SHIFT } from '../constants.ts';
import type { NormalizedRect } from '../types.ts';

/**
 * Decides whether the rect tracked from the previous frame's hand landmarks is still the hand at
 * this side's pose wrist. In: the tracked rect and the rect derived from the pose (both after
 * enlargement), image size. Out: true to keep the tracked rect, false to start again from the pose.
 * ref: mediapipe/calculators/util/roi_tracking_calculator.cc (RoiTrackingCalculator), reduced to
 * its translation requirement against the pose-derived rect.
 */
export function keepTrackedHandRect(
  tracked: NormalizedRect,
  fromPose: NormalizedRect,
  imageWidth: number,
  imageHeight: number,
): boolean {
  const dx = (tracked.xCenter - fromPose.xCenter) * imageWidth;
  const dy = (tracked.yCenter - fromPose.yCenter) * imageHeight;
  const poseSize = Math.max(fromPose.width * imageWidth, fromPose.height * imageHeight);
  return Math.hypot(dx, dy) <= HAND_TRACKING_MAX_SHIFT * poseSize;
}
