import type { AngleFrame } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT, POSE_ANGLE_COUNT, POSE_TOLERANCE_DEG } from '../core/constants.ts';
import { PART_COUNT, Part } from '../core/landmark_layout.ts';
import { POSE_ANGLE_MIRROR } from '../angles/pose_angle_definitions.ts';
import { PRECISE_DIRECTION, PRECISE_FEATURE_COUNT, PRECISE_PALM, PRECISE_SHAPE, wrapDegrees } from '../reference/calibrate_precise_tolerances.ts';
import type { CompiledReference, PreciseReference } from '../reference/compiled_reference.ts';
import { compareJointAngles } from './compare_joint_angles.ts';
import { matchFrame } from './match_frame.ts';
import { copyMatchReport, createMatchReport, PartStatus, type MatchReport } from './match_report.ts';
import { SHAPE_FEATURE_COUNT, SHAPE_MIRROR_SIGN } from './precise_features.ts';

const poseTolerance = new Float32Array([POSE_TOLERANCE_DEG]);
const excess = new Float64Array(1);
const mirroredReport = createMatchReport();
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

function compareOrientation(learner: AngleFrame, ref: CompiledReference, precise: PreciseReference, refFrame: number, mirrored: boolean, report: MatchReport): void {
  const base = refFrame * PART_COUNT;
  let offCount = 0;
  let failed = false;
  excess[0] = 0;

  const status = report.partStatus;
  if (ref.present[base + Part.pose] === 0) {
    status[Part.pose] = PartStatus.notInReference;
    report.poseOff.fill(0);
  } else if (learner.present[Part.pose] === 0) {
    status[Part.pose] = PartStatus.missing;
    report.poseOff.fill(0);
    failed = true;
  } else {
    const off = compareJointAngles(
      learner.pose, 0, ref.pose, refFrame * POSE_ANGLE_COUNT, POSE_ANGLE_COUNT,
      mirrored ? POSE_ANGLE_MIRROR : null, poseTolerance, 0, 0, report.poseError, report.poseOff, excess,
    );
    status[Part.pose] = off === 0 ? PartStatus.ok : PartStatus.off;
    offCount += off;
    failed ||= off > 0;
  }

  for (let side = 0; side < 2; side++) {
    const learnerPart = side === 0 ? Part.leftHand : Part.rightHand;
    const refSide = mirrored ? 1 - side : side;
    const refPart = refSide === 0 ? Part.leftHand : Part.rightHand;
    const offOut = side === 0 ? report.leftHandOff : report.rightHandOff;
    if (ref.present[base + refPart] === 0) {
      status[learnerPart] = PartStatus.notInReference;
      offOut.fill(0);
    } else if (learner.present[learnerPart] === 0) {
      status[learnerPart] = PartStatus.missing;
      offOut.fill(0);
      failed = true;
    } else {
      let off = compareJointAngles(
        side === 0 ? learner.leftHand : learner.rightHand, 0,
        refSide === 0 ? ref.leftHand : ref.rightHand, refFrame * HAND_ANGLE_COUNT, HAND_ANGLE_COUNT,
        null, precise.angleTolerance, refSide * HAND_ANGLE_COUNT, 1,
        side === 0 ? report.leftHandError : report.rightHandError, offOut, excess,
      );
      off += compareHandFeatures(
        side === 0 ? learner.leftHandOrientation : learner.rightHandOrientation,
        side === 0 ? learner.leftHandShape : learner.rightHandShape,
        learner.shapePresent !== undefined && learner.shapePresent[side] === 1,
        precise, refFrame, refSide,
        ref.orientationPresent[refFrame * 2 + refSide] === 1,
        mirrored,
      );
      status[learnerPart] = off === 0 ? PartStatus.ok : PartStatus.off;
      offCount += off;
      failed ||= off > 0;
    }
  }
  report.mirrored = mirrored;
  report.matched = !failed;
  report.offCount = offCount;
  report.offExcess = excess[0]!;
}

function missingParts(report: MatchReport): number {
  let count = 0;
  for (let p = 0; p < PART_COUNT; p++) if (report.partStatus[p] === PartStatus.missing) count++;
  return count;
}

function isCloser(a: MatchReport, b: MatchReport): boolean {
  const missingA = missingParts(a);
  const missingB = missingParts(b);
  if (missingA !== missingB) return missingA < missingB;
  if (a.offCount !== b.offCount) return a.offCount < b.offCount;
  return a.offExcess < b.offExcess;
}

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
  const precise = ref.precise;
  if (precise === undefined) return matchFrame(learner, ref, refFrame, report);
  compareOrientation(learner, ref, precise, refFrame, false, report);
  if (report.matched) return true;
  compareOrientation(learner, ref, precise, refFrame, true, mirroredReport);
  if (mirroredReport.matched || isCloser(mirroredReport, report)) copyMatchReport(mirroredReport, report);
  return report.matched;
}
