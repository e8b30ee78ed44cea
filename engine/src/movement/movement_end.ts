import { poseDistance } from './compiled_movement.ts';
import { MOVEMENT_FEATURE_COUNT } from './movement_features.ts';

/** The hand stays within this many scales (root mean square over the features, as a frame's cost)
 * of one pose ... */
export const END_STILL_SCALES = 0.3;
/** ... for this long: the learner's movement has ended. */
export const END_STILL_MS = 200;
/** Or the signing hand is unseen this long (lowered out of the picture after the sign). */
export const END_LOST_MS = 300;
/** Or this long has passed since the course was matched (a hand that never rests: a learner
 * repeating the sign, a tracker that jitters). */
export const END_LATEST_MS = 2000;

/**
 * A matched sign waiting for the learner's movement to end (movement_judge.ts): the hand that
 * matched it (`side`, -1 while nothing is matched), when it matched, and the pose the hand has
 * rested near since `restMs` (or was last seen before `lostMs`).
 */
export interface MovementEnd {
  side: number;
  matchedMs: number;
  rest: Float32Array;
  restMs: number;
  lostMs: number;
}

export function createMovementEnd(): MovementEnd {
  return { side: -1, matchedMs: 0, rest: new Float32Array(MOVEMENT_FEATURE_COUNT), restMs: 0, lostMs: NaN };
}

/** The sign matched on `side` at `nowMs`, its hand at `features`: the wait for the end begins. */
export function startMovementEnd(end: MovementEnd, side: number, features: Float32Array, nowMs: number): void {
  end.side = side;
  end.matchedMs = nowMs;
  end.rest.set(features);
  end.restMs = nowMs;
  end.lostMs = NaN;
}

/**
 * One frame of the matched hand after the match (`features`, or null when it is not seen, at
 * `nowMs`): whether the learner's movement has now ended. The hand resting near one pose for
 * END_STILL_MS ends it (a pose further than END_STILL_SCALES from the one it rested near starts the
 * rest again), as does the hand unseen for END_LOST_MS, or END_LATEST_MS since the match. So a sign
 * completes when the learner has made the whole movement, not on the first frame whose alignment
 * reaches the reference's end within the tolerances people differ by (which came, on the PopSign
 * signers, a quarter of the way through the performance: docs/engineer/moving-signs.md). Allocates
 * nothing.
 *
 * ref: none (MediaPipe has no temporal matcher)
 */
export function movementEnded(end: MovementEnd, features: Float32Array | null, nowMs: number, scales: Float32Array): boolean {
  if (nowMs - end.matchedMs >= END_LATEST_MS) return true;
  if (features === null) {
    if (Number.isNaN(end.lostMs)) end.lostMs = nowMs;
    return nowMs - end.lostMs >= END_LOST_MS;
  }
  end.lostMs = NaN;
  if (poseDistance(features, end.rest, scales) > END_STILL_SCALES) {
    end.rest.set(features);
    end.restMs = nowMs;
    return false;
  }
  return nowMs - end.restMs >= END_STILL_MS;
}
