import { HAND_ANGLE_COUNT, HAND_ORIENTATION_COUNT, POSE_ANGLE_COUNT } from './constants.ts';
import { PART_COUNT } from './landmark_layout.ts';

/**
 * Joint angles of one frame, in degrees (0..180), in preallocated arrays.
 * pose: [leftShoulderElbowWrist, rightShoulderElbowWrist, leftHipShoulderElbow, rightHipShoulderElbow]
 * leftHand / rightHand: the 16 hand angles of HAND_ANGLE_NAMES (angles/hand_angle_definitions.ts).
 * `present[Part]` is 0 when the part is missing (a point absent or below MIN_POINT_SCORE, or a
 * degenerate joint); its angles must then not be read.
 */
export interface AngleFrame {
  pose: Float32Array;
  leftHand: Float32Array;
  rightHand: Float32Array;
  /** Per hand: [directionX, directionY, palmFacing] (see angles/compute_hand_orientation.ts).
   * Not part of the SPEC's angle data; the precise matching mode reads it. */
  leftHandOrientation: Float32Array;
  rightHandOrientation: Float32Array;
  present: Uint8Array;
  /** Precise mode only, absent unless a PreciseFeatureTracker (match/precise_features.ts) fills
   * them: per hand the SHAPE_FEATURE_COUNT shape and motion features, and per hand (left, right)
   * 1 when they were computed for this frame. The SPEC path never reads them. */
  leftHandShape?: Float32Array;
  rightHandShape?: Float32Array;
  shapePresent?: Uint8Array;
}

export function createAngleFrame(): AngleFrame {
  return {
    pose: new Float32Array(POSE_ANGLE_COUNT),
    leftHand: new Float32Array(HAND_ANGLE_COUNT),
    rightHand: new Float32Array(HAND_ANGLE_COUNT),
    leftHandOrientation: new Float32Array(HAND_ORIENTATION_COUNT),
    rightHandOrientation: new Float32Array(HAND_ORIENTATION_COUNT),
    present: new Uint8Array(PART_COUNT),
  };
}
