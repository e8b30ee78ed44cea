import { MIN_POINT_SCORE } from '../core/constants.ts';
import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { computeHandOrientation } from './compute_hand_orientation.ts';
import { computeHandAngles } from './compute_hand_angles.ts';
import { computePoseAngles } from './compute_pose_angles.ts';

/**
 * Landmarks of one frame -> the 4 pose angles and each hand's 16 angles and orientation, written
 * into `out` (preallocated; nothing is allocated). A part is present in `out` only when it is
 * present in `landmarks` and every point it needs scores at least MIN_POINT_SCORE (SPEC 5: 0.5).
 *
 * ref: the angle step of the product's practice loop (SPEC 5), on the pixel grid of the angle
 * frame (SPEC 9).
 */
export function computeAngleFrame(landmarks: LandmarkFrame, out: AngleFrame): void {
  const width = landmarks.imageWidth;
  const height = landmarks.imageHeight;
  out.present[Part.pose] =
    landmarks.present[Part.pose] === 1 &&
    computePoseAngles(landmarks.pose, width, height, MIN_POINT_SCORE, out.pose)
      ? 1
      : 0;
  out.present[Part.leftHand] =
    landmarks.present[Part.leftHand] === 1 &&
    computeHandAngles(landmarks.leftHand, width, height, MIN_POINT_SCORE, out.leftHand) &&
    computeHandOrientation(landmarks.leftHand, width, height, out.leftHandOrientation)
      ? 1
      : 0;
  out.present[Part.rightHand] =
    landmarks.present[Part.rightHand] === 1 &&
    computeHandAngles(landmarks.rightHand, width, height, MIN_POINT_SCORE, out.rightHand) &&
    computeHandOrientation(landmarks.rightHand, width, height, out.rightHandOrientation)
      ? 1
      : 0;
}
