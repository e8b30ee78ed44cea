import { ANGLE_FRAME_LAYOUT } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT } from '../core/constants.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';

/**
 * Precise mode's data for one reference sign (beyond the angle rule): per-frame hand features and
 * per-hand tolerances calibrated from the reference's frames (calibrate_precise_tolerances.ts),
 * possibly narrowed against the other signs of a set (contrast_precise_tolerances.ts).
 */
export interface PreciseReference {
  /** frameCount x 2 (left, right) x PRECISE_FEATURE_COUNT: direction, palm, shape and motion. */
  features: Float32Array;
  /** frameCount x 2: 1 when that hand's shape features were recorded (the record's `shape`). */
  shapePresent: Uint8Array;
  /** 2 (left, right) x 16: per-joint angle tolerances, degrees. */
  angleTolerance: Float32Array;
  /** 2 (left, right) x PRECISE_FEATURE_COUNT: per-feature tolerances. */
  featureTolerance: Float32Array;
  /** frameCount x 36 in the layout of CompiledReference.joints: the pose's angle rule tolerance and each
   * hand's angleTolerance, so precise mode runs the angle rule's one-pass comparison. */
  jointTolerance: Float32Array;
}

/**
 * The per-frame joint tolerances of precise mode: a copy of the reference's angle rule tolerances
 * (the pose's 30 degrees stays), with every hand's 16 angles given `angleTolerance` of its side.
 */
export function preciseJointTolerance(reference: CompiledReference, angleTolerance: Float32Array): Float32Array {
  const tolerance = reference.jointTolerance.slice();
  const { angleCount, leftHand, rightHand } = ANGLE_FRAME_LAYOUT;
  for (let frame = 0; frame < reference.frameCount; frame++) {
    tolerance.set(angleTolerance.subarray(0, HAND_ANGLE_COUNT), frame * angleCount + leftHand);
    tolerance.set(angleTolerance.subarray(HAND_ANGLE_COUNT, 2 * HAND_ANGLE_COUNT), frame * angleCount + rightHand);
  }
  return tolerance;
}
