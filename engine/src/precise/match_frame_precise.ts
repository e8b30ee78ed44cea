import type { AngleFrame } from '../core/angle_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { chooseOrientation, compareOrientation } from '../match/match_frame.ts';
import { createMatchReport, PartStatus, type MatchReport } from '../match/match_report.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import { PRECISE_DIRECTION, PRECISE_FEATURE_COUNT, PRECISE_PALM, PRECISE_SHAPE, wrapDegrees } from './calibrate_precise_tolerances.ts';
import { SHAPE_FEATURE_COUNT } from '../core/constants.ts';
import { SHAPE_MIRROR_SIGN } from './precise_features.ts';
import type { PreciseReference } from './precise_reference.ts';

const RAD = 180 / Math.PI;
const OK: number = PartStatus.ok;
const OFF: number = PartStatus.off;
const excess = new Float64Array(1);
const mirroredReport = createMatchReport();

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

/**
 * One orientation (as seen or mirrored): the angle rule's comparison with precise mode's
 * per-joint tolerances (PreciseReference.jointTolerance), then, for each hand compared (present on
 * both sides), its orientation and shape features. A feature miss counts in offCount and offExcess
 * and marks the hand `off`; the per-joint arrays show the angles only.
 */
function comparePrecisely(learner: AngleFrame, ref: CompiledReference, precise: PreciseReference, refFrame: number, mirrored: boolean, report: MatchReport): void {
  compareOrientation(learner, ref, precise.jointTolerance, refFrame, mirrored, report);
  const status = report.partStatus;
  for (let side = 0; side < 2; side++) {
    const part = side === 0 ? Part.leftHand : Part.rightHand;
    if (status[part] !== OK && status[part] !== OFF) continue;
    const refSide = mirrored ? 1 - side : side;
    excess[0] = 0;
    const off = compareHandFeatures(
      side === 0 ? learner.leftHandOrientation : learner.rightHandOrientation,
      side === 0 ? learner.leftHandShape : learner.rightHandShape,
      learner.shapePresent !== undefined && learner.shapePresent[side] === 1,
      precise, refFrame, refSide,
      ref.orientationPresent[refFrame * 2 + refSide] === 1,
      mirrored, excess,
    );
    if (off === 0) continue;
    status[part] = OFF;
    report.offCount += off;
    report.offExcess += excess[0]!;
    report.matched = false;
  }
}

/**
 * Precise mode (beyond the angle rule): does the learner's frame match reference frame `refFrame`, as
 * seen or mirrored? The angle rule's rules for the pose and for missing parts, and for each hand: every
 * one of the 16 angles within its own tolerance, calibrated from the reference's variability (not
 * the angle rule's 75 degrees), the hand's direction and palm facing within theirs, and, where both sides
 * have them, the fingertips' places in the palm, the index/middle crossing and the hand's motion
 * within theirs (precise_features.ts). Allocates nothing.
 */
export function matchFramePrecise(learner: AngleFrame, ref: CompiledReference, precise: PreciseReference, refFrame: number, report: MatchReport): boolean {
  comparePrecisely(learner, ref, precise, refFrame, false, report);
  if (report.matched) return true;
  comparePrecisely(learner, ref, precise, refFrame, true, mirroredReport);
  return chooseOrientation(report, mirroredReport);
}

/** How far (seconds) around the current reference frame precise mode looks for a frame the learner matches. */
export const PRECISE_NEIGHBOURHOOD_SECONDS = 0.5;

/**
 * Precise mode in a practice session: does the learner's frame match any reference frame within
 * PRECISE_NEIGHBOURHOOD_SECONDS of `refFrame` (nearest first)? Its per-joint tolerances are a
 * fraction of the angle rule's, and a learner holding a letter varies as the reference signer did but
 * not in step with them: matching only the one current frame would make completion a matter of
 * luck (T, U, V, W never completed in 10 s). The angle rule keeps product.md §4.7 Practice flow's current frame.
 * `report` receives the matching frame's comparison, or else the current frame's. Allocates nothing.
 */
export function matchFramePreciseNear(learner: AngleFrame, ref: CompiledReference, precise: PreciseReference, refFrame: number, report: MatchReport): boolean {
  if (matchFramePrecise(learner, ref, precise, refFrame, report)) return true;
  const reach = Math.round(PRECISE_NEIGHBOURHOOD_SECONDS * ref.fps);
  for (let d = 1; d <= reach; d++) {
    if (refFrame + d < ref.frameCount && matchFramePrecise(learner, ref, precise, refFrame + d, report)) return true;
    if (refFrame - d >= 0 && matchFramePrecise(learner, ref, precise, refFrame - d, report)) return true;
  }
  return matchFramePrecise(learner, ref, precise, refFrame, report);
}
