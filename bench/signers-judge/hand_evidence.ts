// What the handshape judge weighs for one still hand against one letter, apart from its two
// learned thresholds (maxDistance, maxRatio): whether the hand agrees with the letter's definition
// (the gates), its distance to the letter's nearest prototype, to the nearest prototype of a
// confusable letter it could also be, and its largest single-descriptor step from that nearest
// prototype. With these a setting of the thresholds is decided without running the judge again
// (learn_judge.ts tries a dozen of them on the same models); `judgedLike` checks the decision
// against matchHandshape itself.
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HAND_DESCRIPTOR_COUNT } from '../../engine/src/handshape/hand_descriptors.ts';
import type { HandshapeJudgeSettings } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { agreesWithSign, couldBeCompetitor, matchHandshape, seenShare } from '../../engine/src/handshape/match_handshape.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { nearestOf, nearestPrototype } from './prototype_distance.ts';

const D = HAND_DESCRIPTOR_COUNT;

export interface HandEvidence {
  /** The hand agrees with the letter's definition (every gate of matchHandshape). */
  agrees: boolean;
  own: number;
  /** Infinity: no confusable letter whose definition the hand agrees with. */
  other: number;
  steps: number;
  /** The descriptors and the nearest own prototype's index, so that the steps can be measured again under other single-descriptor weights (withSteps). */
  v: Float32Array;
  nearest: number;
}

/** The largest difference, in the single-descriptor test's scales, between `v` and prototype `index` of `m`. */
function largestStep(v: Float32Array, m: CompiledHandshape, index: number): number {
  let largest = 0;
  for (let k = 0; k < D; k++) {
    const d = (v[k]! - m.prototypes[index * D + k]!) * seenShare(v, k);
    const step = d < 0 ? -d * m.stepsBelow[k]! : d * m.stepsAbove[k]!;
    if (step > largest) largest = step;
  }
  return largest;
}

export function handEvidence(v: Float32Array, m: CompiledHandshape): HandEvidence {
  const agrees = agreesWithSign(v, m);
  if (!agrees) return { agrees, own: Infinity, other: Infinity, steps: Infinity, v, nearest: -1 };
  const nearest = nearestPrototype(v, m);
  let other = Infinity;
  for (let g = 0; g < m.contrastStarts.length - 1; g++) {
    if (!couldBeCompetitor(v, m, g)) continue;
    other = Math.min(other, nearestOf(v, m.contrast, m.contrastStarts[g]!, m.contrastStarts[g + 1]!, m).distance);
  }
  return { agrees, own: nearest.distance, other, steps: largestStep(v, m, nearest.index), v, nearest: nearest.index };
}

/**
 * The same evidence under a model that differs from the one it was measured with only in its
 * single-descriptor weights (betweenSigners, peopleSpread: the same prototypes, definitions and
 * distance weights): the distances stand, the steps are measured again.
 */
export function withSteps(e: HandEvidence, m: CompiledHandshape): HandEvidence {
  return e.agrees ? { ...e, steps: largestStep(e.v, m, e.nearest) } : e;
}

/** Would the judge with `judge`'s numbers accept a still hand (held letter) with this evidence? */
export function accepts(e: HandEvidence, judge: Readonly<HandshapeJudgeSettings>): boolean {
  return e.agrees && e.own <= judge.maxDistance && e.own <= judge.maxRatio * e.other && e.steps <= judge.maxSteps;
}

/** The evidence of each hand a still frame shows (left, right; null where it shows none). */
export function frameEvidence(frame: AngleFrame, m: CompiledHandshape): (HandEvidence | null)[] {
  return [0, 1].map((side) => (frame.descriptorsPresent![side] === 1 ? handEvidence(side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!, m) : null));
}

/** Does the decision from evidence agree with matchHandshape on this frame? (A check: the evidence must not drift from the judge.) */
export function judgedLike(frame: AngleFrame, m: CompiledHandshape, judge: Readonly<HandshapeJudgeSettings>): boolean {
  const fromEvidence = frameEvidence(frame, m).some((e) => e !== null && accepts(e, judge));
  return fromEvidence === matchHandshape(frame, m, report, judge);
}
const report = createMatchReport();
