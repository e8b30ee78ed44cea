import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part, PosePoint } from '../core/landmark_layout.ts';

/**
 * A hand by the signer's own side: 0 left, 1 right, as the judge counts them (AngleFrame's hand
 * shapes, MatchReport.cueSide). The tracker's one meaning of "side"; `handPart` turns it into the
 * Part index where a LandmarkFrame's `present` needs one.
 * ref: none
 */
export type HandSide = 0 | 1;
export const HandSide = { left: 0, right: 1 } as const;
/** Both sides, left first (the order hands run in, and share a batch in). */
export const HAND_SIDES: readonly HandSide[] = [HandSide.left, HandSide.right];

/** The Part index of a side's hand (LandmarkFrame.present). */
export function handPart(side: HandSide): typeof Part.leftHand | typeof Part.rightHand {
  return side === HandSide.left ? Part.leftHand : Part.rightHand;
}

/** The side's hand landmarks in a frame. */
export function handLandmarks(frame: LandmarkFrame, side: HandSide): Float32Array {
  return side === HandSide.left ? frame.leftHand : frame.rightHand;
}

export function isHandPresent(frame: LandmarkFrame, side: HandSide): boolean {
  return frame.present[handPart(side)] === 1;
}

export function anyHandPresent(frame: LandmarkFrame): boolean {
  return frame.present[Part.leftHand] === 1 || frame.present[Part.rightHand] === 1;
}

export function otherSide(side: HandSide): HandSide {
  return side === HandSide.left ? HandSide.right : HandSide.left;
}

/** The pose keypoints a side's hand rect is taken from (hand_rect_from_pose.ts). */
export const POSE_HAND_POINTS = [
  { wrist: PosePoint.leftWrist, index: PosePoint.leftIndex, pinky: PosePoint.leftPinky },
  { wrist: PosePoint.rightWrist, index: PosePoint.rightIndex, pinky: PosePoint.rightPinky },
] as const;
