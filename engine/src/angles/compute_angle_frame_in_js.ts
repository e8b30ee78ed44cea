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
 * computeAngleFrame on the JavaScript path (float64), with the same contract: the angle kernel's
 * fallback where the runtime has no WebAssembly SIMD, and the reference it is tested against.
 *
 * ref: the angle step of the product's practice loop (product.md §5 Validation), on the pixel grid of the angle
 * frame (product.md §9 Constants).
 */
export function computeAngleFrameInJs(landmarks: LandmarkFrame, out: AngleFrame, withOrientation = true): void {
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
