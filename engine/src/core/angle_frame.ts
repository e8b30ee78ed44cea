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
  /** Every angle and orientation of the frame in one array (ANGLE_FRAME_LAYOUT); the arrays
   * below are views into it. The matcher reads all 36 angles in one pass over it. */
  values: Float32Array;
  pose: Float32Array;
  leftHand: Float32Array;
  rightHand: Float32Array;
  /** Per hand: [directionX, directionY, palmFacing] (see angles/compute_hand_orientation.ts).
   * Not part of the stored angle data (product.md §3 Data); the precise matching mode reads it. */
  leftHandOrientation: Float32Array;
  rightHandOrientation: Float32Array;
  present: Uint8Array;
  /** Precise mode only, absent unless a PreciseFeatureTracker (engine/src/precise/precise_features.ts) fills
   * them: per hand the SHAPE_FEATURE_COUNT shape and motion features, and per hand (left, right)
   * 1 when they were computed for this frame. The angle rule never reads them. */
  leftHandShape?: Float32Array;
  rightHandShape?: Float32Array;
  shapePresent?: Uint8Array;
  /** The handshape judge only, absent unless its frame step fills them
   * (handshape/handshape_features.ts): per hand the descriptors of handshape/hand_descriptors.ts,
   * measured as a right hand (a left hand mirrored), 1 per hand (left, right) in
   * `descriptorsPresent` when they were computed for this frame, and each hand's speed in palm
   * lengths per second; and whether each hand is raised into signing space (handshape/hand_raised.ts:
   * -1 unknown, 0 no, 1 yes). */
  leftHandDescriptors?: Float32Array;
  rightHandDescriptors?: Float32Array;
  descriptorsPresent?: Uint8Array;
  handSpeed?: Float32Array;
  handRaised?: Int8Array;
}

/** Where each part lives in AngleFrame.values: 4 pose angles, 16 per hand, then 3 orientation
 * numbers per hand. The angle kernel (angles/kernel/) writes this layout. */
export const ANGLE_FRAME_LAYOUT = {
  pose: 0,
  leftHand: POSE_ANGLE_COUNT,
  rightHand: POSE_ANGLE_COUNT + HAND_ANGLE_COUNT,
  /** The number of joint angles, all parts together (36). */
  angleCount: POSE_ANGLE_COUNT + 2 * HAND_ANGLE_COUNT,
  leftHandOrientation: POSE_ANGLE_COUNT + 2 * HAND_ANGLE_COUNT,
  rightHandOrientation: POSE_ANGLE_COUNT + 2 * HAND_ANGLE_COUNT + HAND_ORIENTATION_COUNT,
  length: POSE_ANGLE_COUNT + 2 * HAND_ANGLE_COUNT + 2 * HAND_ORIENTATION_COUNT,
} as const;

export function createAngleFrame(): AngleFrame {
  const values = new Float32Array(ANGLE_FRAME_LAYOUT.length);
  const view = (start: number, length: number) => values.subarray(start, start + length);
  return {
    values,
    pose: view(ANGLE_FRAME_LAYOUT.pose, POSE_ANGLE_COUNT),
    leftHand: view(ANGLE_FRAME_LAYOUT.leftHand, HAND_ANGLE_COUNT),
    rightHand: view(ANGLE_FRAME_LAYOUT.rightHand, HAND_ANGLE_COUNT),
    leftHandOrientation: view(ANGLE_FRAME_LAYOUT.leftHandOrientation, HAND_ORIENTATION_COUNT),
    rightHandOrientation: view(ANGLE_FRAME_LAYOUT.rightHandOrientation, HAND_ORIENTATION_COUNT),
    present: new Uint8Array(PART_COUNT),
  };
}

/** A copy of `frame` (its values, presence, and precise mode's and the handshape judge's features) in new arrays. */
export function cloneAngleFrame(frame: AngleFrame): AngleFrame {
  const copy = createAngleFrame();
  copy.values.set(frame.values);
  copy.present.set(frame.present);
  if (frame.shapePresent) {
    if (frame.leftHandShape) copy.leftHandShape = frame.leftHandShape.slice();
    if (frame.rightHandShape) copy.rightHandShape = frame.rightHandShape.slice();
    copy.shapePresent = frame.shapePresent.slice();
  }
  if (frame.descriptorsPresent) {
    if (frame.leftHandDescriptors) copy.leftHandDescriptors = frame.leftHandDescriptors.slice();
    if (frame.rightHandDescriptors) copy.rightHandDescriptors = frame.rightHandDescriptors.slice();
    copy.descriptorsPresent = frame.descriptorsPresent.slice();
    if (frame.handSpeed) copy.handSpeed = frame.handSpeed.slice();
    if (frame.handRaised) copy.handRaised = frame.handRaised.slice();
  }
  return copy;
}
