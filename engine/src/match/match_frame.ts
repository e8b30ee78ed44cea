import type { AngleFrame } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT, POSE_ANGLE_COUNT, POSE_TOLERANCE_DEG } from '../core/constants.ts';
import { PART_COUNT, Part } from '../core/landmark_layout.ts';
import { POSE_ANGLE_MIRROR } from '../angles/pose_angle_definitions.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import { compareJointAngles } from './compare_joint_angles.ts';
import { copyMatchReport, createMatchReport, PartStatus, type MatchReport } from './match_report.ts';

const poseTolerance = new Float32Array([POSE_TOLERANCE_DEG]);
const excess = new Float64Array(1);
const mirroredReport = createMatchReport();

/**
 * Compares one learner hand (`side`: 0 left, 1 right) with one reference hand (`refSide`) of
 * reference frame `refFrame`. Writes per-joint signed errors and off flags, adds the excess over
 * tolerance to excessOut[0], and returns how many joints (or other features) are off. The SPEC
 * rule and the precise mode differ only here.
 */
export type HandComparison = (
  learner: AngleFrame,
  ref: CompiledReference,
  refFrame: number,
  side: number,
  refSide: number,
  mirrored: boolean,
  errorOut: Float32Array,
  offOut: Uint8Array,
  excessOut: Float64Array,
) => number;

/** SPEC 5: all 16 angles within max(75, the reference's degreesOfFreedom). */
const compareHandBySpec: HandComparison = (learner, ref, refFrame, side, refSide, _mirrored, errorOut, offOut, excessOut) =>
  compareJointAngles(
    side === 0 ? learner.leftHand : learner.rightHand, 0,
    refSide === 0 ? ref.leftHand : ref.rightHand, refFrame * HAND_ANGLE_COUNT, HAND_ANGLE_COUNT,
    null, ref.handTolerance, refFrame * 2 + refSide, 0, errorOut, offOut, excessOut,
  );

/**
 * Fills `report` for one orientation: as seen (learner left with reference left) or mirrored
 * (learner left with reference right, and the pose's left and right angles swapped).
 */
function compareOrientation(
  learner: AngleFrame,
  ref: CompiledReference,
  refFrame: number,
  mirrored: boolean,
  report: MatchReport,
  compareHand: HandComparison,
): void {
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
      const off = compareHand(learner, ref, refFrame, side, refSide, mirrored, side === 0 ? report.leftHandError : report.rightHandError, offOut, excess);
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

/** The closer of two failed comparisons: fewer missing parts, then fewer joints off, then less excess. */
function isCloser(a: MatchReport, b: MatchReport): boolean {
  const missingA = missingParts(a);
  const missingB = missingParts(b);
  if (missingA !== missingB) return missingA < missingB;
  if (a.offCount !== b.offCount) return a.offCount < b.offCount;
  return a.offExcess < b.offExcess;
}

/**
 * Matches as seen, then mirrored (SPEC 5), comparing hands with `compareHand`. `report` receives
 * the matching orientation, or else the closer one. Allocates nothing.
 */
export function matchFrameWith(learner: AngleFrame, ref: CompiledReference, refFrame: number, report: MatchReport, compareHand: HandComparison): boolean {
  compareOrientation(learner, ref, refFrame, false, report, compareHand);
  if (report.matched) return true;
  compareOrientation(learner, ref, refFrame, true, mirroredReport, compareHand);
  if (mirroredReport.matched || isCloser(mirroredReport, report)) copyMatchReport(mirroredReport, report);
  return report.matched;
}

/**
 * Does the learner's frame match reference frame `refFrame`, as seen or mirrored (SPEC 5)?
 * Pose: every angle within 30 degrees, and the learner's pose present. Hands: all 16 angles within
 * max(75, the reference's degreesOfFreedom). A part the reference lacks matches; a part the
 * learner lacks where the reference has it does not. `report` receives the matching orientation,
 * or else the closer one, with every joint's error. Allocates nothing.
 *
 * ref: SPEC 5 (pose match, hand match, missing parts) and SPEC 4 (as seen or mirrored).
 */
export function matchFrame(learner: AngleFrame, ref: CompiledReference, refFrame: number, report: MatchReport): boolean {
  return matchFrameWith(learner, ref, refFrame, report, compareHandBySpec);
}
