import { poseDistance, project, type CompiledMovement } from './compiled_movement.ts';
import { MOVEMENT_FEATURE_COUNT } from './movement_features.ts';
import { resetMovementState, type MovementState } from './movement_state.ts';

/** A feature's error counts at most this many scales in a frame's cost: one wild feature (a
 * tracker's mistake) does not outweigh the others. */
export const MOVEMENT_ERROR_CAP = 3;
/** One pose (a learner frame, or one filled in between two) may pass this many key poses at most,
 * each it reaches within MOVEMENT_FRAME_LIMIT; a learner faster than the reference gets filled-in
 * poses between frames (MAX_FILLED_POSES), so this does not cap the learner's speed. */
export const MAX_KEY_STEP = 4;
/** A frame further than this (its root mean square error, in scales) from a key pose cannot be
 * where the learner reaches it: a hand held at the start pose cannot reach the end of the sign on
 * the strength of the good frames before it (the alignment's mean would hide it). It may still
 * dwell there (a frame the tracker got wrong while the learner moves on), counting this much. */
export const MOVEMENT_FRAME_LIMIT = 1.8;
/** At most this many poses are filled in between two frames: it bounds a frame's cost (one
 * alignment step per pose), and a frame in which the hand crossed the whole course at once (a
 * tracker's jump) counts as no more than this many poses of it. */
export const MAX_FILLED_POSES = 8;
/** How the alignment is followed (the bench's tuning tries other values). Passed as an object:
 * a double passed as an argument is boxed (allocated) on every call that is not inlined. */
export interface FollowSettings {
  maxStep: number;
  errorCap: number;
  frameLimit: number;
  maxFilled: number;
}
export const FOLLOW_SETTINGS: Readonly<FollowSettings> = { maxStep: MAX_KEY_STEP, errorCap: MOVEMENT_ERROR_CAP, frameLimit: MOVEMENT_FRAME_LIMIT, maxFilled: MAX_FILLED_POSES };

/** The hand unseen this long: whatever it did is forgotten, the sign starts afresh. */
export const HAND_LOST_RESET_MS = 1000;

const F = MOVEMENT_FEATURE_COUNT;

/**
 * One learner frame of one hand (`features`, movement_features.ts, at `state.frameMs`) -> `state`, the
 * alignments of the learner's poses with the sign's key poses (an online dynamic time warping
 * with an open start, after SPRING, Sakurai et al. 2007): the learner may begin at any frame,
 * dwell on a key pose or pass up to MAX_KEY_STEP of them in one pose, so the course is followed
 * at the learner's own speed. Each key pose keeps the alignment ending there with the lowest mean
 * pose cost, a pose's cost being the root mean square of its features' errors in scales (each
 * capped at MOVEMENT_ERROR_CAP); a pose reaches a key pose only within MOVEMENT_FRAME_LIMIT of it.
 * Each feature's squared errors and how far the alignment went along the direction of travel are
 * carried along for the verdict (movement_verdict.ts).
 *
 * A learner faster than the reference: when the hand moved further since the previous frame than
 * the reference's hand goes in that time (movement.pacePerMs), the poses in between are filled in,
 * evenly on the straight line between the two frames, as many as the reference's pace would have
 * shown (at most MAX_FILLED_POSES), and followed as frames before this one: the learner is judged
 * as at the reference's pace. Without them a fast learner's movement would be judged on a few
 * frames, its start and end poses (and the end held) outweighing the movement in the mean, and a
 * course seen in two frames could not be passed at all (five key-pose steps, MAX_KEY_STEP a pose);
 * the same holds for a camera or tracker giving few frames a second. A filled-in pose is the
 * straight way between two seen ones: the alignment may pass through it, but starts only at a pose
 * the learner was seen in. Allocates nothing.
 *
 * ref: none (the SPRING recursion; MediaPipe has no temporal matcher)
 */
