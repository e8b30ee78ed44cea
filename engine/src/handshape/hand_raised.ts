import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part, PosePoint, POINT_STRIDE, SCORE, X, Y } from '../core/landmark_layout.ts';

/**
 * Signing space: the manual alphabet is made with the hand raised in front of the shoulder, the
 * forearm up. A forearm that points more than this far from straight up (less than 30 degrees
 * above the horizontal: a hand hanging at rest, held out sideways, low on a desk) does not hold a
 * hand that is making a letter.
 */
export const RAISED_MAX_DEGREES = 60;
/** Elbow and wrist must both be seen this surely (the pose's visibility) for a verdict: a close
 * webcam often cuts the elbow off, and a guessed elbow says nothing about the forearm. */
export const RAISED_MIN_SCORE = 0.5;

/** Whether a hand is raised into signing space. */
export const HandRaised = { unknown: -1, no: 0, yes: 1 } as const;
export type HandRaised = (typeof HandRaised)[keyof typeof HandRaised];

/**
 * Whether the hand on `side` (0 left, 1 right) is raised into signing space, from the pose's
 * elbow and wrist of that side in an image of `pixelWidth` x `pixelHeight` (square pixels):
 * unknown when the pose is missing or does not see both points surely (the alphabet recordings
 * have no pose at all). The judge reads it only to word a refusal: a hand not raised is asked for
 * the sign, not corrected (match_handshape.ts); it never refuses a handshape that is right.
 *
 * ref: none in MediaPipe; the forearm from BlazePose's elbow and wrist (pose_landmark 13-16).
 */
export function handRaised(landmarks: LandmarkFrame, side: number, pixelWidth: number, pixelHeight: number): HandRaised {
  if (landmarks.present[Part.pose] !== 1) return HandRaised.unknown;
  const pose = landmarks.pose;
  const elbow = (side === 0 ? PosePoint.leftElbow : PosePoint.rightElbow) * POINT_STRIDE;
  const wrist = (side === 0 ? PosePoint.leftWrist : PosePoint.rightWrist) * POINT_STRIDE;
  if (!(pose[elbow + SCORE]! >= RAISED_MIN_SCORE && pose[wrist + SCORE]! >= RAISED_MIN_SCORE)) return HandRaised.unknown;
  const dx = (pose[wrist + X]! - pose[elbow + X]!) * pixelWidth;
  const up = (pose[elbow + Y]! - pose[wrist + Y]!) * pixelHeight; // image y grows downwards
  if (dx === 0 && up === 0) return HandRaised.unknown;
  // The forearm's angle from straight up, 0..180 degrees.
  const fromUp = (Math.atan2(Math.abs(dx), up) * 180) / Math.PI;
  return fromUp <= RAISED_MAX_DEGREES ? HandRaised.yes : HandRaised.no;
}
