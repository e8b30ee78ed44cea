import { ANGLE_FRAME_LAYOUT, type AngleFrame } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT, POSE_ANGLE_COUNT } from '../core/constants.ts';
import * as layout from '../core/landmark_layout.ts';
import { POSE_ANGLE_MIRROR } from '../angles/pose_angle_definitions.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import type { MatchReport } from './match_report.ts';
import * as matchReport from './match_report.ts';
import { readFoldedFingers } from './read_folded_fingers.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { PART_COUNT, Part } = layout;
const { copyMatchReport, createMatchReport, PartStatus } = matchReport;

const mirroredReport = createMatchReport();

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

const { angleCount } = ANGLE_FRAME_LAYOUT;
// PartStatus's values as numbers of this module: V8 folds these into the compiled code, where
// it reloads a property of the PartStatus object on every write.
const NOT_IN_REFERENCE: number = PartStatus.notInReference;
const OK: number = PartStatus.ok;
const OFF: number = PartStatus.off;
const MISSING: number = PartStatus.missing;
/** Each part's joints in the flat angle layout: [start, end) of pose, left hand, right hand. */
const PART_START = new Int8Array([ANGLE_FRAME_LAYOUT.pose, ANGLE_FRAME_LAYOUT.leftHand, ANGLE_FRAME_LAYOUT.rightHand]);
const PART_END = new Int8Array([ANGLE_FRAME_LAYOUT.pose + POSE_ANGLE_COUNT, ANGLE_FRAME_LAYOUT.leftHand + HAND_ANGLE_COUNT, ANGLE_FRAME_LAYOUT.rightHand + HAND_ANGLE_COUNT]);
/** Mirrored (product.md §5 Validation): the learner's part p is compared with the reference's MIRRORED_PART[p], and
 * its joint j with the reference's MIRRORED_JOINT[j] (left and right arms and hands swapped). */
const MIRRORED_PART = new Int8Array([Part.pose, Part.rightHand, Part.leftHand]);
const MIRRORED_JOINT = Int8Array.from({ length: angleCount }, (_, j) => {
  if (j < PART_END[Part.pose]!) return ANGLE_FRAME_LAYOUT.pose + POSE_ANGLE_MIRROR[j - ANGLE_FRAME_LAYOUT.pose]!;
  if (j < PART_END[Part.leftHand]!) return j - ANGLE_FRAME_LAYOUT.leftHand + ANGLE_FRAME_LAYOUT.rightHand;
  return j - ANGLE_FRAME_LAYOUT.rightHand + ANGLE_FRAME_LAYOUT.leftHand;
});

/**
 * Fills `report` for one orientation (product.md §5 Validation): as seen (learner left with reference left) or
 * mirrored (learner left with reference right, the pose's left and right angles swapped), in one
 * pass over the flat layouts (AngleFrame.values, CompiledReference.joints, MatchReport.errors and
 * off). Joint k of reference frame `refFrame` has tolerance `tolerances[refFrame * 36 + k]`: the
 * angle rule's (CompiledReference.jointTolerance: 30 degrees for the pose, max(75, degreesOfFreedom) for
 * a hand), or another mode's in the same layout. A part the reference lacks matches; a part the
 * learner lacks where the reference has it does not. Runs on every camera frame: its hot path.
 *
 * ref: product.md §5 Validation (pose match, hand match, missing parts) and §4.7 Practice flow (as seen or mirrored).
 */
export function compareOrientation(learner: AngleFrame, ref: CompiledReference, tolerances: Float32Array, refFrame: number, mirrored: boolean, report: MatchReport): void {
  const values = learner.values;
  const joints = ref.joints;
  const errors = report.errors;
  const offFlags = report.off;
  const status = report.partStatus;
  const refBase = refFrame * angleCount;
  let offCount = 0;
  let excessSum = 0;
  let failed = false;
  for (let part = 0; part < PART_COUNT; part++) {
    const refPart = mirrored ? MIRRORED_PART[part]! : part;
    const start = PART_START[part]!;
    const end = PART_END[part]!;
    if (ref.present[refFrame * PART_COUNT + refPart] === 0) {
      status[part] = NOT_IN_REFERENCE;
      offFlags.fill(0, start, end);
    } else if (learner.present[part] === 0) {
      status[part] = MISSING;
      offFlags.fill(0, start, end);
      failed = true;
    } else {
      let partOff = 0;
      for (let j = start; j < end; j++) {
        const k = refBase + (mirrored ? MIRRORED_JOINT[j]! : j);
        const error = values[j]! - joints[k]!;
        const excess = Math.abs(error) - tolerances[k]!;
        // No branch on the outcome: which joints are off varies from frame to frame, and a
        // mispredicted branch per joint costs more than the comparison.
        const isOff = excess > 0 ? 1 : 0;
        errors[j] = error;
        offFlags[j] = isOff;
        partOff += isOff;
        excessSum += excess > 0 ? excess : 0;
      }
      status[part] = partOff === 0 ? OK : OFF;
      offCount += partOff;
      failed ||= partOff > 0;
    }
  }
  report.mirrored = mirrored;
  report.matched = !failed;
  report.offCount = offCount;
  report.offExcess = excessSum;
}

/**
 * After `asSeen` was filled and did not match, and `mirrored` was filled: keeps in `asSeen` the
 * mirrored comparison if it matches or comes closer (fewer missing parts, then fewer joints off,
 * then less excess). Returns whether the kept one matches.
 */
export function chooseOrientation(asSeen: MatchReport, mirrored: MatchReport): boolean {
  if (mirrored.matched || isCloser(mirrored, asSeen)) copyMatchReport(mirrored, asSeen);
  return asSeen.matched;
}

/**
 * Does the learner's frame match reference frame `refFrame`, as seen or mirrored (product.md §4.7 Practice flow, §5 Validation)?
 * Pose: every angle within 30 degrees, and the learner's pose present. Hands: all 16 angles within
 * max(75, the reference's degreesOfFreedom), a folded finger in either of the readings its 2-D
 * angles allow (read_folded_fingers.ts). A part the reference lacks matches; a part the
 * learner lacks where the reference has it does not. `report` receives the matching orientation,
 * or else the closer one, with every joint's error. Allocates nothing.
 *
 * ref: product.md §5 Validation (pose match, hand match, missing parts) and §4.7 Practice flow (as seen or mirrored).
 */
export function matchFrame(learner: AngleFrame, ref: CompiledReference, refFrame: number, report: MatchReport): boolean {
  compareOrientation(learner, ref, ref.jointTolerance, refFrame, false, report);
  if (!report.matched) readFoldedFingers(learner, ref, ref.jointTolerance, refFrame, report);
  if (report.matched) return true;
  compareOrientation(learner, ref, ref.jointTolerance, refFrame, true, mirroredReport);
  if (!mirroredReport.matched) readFoldedFingers(learner, ref, ref.jointTolerance, refFrame, mirroredReport);
  return chooseOrientation(report, mirroredReport);
}
