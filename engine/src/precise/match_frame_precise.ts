import type { AngleFrame } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT } from '../core/constants.ts';
import { PRECISE_DIRECTION, PRECISE_FEATURE_COUNT, PRECISE_PALM, PRECISE_SHAPE, wrapDegrees } from '../reference/calibrate_precise_tolerances.ts';
import type { CompiledReference, PreciseReference } from '../reference/compiled_reference.ts';
import { compareJointAngles } from './compare_joint_angles.ts';
import { matchFrame, matchFrameWith, type HandComparison } from './match_frame.ts';
import type { MatchReport } from './match_report.ts';
import { SHAPE_FEATURE_COUNT, SHAPE_MIRROR_SIGN } from './precise_features.ts';

const RAD = 180 / Math.PI;

/**
 * Compares a learner hand's orientation and shape features with one reference frame's, each within
 * the reference's calibrated tolerance. Mirrored: the learner's hand is compared as its mirror
 * image (direction x negated, palm facing negated, the palm-frame v coordinates negated).
 * Returns how many features are off and adds their excess to excess[0].
 */
function compareHandFeatures(
  orientation: Float32Array,
  shape: Float32Array | undefined,
  learnerHasShape: boolean,
  precise: PreciseReference,
  refFrame: number,
  refSide: number,
  orientationInReference: boolean,
  mirrored: boolean,
  excess: Float64Array,
): number {
  const base = (refFrame * 2 + refSide) * PRECISE_FEATURE_COUNT;
  const tolBase = refSide * PRECISE_FEATURE_COUNT;
  const ref = precise.features;
  const tol = precise.featureTolerance;
  let off = 0;
  if (orientationInReference) {
    const dirX = mirrored ? -orientation[0]! : orientation[0]!;
    let palm = mirrored ? -orientation[2]! : orientation[2]!;
    if (palm > 1) palm = 1;
    else if (palm < -1) palm = -1;
    const direction = Math.atan2(orientation[1]!, dirX) * RAD;
    const dirExcess = Math.abs(wrapDegrees(direction - ref[base + PRECISE_DIRECTION]!)) - tol[tolBase + PRECISE_DIRECTION]!;
    if (dirExcess > 0) {
      off++;
      excess[0]! += dirExcess;
    }
    const palmExcess = Math.abs(Math.asin(palm) * RAD - ref[base + PRECISE_PALM]!) - tol[tolBase + PRECISE_PALM]!;
    if (palmExcess > 0) {
      off++;
      excess[0]! += palmExcess;
    }
  }
  if (learnerHasShape && shape !== undefined && precise.shapePresent[refFrame * 2 + refSide] === 1) {
    for (let k = 0; k < SHAPE_FEATURE_COUNT; k++) {
      const value = mirrored ? shape[k]! * SHAPE_MIRROR_SIGN[k]! : shape[k]!;
      const e = Math.abs(value - ref[base + PRECISE_SHAPE + k]!) - tol[tolBase + PRECISE_SHAPE + k]!;
      if (e > 0) {
        off++;
        excess[0]! += e;
      }
    }
  }
  return off;
}

/** Precise mode's hand comparison: per-joint calibrated angle tolerances, then orientation and shape. */
const compareHandPrecisely: HandComparison = (learner, ref, refFrame, side, refSide, mirrored, errorOut, offOut, excessOut) => {
  const precise = ref.precise!;
  const angles = compareJointAngles(
    side === 0 ? learner.leftHand : learner.rightHand, 0,
    refSide === 0 ? ref.leftHand : ref.rightHand, refFrame * HAND_ANGLE_COUNT, HAND_ANGLE_COUNT,
    null, precise.angleTolerance, refSide * HAND_ANGLE_COUNT, 1, errorOut, offOut, excessOut,
  );
  return (
    angles +
    compareHandFeatures(
      side === 0 ? learner.leftHandOrientation : learner.rightHandOrientation,
      side === 0 ? learner.leftHandShape : learner.rightHandShape,
      learner.shapePresent !== undefined && learner.shapePresent[side] === 1,
      precise, refFrame, refSide,
      ref.orientationPresent[refFrame * 2 + refSide] === 1,
      mirrored, excessOut,
    )
  );
};

/**
 * Precise mode (beyond the SPEC; issue 2): does the learner's frame match reference frame
 * `refFrame`, as seen or mirrored? The SPEC's rules for the pose and for missing parts, and for
 * each hand: every one of the 16 angles within its own tolerance, calibrated from the reference's
 * variability (not the SPEC's 75 degrees), the hand's direction and palm facing within theirs,
 * and, where both sides have them, the fingertips' places in the palm, the index/middle crossing
 * and the hand's motion within theirs (match/precise_features.ts). Feature misses count in
 * offCount and mark the hand `off`; the per-joint arrays show the angles only.
 * A reference compiled without precise data falls back to the SPEC rule. Allocates nothing.
 */
export function matchFramePrecise(learner: AngleFrame, ref: CompiledReference, refFrame: number, report: MatchReport): boolean {
  if (ref.precise === undefined) return matchFrame(learner, ref, refFrame, report);
  return matchFrameWith(learner, ref, refFrame, report, compareHandPrecisely);
}
