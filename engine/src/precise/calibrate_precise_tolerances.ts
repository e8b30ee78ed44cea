import { HAND_ANGLE_COUNT, HAND_ORIENTATION_COUNT } from '../core/constants.ts';
import { SHAPE_FEATURE_COUNT } from '../core/constants.ts';
import { SHAPE_CROSS, SHAPE_INDEX_MIDDLE_SPREAD, SHAPE_MOTION } from './precise_features.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import { preciseJointTolerance, type PreciseReference } from './precise_reference.ts';
import type { ReferenceFrame } from '../reference/reference_sign_schema.ts';

/**
 * Precise mode's per-frame hand features beyond the 16 angles, per hand:
 *   0 direction: the angle of (wrist -> middle MCP) in the image, degrees, -180..180 (y down);
 *   1 palm: asin(palmFacing), degrees, -90..90;
 *   2..14 the SHAPE_FEATURE_COUNT shape and motion features (precise_features.ts).
 */
export const PRECISE_FEATURE_COUNT = 2 + SHAPE_FEATURE_COUNT;
export const PRECISE_DIRECTION = 0;
export const PRECISE_PALM = 1;
export const PRECISE_SHAPE = 2;

/**
 * How precise mode sets its tolerances from a reference's own frames. For every angle and feature
 * of a hand, the tolerance is TOLERANCE_SCALE x half the range between the 5th and 95th percentiles
 * over the reference's frames, kept between a floor (the tracker's noise: a held hand still
 * jitters by this much) and, for motion, a ceiling (so that a sign traced fast, Z, does not accept
 * a hand held still). A learner frame must lie within these tolerances of one reference frame.
 *
 * These few numbers are global, the same for every sign, in the features' own units (degrees;
 * percent of the palm length; motion units of 10 log2; the index/middle spread in 100 x the
 * difference of unit directions). Per-sign values come only from the reference's frames. Chosen
 * on the asl-alphabet recordings (bench/confusion.md). The scale is wide on purpose: with a set
 * of references known (a lesson, the alphabet), contrast_precise_tolerances.ts then narrows the
 * tolerances that take in another sign's frames, so the scale only has to cover the signer's own
 * variation.
 */
export const PRECISE_CALIBRATION = {
  lowQuantile: 0.05,
  highQuantile: 0.95,
  toleranceScale: 4,
  angleFloorDeg: 8,
  directionFloorDeg: 8,
  palmFloorDeg: 8,
  tipFloor: 6,
  crossFloor: 3,
  spreadFloor: 3,
  motionFloor: 5,
  motionCeiling: 10,
} as const;

const RAD = 180 / Math.PI;

/** Wraps an angle difference to -180..180 degrees. */
export function wrapDegrees(d: number): number {
  return d - 360 * Math.round(d / 360);
}

/** The precise features 0 and 1 from an orientation [dirX, dirY, palmFacing]. */
export function orientationFeatures(orientation: ArrayLike<number>, out: Float32Array, offset: number): void {
  out[offset + PRECISE_DIRECTION] = Math.atan2(orientation[1]!, orientation[0]!) * RAD;
  const palm = orientation[2]!;
  out[offset + PRECISE_PALM] = Math.asin(palm > 1 ? 1 : palm < -1 ? -1 : palm) * RAD;
}

function halfRange(values: number[]): number {
  if (values.length < 2) return 0;
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.round(q * (values.length - 1))]!;
  return (at(PRECISE_CALIBRATION.highQuantile) - at(PRECISE_CALIBRATION.lowQuantile)) / 2;
}

function tolerance(halfRangeValue: number, floor: number, ceiling = Infinity): number {
  return Math.min(ceiling, Math.max(floor, PRECISE_CALIBRATION.toleranceScale * halfRangeValue));
}

