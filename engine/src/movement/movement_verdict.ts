import type { CompiledMovement } from './compiled_movement.ts';
import { MOVEMENT_FEATURE_COUNT } from './movement_features.ts';
import type { MovementAlignments, MovementState } from './movement_state.ts';

/**
 * An alignment with the sign's key poses is the sign when its frames' mean cost (root mean square
 * of the features' errors, in scales) is at most `mean` (MOVEMENT_LIMITS) and no single feature's error
 * over the alignment exceeds `feature` (an average hides one feature a whole category
 * away: the palm turned the other way, the hand at the chin instead of the forehead), as the
 * handshape judge limits its mean and each descriptor. And the hand must have travelled along the
 * sign's direction of travel, at least `extentShare` of the reference's extent and `extentFloor`
 * scales (a hand held still at any point of the course, in the right shape, travels nothing). Chosen on the PopSign
 * signers, cross-validated by signer (bench/moving-signs.md).
 */
export interface MovementLimits {
  mean: number;
  feature: number;
  extentShare: number;
  extentFloor: number;
}
export const MOVEMENT_LIMITS: Readonly<MovementLimits> = { mean: 1.3, feature: 2.5, extentShare: 0.1, extentFloor: 0.5 };

const F = MOVEMENT_FEATURE_COUNT;

/** Whether the alignment ending at key pose `key` is within the limits (its travel aside). */
export function alignmentWithinLimits(alignments: MovementAlignments, key: number, limits: Readonly<MovementLimits> = MOVEMENT_LIMITS): boolean {
  const frames = alignments.frames[key]!;
  if (!(frames > 0 && alignments.cost[key]! < Infinity)) return false;
  if (alignments.cost[key]! / frames > limits.mean) return false;
  const limit = limits.feature * limits.feature * frames;
  for (let f = 0; f < F; f++) if (alignments.squares[key * F + f]! > limit) return false;
  return true;
}

/** Whether the alignment ending at `key` went far enough along the sign's direction of travel:
 * the spread of the hand's places along it (a hand held still travels nothing). */
export function alignmentTravelled(state: MovementState, key: number, movement: CompiledMovement, limits: Readonly<MovementLimits> = MOVEMENT_LIMITS): boolean {
  return state.current.high[key]! - state.current.low[key]! >= Math.max(limits.extentShare * movement.extent, limits.extentFloor);
}

/**
 * How many of the sign's key poses the learner's latest alignment has reached: the most key poses
 * of an alignment within the limits ending at the latest frame, and all of them (keyCount) only
 * when the alignment through the last one has also travelled: the sign is complete. An alignment
 * through every key pose that has not travelled counts one key pose short.
 *
 * ref: none in MediaPipe (the handshape judge's mean-and-each-descriptor limits, match_handshape.ts).
 */
export function keysReached(state: MovementState, movement: CompiledMovement, limits: Readonly<MovementLimits> = MOVEMENT_LIMITS): number {
  const last = movement.keyCount - 1;
  for (let k = last; k >= 0; k--) {
    if (!alignmentWithinLimits(state.current, k, limits)) continue;
    if (k < last || alignmentTravelled(state, k, movement, limits)) return k + 1;
    return last;
  }
  return 0;
}
