import { HAND_ANGLE_COUNT, POSE_ANGLE_COUNT } from '../core/constants.ts';
import { ANGLE_FRAME_LAYOUT } from '../core/angle_frame.ts';
import { PART_COUNT } from '../core/landmark_layout.ts';

/** How one learner part fared against the reference, indexed by the learner's own parts (Part). */
export const PartStatus = {
  /** The reference lacks the counterpart: it matches (SPEC 5). */
  notInReference: 0,
  /** Every angle within tolerance. */
  ok: 1,
  /** Present, but at least one angle (or, in precise mode, the orientation) is off. */
  off: 2,
  /** The reference has it and the learner does not: no match (SPEC 5). */
  missing: 3,
} as const;
export type PartStatusValue = (typeof PartStatus)[keyof typeof PartStatus];

/** What a moving sign's cue asks for (movement/movement_cue.ts): where to start, what to correct
 * on the way, or which way to move. */
export const MovementCueKind = { start: 0, along: 1, travel: 2 } as const;

/**
 * What the matcher found for one frame, per learner joint, for the UI to show which finger or arm
 * is off. Errors are signed (learner minus reference, degrees): positive means the learner's joint
 * is straighter than the reference's. Filled in place; allocate once with createMatchReport.
 */
export interface MatchReport {
  matched: boolean;
  /** The frame was compared with left and right swapped (SPEC 5: as seen or mirrored). */
  mirrored: boolean;
  partStatus: Uint8Array;
  /** Every joint's signed error, all parts in one array in the AngleFrame's angle layout
   * (ANGLE_FRAME_LAYOUT: pose, left hand, right hand); the per-part arrays below are views into it. */
  errors: Float32Array;
  /** 1 where that joint is beyond its tolerance, same layout; the per-part *Off arrays are views. */
  off: Uint8Array;
  poseError: Float32Array;
  leftHandError: Float32Array;
  rightHandError: Float32Array;
  /** 1 where that joint is beyond its tolerance. */
  poseOff: Uint8Array;
  leftHandOff: Uint8Array;
  rightHandOff: Uint8Array;
  /** Number of joints beyond tolerance over all parts, and their summed excess in degrees. */
  offCount: number;
  offExcess: number;
  /** The handshape judge's explanation (beyond the SPEC rule; the other modes leave it at -1):
   * the descriptor (handshape/hand_descriptors.ts, by index) furthest from the sign, whether the
   * learner's value lies above the sign's, and the hand (0 left, 1 right). */
  cue: number;
  cueAbove: boolean;
  cueSide: number;
  /** The hands shown are nowhere near the sign (or none is shown): ask for the sign itself rather
   * than for one correction. */
  askForSign: boolean;
  /** The judge of moving signs' explanation (the other judges leave it at -1): the movement
   * feature (movement/movement_features.ts, by index) to correct or to move along, its kind
   * (MovementCueKind), and whether the learner's value lies above the sign's (for a correction)
   * or the sign moves towards higher values (for a move). The hand is `cueSide`. */
  movementCue: number;
  movementCueKind: number;
  movementCueAbove: boolean;
}

export function createMatchReport(): MatchReport {
  const { pose, leftHand, rightHand, angleCount } = ANGLE_FRAME_LAYOUT;
  const errors = new Float32Array(angleCount);
  const off = new Uint8Array(angleCount);
  return {
    matched: false,
    mirrored: false,
    partStatus: new Uint8Array(PART_COUNT),
    errors,
    off,
    poseError: errors.subarray(pose, pose + POSE_ANGLE_COUNT),
    leftHandError: errors.subarray(leftHand, leftHand + HAND_ANGLE_COUNT),
    rightHandError: errors.subarray(rightHand, rightHand + HAND_ANGLE_COUNT),
    poseOff: off.subarray(pose, pose + POSE_ANGLE_COUNT),
    leftHandOff: off.subarray(leftHand, leftHand + HAND_ANGLE_COUNT),
    rightHandOff: off.subarray(rightHand, rightHand + HAND_ANGLE_COUNT),
    offCount: 0,
    offExcess: 0,
    cue: -1,
    cueAbove: false,
    cueSide: 1,
    askForSign: false,
    movementCue: -1,
    movementCueKind: 0,
    movementCueAbove: false,
  };
}

export function copyMatchReport(from: MatchReport, to: MatchReport): void {
  to.matched = from.matched;
  to.mirrored = from.mirrored;
  to.partStatus.set(from.partStatus);
  to.errors.set(from.errors);
  to.off.set(from.off);
  to.offCount = from.offCount;
  to.offExcess = from.offExcess;
  to.cue = from.cue;
  to.cueAbove = from.cueAbove;
  to.cueSide = from.cueSide;
  to.askForSign = from.askForSign;
  to.movementCue = from.movementCue;
  to.movementCueKind = from.movementCueKind;
  to.movementCueAbove = from.movementCueAbove;
}