/** [floor, ceiling] of precise feature `feature`'s tolerance. */
export function featureToleranceBounds(feature: number): [number, number] {
  const c = PRECISE_CALIBRATION;
  if (feature === PRECISE_DIRECTION) return [c.directionFloorDeg, Infinity];
  if (feature === PRECISE_PALM) return [c.palmFloorDeg, Infinity];
  const shape = feature - PRECISE_SHAPE;
  if (shape === SHAPE_CROSS) return [c.crossFloor, Infinity];
  if (shape === SHAPE_INDEX_MIDDLE_SPREAD) return [c.spreadFloor, Infinity];
  if (shape === SHAPE_MOTION) return [c.motionFloor, c.motionCeiling];
  return [c.tipFloor, Infinity];
}

/**
 * A compiled reference's frames -> precise mode's per-frame features and per-hand tolerances,
 * calibrated from every frame of the record (the variability of the reference signer's own
 * performance). Frames without `shape` (records built before precise mode) leave the shape
 * features unchecked; frames without `orientation` leave the direction and palm unchecked.
 * Runs once per sign at compile time; the matcher then allocates nothing.
 */
export function calibratePreciseReference(compiled: CompiledReference, frames: readonly ReferenceFrame[]): PreciseReference {
  const n = compiled.frameCount;
  const features = new Float32Array(n * 2 * PRECISE_FEATURE_COUNT);
  const shapePresent = new Uint8Array(n * 2);
  const angleTolerance = new Float32Array(2 * HAND_ANGLE_COUNT);
  const featureTolerance = new Float32Array(2 * PRECISE_FEATURE_COUNT);

  for (let side = 0; side < 2; side++) {
    const angles = side === 0 ? compiled.leftHand : compiled.rightHand;
    const orientations = side === 0 ? compiled.leftHandOrientation : compiled.rightHandOrientation;
    const handFrames: number[] = [];
    const orientationFrames: number[] = [];
    const shapeFrames: number[] = [];
    for (let i = 0; i < n; i++) {
      const hand = side === 0 ? frames[i]!.left_hand : frames[i]!.right_hand;
      if (!hand) continue;
      handFrames.push(i);
      const base = (i * 2 + side) * PRECISE_FEATURE_COUNT;
      if (compiled.orientationPresent[i * 2 + side] === 1) {
        orientationFeatures(orientations.subarray(i * HAND_ORIENTATION_COUNT, (i + 1) * HAND_ORIENTATION_COUNT), features, base);
        orientationFrames.push(i);
      }
      if (hand.shape) {
        features.set(hand.shape, base + PRECISE_SHAPE);
        shapePresent[i * 2 + side] = 1;
        shapeFrames.push(i);
      }
    }
    for (let j = 0; j < HAND_ANGLE_COUNT; j++) {
      const spread = halfRange(handFrames.map((i) => angles[i * HAND_ANGLE_COUNT + j]!));
      angleTolerance[side * HAND_ANGLE_COUNT + j] = tolerance(spread, PRECISE_CALIBRATION.angleFloorDeg);
    }
    for (let f = 0; f < PRECISE_FEATURE_COUNT; f++) {
      const [floor, ceiling] = featureToleranceBounds(f);
      const source = f < PRECISE_SHAPE ? orientationFrames : shapeFrames;
      let values = source.map((i) => features[(i * 2 + side) * PRECISE_FEATURE_COUNT + f]!);
      if (f === PRECISE_DIRECTION && values.length > 0) {
        // A direction is circular: measure its spread around its circular mean.
        let sx = 0;
        let sy = 0;
        for (const v of values) {
          sx += Math.cos(v / RAD);
          sy += Math.sin(v / RAD);
        }
        const mean = Math.atan2(sy, sx) * RAD;
        values = values.map((v) => wrapDegrees(v - mean));
      }
      featureTolerance[side * PRECISE_FEATURE_COUNT + f] = tolerance(halfRange(values), floor, ceiling);
    }
  }
  return { features, shapePresent, angleTolerance, featureTolerance, jointTolerance: preciseJointTolerance(compiled, angleTolerance) };
}
