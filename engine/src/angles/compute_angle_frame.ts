import * as constants from '../core/constants.ts';
import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import * as layout from '../core/landmark_layout.ts';
import * as orientation from './compute_hand_orientation.ts';
import * as handAngles from './compute_hand_angles.ts';
import * as poseAngles from './compute_pose_angles.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { MIN_POINT_SCORE } = constants;
const { Part } = layout;
const { computeHandOrientation } = orientation;
const { computeHandAngles } = handAngles;
const { computePoseAngles } = poseAngles;

/**
 * Landmarks of one frame -> the 4 pose angles and each hand's 16 angles and orientation, written
 * into `out` (preallocated; nothing is allocated). A part is present in `out` only when it is
 * present in `landmarks` and every point it needs scores at least MIN_POINT_SCORE (SPEC 5: 0.5).
 *
 * `withOrientation` false leaves the hands' orientations in `out` as they were: the SPEC matcher
 * never reads them (only precise mode, the reference builder and the guides do), and they cost
 * about a tenth of the SPEC loop's time per frame. A hand's presence does not depend on it: a
 * degenerate orientation (the wrist on the index, middle or pinky MCP) is a zero-length bone, which
 * already makes the hand's angles missing.
 *
 * ref: the angle step of the product's practice loop (SPEC 5), on the pixel grid of the angle
 * frame (SPEC 9).
 */
export function computeAngleFrame(landmarks: LandmarkFrame, out: AngleFrame, withOrientation = true): void {
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
    (!withOrientation || computeHandOrientation(landmarks.leftHand, width, height, out.leftHandOrientation))
      ? 1
      : 0;
  out.present[Part.rightHand] =
    landmarks.present[Part.rightHand] === 1 &&
    computeHandAngles(landmarks.rightHand, width, height, MIN_POINT_SCORE, out.rightHand) &&
    (!withOrientation || computeHandOrientation(landmarks.rightHand, width, height, out.rightHandOrientation))
      ? 1
      : 0;
}
