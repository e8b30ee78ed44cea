// Where a signer makes a sign: how high the signing hand's palm comes in a performance. The stage's
// per-signer table prints it beside each signer's figures, because where people sign is what
// they differ in most (docs/engineer/moving-signs.md, "Per signer"): a reference made at the
// forehead is a course a signer who makes the sign at the chest never comes near.
import { computeMovementFeatures, MOVEMENT_FEATURE_NAMES } from '../../engine/src/movement/movement_features.ts';
import type { Performance } from './performances.ts';

const PALM_DOWN = MOVEMENT_FEATURE_NAMES.indexOf('palmDown');

/**
 * The highest place of the signing hand's palm in a performance: its least `palmDown` (shoulder
 * widths below the nose, in the signer's own body frame; negative above it), the signing hand
 * being the one measured in more frames, as the reference builder picks it (either hand, so a
 * left-handed signer reads as a right-handed one; on a tie the left, where the builder takes the
 * hand that travels further). Null when neither hand is measured.
 */
export function highestPalm(performance: Pick<Performance, 'frames'>): number | null {
  const features = new Float32Array(MOVEMENT_FEATURE_NAMES.length);
  const highest = [Infinity, Infinity];
  const seen = [0, 0];
  for (const frame of performance.frames) {
    for (const side of [0, 1] as const) {
      if (!computeMovementFeatures(frame, side, features)) continue;
      seen[side]!++;
      highest[side] = Math.min(highest[side]!, features[PALM_DOWN]!);
    }
  }
  const side = seen[1]! > seen[0]! ? 1 : 0;
  return seen[side]! > 0 ? highest[side]! : null;
}

/** The median of some performances' highest palms (those with a measured hand: not null), or null. */
export function medianHighestPalm(highest: readonly (number | null)[]): number | null {
  const values = highest.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return values.length === 0 ? null : values[Math.floor(values.length / 2)]!;
}
