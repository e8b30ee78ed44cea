import { HandSide } from './hand_side.ts';
import type { TrackingSchedule } from './tracker_options.ts';

/** What one scheduled video frame runs. `signingSide` -1: no hand is followed, so everything runs. */
export interface FrameParts {
  /** The body (and with it both hands through the body path, and the palm search). */
  pose: boolean;
  /** The hand the judge reads, followed from its own landmarks; -1 when neither hand is. */
  signingSide: HandSide | -1;
  /** The other hand, followed from its own landmarks (when it was found). */
  otherHand: boolean;
}

/**
 * Chooses the parts a video frame runs under a tracking schedule. The signing hand is the right
 * when it is followed, else the left (the references are right hands; the judge reads either, the
 * other from its last run); it runs every frame. Without a hand followed, or when the body's or the other hand's turn has
 * come, that part runs; a frame with no hand followed is a whole frame, so a hand lost is looked
 * for again on the very next frame. `framesSincePose` / `framesSinceOtherHand` count the frames
 * since that part last ran (this frame not counted). Fills `parts` and returns it.
 * ref: none (MediaPipe runs every part on every frame)
 */
export function chooseFrameParts(
  schedule: TrackingSchedule,
  framesSincePose: number,
  framesSinceOtherHand: number,
  leftTracked: boolean,
  rightTracked: boolean,
  parts: FrameParts,
): FrameParts {
  const signingSide: HandSide | -1 = rightTracked ? HandSide.right : leftTracked ? HandSide.left : -1;
  const otherTracked = signingSide === HandSide.right && leftTracked;
  parts.signingSide = signingSide;
  parts.pose = signingSide === -1 || framesSincePose + 1 >= schedule.poseEvery;
  parts.otherHand = !parts.pose && otherTracked && framesSinceOtherHand + 1 >= schedule.otherHandEvery;
  return parts;
}
