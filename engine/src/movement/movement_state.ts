import { MAX_MOVEMENT_KEYS } from './compiled_movement.ts';
import { MOVEMENT_FEATURE_COUNT } from './movement_features.ts';

/**
 * For each key pose k of a sign's movement, the best alignment of a learner's frames so far that
 * passes through the key poses 0..k in order and ends at k with the latest frame (the best by its
 * mean frame cost), summed up: its cost, its frames, each feature's squared error, how far along
 * the direction of travel the hand went (its lowest and highest place), and when it began.
 */
export interface MovementAlignments {
  cost: Float64Array;
  frames: Float64Array;
  /** keys x MOVEMENT_FEATURE_COUNT. */
  squares: Float64Array;
  low: Float64Array;
  high: Float64Array;
  startMs: Float64Array;
}

/**
 * One hand's progress along a sign's movement (follow_movement.ts): the alignments after the
 * latest frame (`current`), and a second set the next frame is written into before the two swap,
 * so a frame allocates nothing.
 */
export interface MovementState {
  current: MovementAlignments;
  spare: MovementAlignments;
  /** The time of the frame being followed (set before followMovement: a field, not an argument,
   * so that the hot path boxes no double), and when the hand was last seen (NaN: never since the
   * last reset). */
  frameMs: number;
  lastSeenMs: number;
  /** The latest pose's cost against each key pose, and its squared scaled errors (keys x features):
   * after followMovement, the latest frame's. */
  frameCost: Float64Array;
  frameSquares: Float64Array;
  /** 1 where the latest pose is near enough a key pose to reach it (follow_movement.ts). */
  frameReaches: Uint8Array;
  /** The latest frame's features (MOVEMENT_FEATURE_COUNT). */
  latest: Float32Array;
  /** A pose filled in between two frames (follow_movement.ts; MOVEMENT_FEATURE_COUNT). */
  between: Float32Array;
}

function alignments(keys: number): MovementAlignments {
  return {
    cost: new Float64Array(keys),
    frames: new Float64Array(keys),
    squares: new Float64Array(keys * MOVEMENT_FEATURE_COUNT),
    low: new Float64Array(keys),
    high: new Float64Array(keys),
    startMs: new Float64Array(keys),
  };
}

export function createMovementState(keys = MAX_MOVEMENT_KEYS): MovementState {
  const state: MovementState = {
    current: alignments(keys),
    spare: alignments(keys),
    frameMs: 0,
    lastSeenMs: NaN,
    frameCost: new Float64Array(keys),
    frameSquares: new Float64Array(keys * MOVEMENT_FEATURE_COUNT),
    frameReaches: new Uint8Array(keys),
    latest: new Float32Array(MOVEMENT_FEATURE_COUNT),
    between: new Float32Array(MOVEMENT_FEATURE_COUNT),
  };
  resetMovementState(state);
  return state;
}

/** Forgets every alignment: the learner starts the sign afresh. */
export function resetMovementState(state: MovementState): void {
  state.current.cost.fill(Infinity);
  state.current.frames.fill(0);
  state.lastSeenMs = NaN;
}
