import type { MovementModel } from '../reference/reference_sign_schema.ts';
import { MOVEMENT_FEATURE_COUNT, MOVEMENT_FEATURE_NAMES, MOVEMENT_FEATURES } from './movement_features.ts';

/** The most key poses a movement may have (the judge's state is sized for it). */
export const MAX_MOVEMENT_KEYS = 64;

/**
 * A sign's movement laid out for the judge (compileMovement): the key poses' features in one flat
 * array, each feature's scale, the movement's direction of travel: the unit vector, in scaled
 * place features (MOVEMENT_FEATURES' `place`), from the first key pose to the last, and the
 * movement's extent along it (the key poses' spread along that direction, in scales); and the
 * reference's pace (how far its hand goes along the key poses in a millisecond).
 */
export interface CompiledMovement {
  signName: string;
  keyCount: number;
  /** keyCount x MOVEMENT_FEATURE_COUNT. */
  keys: Float32Array;
  scales: Float32Array;
  /** MOVEMENT_FEATURE_COUNT: the direction of travel (0 for features that are not places). */
  direction: Float32Array;
  extent: number;
  /** The reference's duration, seconds, and the hand its signer used. */
  seconds: number;
  /** The reference's pace: its course's length (from key pose to key pose, each step the root mean
   * square of the features' changes in scales, as a frame's cost is measured) per millisecond of
   * its duration. Infinity for a reference without a duration. */
  pacePerMs: number;
  hand: 'left' | 'right';
}

/** A model written for other features (an older builder) cannot be judged: null. `scales`: each
 * feature's (MOVEMENT_FEATURES'; the bench's tuning tries others). */
export function compileMovement(signName: string, model: MovementModel, featureScales: readonly number[] = MOVEMENT_FEATURES.map((f) => f.scale)): CompiledMovement | null {
  if (model.features.length !== MOVEMENT_FEATURE_COUNT || model.features.some((name, f) => name !== MOVEMENT_FEATURE_NAMES[f])) return null;
  const keyCount = Math.min(model.keys.length, MAX_MOVEMENT_KEYS);
  const keys = new Float32Array(keyCount * MOVEMENT_FEATURE_COUNT);
  model.keys.slice(0, keyCount).forEach((key, k) => keys.set(key, k * MOVEMENT_FEATURE_COUNT));
  const scales = Float32Array.from(featureScales);
  const direction = new Float32Array(MOVEMENT_FEATURE_COUNT);
  const last = (keyCount - 1) * MOVEMENT_FEATURE_COUNT;
  let length = 0;
  for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) {
    if (!MOVEMENT_FEATURES[f]!.place) continue;
    direction[f] = (keys[last + f]! - keys[f]!) / scales[f]!;
    length += direction[f]! * direction[f]!;
  }
  length = Math.sqrt(length);
  let low = Infinity;
  let high = -Infinity;
  if (length > 0) {
    for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) direction[f] = direction[f]! / length;
    for (let k = 0; k < keyCount; k++) {
      const along = project(keys, k * MOVEMENT_FEATURE_COUNT, scales, direction);
      low = Math.min(low, along);
      high = Math.max(high, along);
    }
  }
  let course = 0;
  for (let k = 1; k < keyCount; k++) {
    let sum = 0;
    for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) {
      const change = (keys[k * MOVEMENT_FEATURE_COUNT + f]! - keys[(k - 1) * MOVEMENT_FEATURE_COUNT + f]!) / scales[f]!;
      sum += change * change;
    }
    course += Math.sqrt(sum / MOVEMENT_FEATURE_COUNT);
  }
  const pacePerMs = model.seconds > 0 ? course / (model.seconds * 1000) : Infinity;
  return { signName, keyCount, keys, scales, direction, extent: length > 0 ? high - low : 0, seconds: model.seconds, pacePerMs, hand: model.hand };
}

/** Features at `offset` of `values`, projected on the direction of travel (in scales). */
export function project(values: Float32Array, offset: number, scales: Float32Array, direction: Float32Array): number {
  let along = 0;
  for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) along += (values[offset + f]! / scales[f]!) * direction[f]!;
  return along;
}

/** How far apart two poses' movement features are: the root mean square of their differences, each
 * in its feature's scale (as a frame's cost against a key pose is measured). */
export function poseDistance(a: Float32Array, b: Float32Array, scales: Float32Array): number {
  let sum = 0;
  for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) {
    const change = (a[f]! - b[f]!) / scales[f]!;
    sum += change * change;
  }
  return Math.sqrt(sum / MOVEMENT_FEATURE_COUNT);
}
