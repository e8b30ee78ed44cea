import { FINGER_FIRST_ANGLE } from '../angles/hand_angle_definitions.ts';
import { ANGLE_FRAME_LAYOUT, type AngleFrame } from '../core/angle_frame.ts';
import { FOLDED_PAST_DEG, HAND_ANGLE_COUNT } from '../core/constants.ts';
import { Part } from '../core/landmark_layout.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import { PartStatus, type MatchReport } from './match_report.ts';

// Module-local copies of the imports read per finger (match_frame.ts says why: V8 reloads an
// imported binding at every use). This runs on every comparison that failed.
const { angleCount, leftHand, rightHand } = ANGLE_FRAME_LAYOUT;
const FINGER_FIRST = FINGER_FIRST_ANGLE;
const FOLDED_PAST: number = FOLDED_PAST_DEG;
/**
 * The other readings of a finger's three angles that the image allows, as which of MCP, PIP and
 * DIP become their supplements (bit 0 MCP, bit 1 PIP, bit 2 DIP): the proximal phalanx seen end-on
 * (MCP and PIP), the middle phalanx seen end-on (PIP and DIP), both (MCP and DIP).
 */
const READINGS = new Int8Array([0b011, 0b110, 0b101]);
const OFF: number = PartStatus.off;
const OK: number = PartStatus.ok;
const MISSING: number = PartStatus.missing;

/**
 * A folded finger, read both ways (the angle rule's 2-D angles, product.md §5 Validation). A phalanx that points at
 * the camera projects to a short segment whose direction in the image flips with a small turn of
 * the hand: when it does, the 2-D angles at its two ends become their supplements (180 - a) while
 * the finger's pose is the same. The alphabet's signer shows both readings of the same fist within
 * one recording (Z's folded middle finger reads MCP 20, PIP 165 for seconds, then MCP 150, PIP 25;
 * every MCP + PIP near 180), so a reference frame in one reading refuses a learner in the other at
 * any tolerance.
 *
 * For each of the four fingers of a hand part that `report` has off, when the finger shows a
 * projection's fold (an angle under FOLDED_PAST_DEG, in the learner's frame or the reference's),
 * this accepts the first end-on reading in which its three angles are all within their tolerance,
 * and rewrites that finger's errors (in the reading that matched) and off flags, the report's
 * counts and the part's status, and whether it matched. A finger that no reading brings within
 * tolerance is left as compared. The thumb is not re-read: its first angle is at the wrist, not
 * between phalanges, and re-reading it too changes nothing on the alphabet (bench/acceptance.md).
 * Allocates nothing; runs only on a comparison that failed.
 *
 * ref: none (MediaPipe's graph compares no angles); product.md §5 Validation's hand match on 2-D angles.
 */
export function readFoldedFingers(learner: AngleFrame, ref: CompiledReference, tolerances: Float32Array, refFrame: number, report: MatchReport): void {
  const values = learner.values;
  const joints = ref.joints;
  const refBase = refFrame * angleCount;
  const mirrored = report.mirrored;
  let failed = false;
  for (let part = Part.leftHand; part <= Part.rightHand; part++) {
    if (report.partStatus[part] !== OFF) {
      failed ||= report.partStatus[part] === MISSING;
      continue;
    }
    const start = part === Part.leftHand ? leftHand : rightHand;
    // Mirrored: the learner's left hand is compared with the reference's right (match_frame.ts).
    const refStart = mirrored ? (part === Part.leftHand ? rightHand : leftHand) : start;
    let partOff = 0;
    for (let f = 0; f < FINGER_FIRST.length; f++) {
      const first = start + FINGER_FIRST[f]!;
      const refFirst = refBase + refStart + FINGER_FIRST[f]!;
      const offBefore = report.off[first]! + report.off[first + 1]! + report.off[first + 2]!;
      if (offBefore === 0) continue;
      let sharpest = 180;
      for (let k = 0; k < 3; k++) sharpest = Math.min(sharpest, values[first + k]!, joints[refFirst + k]!);
      if (sharpest >= FOLDED_PAST) continue;
      for (let r = 0; r < READINGS.length; r++) {
        const flips = READINGS[r]!;
        let within = true;
        for (let k = 0; k < 3 && within; k++) {
          const value = (flips >> k) & 1 ? 180 - values[first + k]! : values[first + k]!;
          within = Math.abs(value - joints[refFirst + k]!) <= tolerances[refFirst + k]!;
        }
        if (!within) continue;
        for (let k = 0; k < 3; k++) {
          const value = (flips >> k) & 1 ? 180 - values[first + k]! : values[first + k]!;
          const before = report.errors[first + k]!;
          const excess = Math.abs(before) - tolerances[refFirst + k]!;
          if (excess > 0) report.offExcess -= excess;
          report.errors[first + k] = value - joints[refFirst + k]!;
          report.off[first + k] = 0;
        }
        report.offCount -= offBefore;
        break;
      }
    }
    for (let j = start; j < start + HAND_ANGLE_COUNT; j++) partOff += report.off[j]!;
    report.partStatus[part] = partOff === 0 ? OK : OFF;
    failed ||= partOff > 0;
  }
  failed ||= report.partStatus[Part.pose] === OFF || report.partStatus[Part.pose] === MISSING;
  report.matched = !failed;
}