export function followMovement(state: MovementState, movement: CompiledMovement, features: Float32Array, settings: Readonly<FollowSettings> = FOLLOW_SETTINGS): void {
  const nowMs = state.frameMs;
  if (!Number.isNaN(state.lastSeenMs) && (nowMs - state.lastSeenMs > HAND_LOST_RESET_MS || nowMs < state.lastSeenMs)) resetMovementState(state);
  if (!Number.isNaN(state.lastSeenMs)) {
    const previous = state.latest;
    // How far the reference's hand goes in the time since the previous frame.
    const referenceWay = movement.pacePerMs * (nowMs - state.lastSeenMs);
    const filled = referenceWay > 0 ? Math.min(settings.maxFilled, Math.ceil(poseDistance(features, previous, movement.scales) / referenceWay) - 1) : 0;
    const between = state.between;
    for (let j = 1; j <= filled; j++) {
      const share = j / (filled + 1);
      for (let f = 0; f < F; f++) between[f] = previous[f]! + share * (features[f]! - previous[f]!);
      followPose(state, movement, between, settings, false);
    }
  }
  followPose(state, movement, features, settings, true);
  state.lastSeenMs = nowMs;
  state.latest.set(features);
}

/** One pose, seen (`seen`: a learner frame) or filled in, through the alignments (above). */
function followPose(state: MovementState, movement: CompiledMovement, features: Float32Array, settings: Readonly<FollowSettings>, seen: boolean): void {
  const nowMs = state.frameMs;
  const { maxStep, errorCap, frameLimit } = settings;
  const keys = movement.keyCount;
  const { keys: reference, scales } = movement;
  const frameCost = state.frameCost;
  const frameSquares = state.frameSquares;
  const reachable = state.frameReaches;
  for (let k = 0; k < keys; k++) {
    let sum = 0;
    for (let f = 0; f < F; f++) {
      let error = Math.abs(features[f]! - reference[k * F + f]!) / scales[f]!;
      if (error > errorCap) error = errorCap;
      const square = error * error;
      frameSquares[k * F + f] = square;
      sum += square;
    }
    frameCost[k] = Math.sqrt(sum / F);
    reachable[k] = frameCost[k]! <= frameLimit ? 1 : 0;
  }
  const along = project(features, 0, scales, movement.direction);

  const { cost, frames, squares, low, high, startMs } = state.current;
  const next = state.spare;
  for (let k = 0; k < keys; k++) {
    const c = frameCost[k]!;
    const reaches = reachable[k] === 1;
    // The candidates: a fresh start (key pose 0 only, at a pose the learner was seen in), or an
    // alignment ending at k - step before (reaching k, a step of 1 or more, only with a pose
    // within the frame limit of it).
    let best = -1;
    let bestMean = Infinity;
    if (k === 0 && reaches && seen) bestMean = c;
    for (let step = 0; step <= maxStep && step <= k; step++) {
      if (step > 0 && !reaches) break;
      const from = k - step;
      if (!(cost[from]! < Infinity)) continue;
      const mean = (cost[from]! + (reaches ? c : frameLimit)) / (frames[from]! + 1);
      if (mean < bestMean) {
        bestMean = mean;
        best = from;
      }
    }
    if (bestMean === Infinity) {
      next.cost[k] = Infinity;
      next.frames[k] = 0;
      continue;
    }
    if (best < 0) {
      next.cost[k] = c;
      next.frames[k] = 1;
      next.low[k] = along;
      next.high[k] = along;
      next.startMs[k] = nowMs;
      for (let f = 0; f < F; f++) next.squares[k * F + f] = frameSquares[k * F + f]!;
    } else {
      next.cost[k] = cost[best]! + (reaches ? c : frameLimit);
      next.frames[k] = frames[best]! + 1;
      next.low[k] = Math.min(low[best]!, along);
      next.high[k] = Math.max(high[best]!, along);
      next.startMs[k] = startMs[best]!;
      for (let f = 0; f < F; f++) next.squares[k * F + f] = squares[best * F + f]! + frameSquares[k * F + f]!;
    }
  }
  state.spare = state.current;
  state.current = next;
}
