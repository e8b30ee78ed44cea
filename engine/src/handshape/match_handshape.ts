import type { AngleFrame } from '../core/angle_frame.ts';
import { ANGLE_FRAME_LAYOUT } from '../core/angle_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { PartStatus, type MatchReport } from '../match/match_report.ts';
import type { CompiledHandshape } from './compiled_handshape.ts';
import { FINGER_MIDDLE_JOINTS, FINGER_STRAIGHTNESS, HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES, HAND_DESCRIPTORS, middleJointBend } from './hand_descriptors.ts';
import { HandRaised } from './hand_raised.ts';
import type { HandshapeJudgeSettings } from './handshape_judge_settings.ts';
import { contradictedFinger, couldBeCompetitor, crossesAs, hooksAs, pointsAs, seenShare, thumbLiesAs, untouchedTip } from './handshape_gates.ts';
import { APART_AT } from './manual_alphabet.ts';

/** Cues beyond the descriptors: the shape is right, but a held sign's hand moves, or a moving sign's is still. */
export const CUE_HOLD_STILL = -2;
export const CUE_MOVE = -3;

const D = HAND_DESCRIPTOR_COUNT;
const INDEX_HOOK = HAND_DESCRIPTOR_NAMES.indexOf('indexHook');
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
const INDEX_MIDDLE_SPREAD = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleSpread');
const THUMB_ACROSS = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');
const OK: number = PartStatus.ok;
const OFF: number = PartStatus.off;
const MISSING: number = PartStatus.missing;
const NOT_IN_REFERENCE: number = PartStatus.notInReference;
const LEFT_HAND_START: number = ANGLE_FRAME_LAYOUT.leftHand;
const RIGHT_HAND_START: number = ANGLE_FRAME_LAYOUT.rightHand;
/** Per hand (left, right): own distance, nearest own prototype, contrast distance, accepted. */
const own = new Float64Array(2);
const nearestPrototype = new Int32Array(2);
const other = new Float64Array(2);
const accepted = new Uint8Array(2);
const shaped = new Uint8Array(2);
/** Per hand: the first finger whose state contradicts the sign's definition (-1: none). */
const wrongFinger = new Int8Array(2);
/** Per hand: 1 when the sign's definition hooks the index and the hand's is not (X), or holds it straight and the hand's is hooked. */
const wrongHook = new Uint8Array(2);
/** Per hand: 1 when index and middle cross where the sign's definition holds them apart, or the reverse (R). */
const wrongCrossing = new Uint8Array(2);
/** Per hand: 1 when the sign's definition curves the fingers and the hand's are not (C). */
const uncurved = new Uint8Array(2);
/** Per hand: 1 when the thumb lies on the other side of the index knuckle than the sign's definition puts it (Y out, I across). */
const wrongThumbSide = new Uint8Array(2);
/** Per hand: the thumb-to-fingertip descriptor whose fingertip the sign's definition has the thumb touch and the hand's does not (D, F, O), or -1. */
const untouched = new Int8Array(2);

/** seenShare of each descriptor of the hand nearest() compares (its scratch). */
const shares = new Float64Array(D);

/** The largest difference, in scales (the single-descriptor test's: definition_weights.ts), between `v` and vector `index` of `set` on any one descriptor. */
function largestStep(v: Float32Array, set: Float32Array, index: number, model: CompiledHandshape): number {
  let largest = 0;
  const base = index * D;
  for (let k = 0; k < D; k++) {
    const d = (v[k]! - set[base + k]!) * seenShare(v, k);
    const step = d < 0 ? -d * model.stepsBelow[k]! : d * model.stepsAbove[k]!;
    if (step > largest) largest = step;
  }
  return largest;
}

/** The distance from `v` to the nearest of vectors [from, to) of `set`, under `model`'s weights; writes its index to nearestPrototype[side]. */
function nearest(v: Float32Array, set: Float32Array, from: number, to: number, model: CompiledHandshape, side: number): number {
  const below = model.distanceBelow;
  const above = model.distanceAbove;
  // How much of each descriptor counts depends on `v` alone: read once, not once per prototype.
  for (let k = 0; k < D; k++) shares[k] = seenShare(v, k);
  let best = Infinity;
  let bestIndex = -1;
  for (let i = from; i < to; i++) {
    const base = i * D;
    let sum = 0;
    for (let k = 0; k < D; k++) {
      const diff = (v[k]! - set[base + k]!) * shares[k]!;
      const d = diff * (diff < 0 ? below[k]! : above[k]!);
      sum += d * d;
      if (sum >= best) break;
    }
    if (sum < best) {
      best = sum;
      bestIndex = i;
    }
  }
  if (side >= 0) nearestPrototype[side] = bestIndex;
  return Math.sqrt(best / model.counted);
}

/** The distance from `v` to the nearest prototype of a confusable sign whose definition `v` also
 * agrees with (fingers and pointing): a hand that cannot be a sign is not held apart from it. */
function nearestCompetitor(v: Float32Array, model: CompiledHandshape): number {
  let best = Infinity;
  const signs = model.contrastStarts.length - 1;
  for (let g = 0; g < signs; g++) {
    if (!couldBeCompetitor(v, model, g)) continue;
    const d = nearest(v, model.contrast, model.contrastStarts[g]!, model.contrastStarts[g + 1]!, model, -1);
    if (d < best) best = d;
  }
  return best;
}

/**
 * Is either of the learner's hands making the sign? Each hand shown must first agree with the
 * sign's definition (manual_alphabet.ts): its fingers extended or folded as it names them, the
 * index pointing, hooked and crossed as it says, the thumb touching what it names (a fingertip,
 * or K's middle joints), the
 * fingers curved where it curves them; then it is
 * compared with the sign's prototypes (handshape/build_handshape_models.ts: its reference frames, seen from other angles
 * and with other finger proportions) and with the prototypes of the signs it is most easily
 * confused with: it makes the sign when it lies within maxDistance of the sign, closer to the
 * sign than maxRatio of its distance to any confusable sign, and moves as the sign does (a held
 * sign's hand no faster than the model's speed limit, a moving sign's at least that fast).
 * Either hand may sign: the left is measured as a right hand's mirror image.
 *
 * `judge`: the judge's numbers (the model's own, as it was compiled: handshape_judge_settings.ts;
 * the bench tries others on a tuning set).
 * `report` says which hand was judged (the one that matched, else the nearer one), and, for a
 * hand that did not, the one descriptor furthest from the sign's nearest prototype and which
 * way it is off (cue, cueAbove: the learner's words in hand_descriptors.ts), with that
 * descriptor's joints marked off for the overlay; or `askForSign` when no hand is near the sign
 * or the hand is not raised into signing space (hand_raised.ts).
 * Allocates nothing.
 *
 * ref: none in MediaPipe; a nearest-prototype judge with a ratio test, over the manual
 * alphabet's own descriptors.
 */
export function matchHandshape(learner: AngleFrame, model: CompiledHandshape, report: MatchReport, judge: Readonly<HandshapeJudgeSettings> = model.judge): boolean {
  report.errors.fill(0);
  report.off.fill(0);
  report.partStatus[Part.pose] = NOT_IN_REFERENCE;
  report.mirrored = false;
  report.cue = -1;
  report.askForSign = false;
  const present = learner.descriptorsPresent;
  let judged = -1;
  for (let side = 0; side < 2; side++) {
    accepted[side] = 0;
    shaped[side] = 0;
    wrongFinger[side] = -1;
    wrongHook[side] = 0;
    wrongCrossing[side] = 0;
    untouched[side] = -1;
    wrongThumbSide[side] = 0;
    uncurved[side] = 0;
    own[side] = Infinity;
    if (present === undefined || present[side] !== 1) continue;
    const v = side === 0 ? learner.leftHandDescriptors! : learner.rightHandDescriptors!;
    wrongFinger[side] = contradictedFinger(v, model.fingers, 0);
    wrongHook[side] = hooksAs(v, model.hook, 0) ? 0 : 1;
    wrongCrossing[side] = crossesAs(v, model.crossing, 0) ? 0 : 1;
    untouched[side] = untouchedTip(v, model.thumbReach, 0);
    wrongThumbSide[side] = thumbLiesAs(v, model.thumbSide, 0) ? 0 : 1;
    uncurved[side] = middleJointBend(v) < model.bend ? 1 : 0;
    own[side] = nearest(v, model.prototypes, 0, model.prototypeCount, model, side);
    other[side] = nearestCompetitor(v, model);
    const speed = learner.handSpeed === undefined ? 0 : learner.handSpeed[side]!;
    const moves = model.movement === 'held' ? speed <= model.speedLimit : speed >= model.speedLimit;
    if (
      wrongFinger[side]! < 0 &&
      wrongHook[side] === 0 &&
      wrongCrossing[side] === 0 &&
      untouched[side]! < 0 &&
      wrongThumbSide[side] === 0 &&
      uncurved[side] === 0 &&
      pointsAs(v, model.pointing, 0, model.pointsWith) &&
      own[side]! <= judge.maxDistance &&
      own[side]! <= judge.maxRatio * other[side]! &&
      largestStep(v, model.prototypes, nearestPrototype[side]!, model) <= judge.maxSteps
    ) {
      shaped[side] = 1;
    }
    if (shaped[side] === 1 && moves) accepted[side] = 1;
    // The hand judged: the one that matched, else the one with the right shape, else the nearer.
    const rank = 2 * accepted[side]! + shaped[side]!;
    const judgedRank = judged < 0 ? -1 : 2 * accepted[judged]! + shaped[judged]!;
    if (rank > judgedRank || (rank === judgedRank && own[side]! < own[judged]!)) judged = side;
  }
  if (judged < 0) {
    // No hand shown: the right hand is asked for (the sign's reference is a right hand).
    report.partStatus[Part.leftHand] = NOT_IN_REFERENCE;
    report.partStatus[Part.rightHand] = MISSING;
    report.matched = false;
    report.offCount = 1;
    report.offExcess = 0;
    report.cueSide = 1;
    report.askForSign = true;
    return false;
  }
  const judgedPart = judged === 0 ? Part.leftHand : Part.rightHand;
  report.partStatus[judged === 0 ? Part.rightHand : Part.leftHand] = NOT_IN_REFERENCE;
  report.partStatus[judgedPart] = accepted[judged] === 1 ? OK : OFF;
  report.matched = accepted[judged] === 1;
  report.offCount = report.matched ? 0 : 1;
  report.offExcess = report.matched ? 0 : own[judged]!;
  report.cueSide = judged;
  if (report.matched) return true;
  if (shaped[judged] === 1) {
    report.cue = model.movement === 'held' ? CUE_HOLD_STILL : CUE_MOVE;
    return false;
  }
  // A hand far from the sign, or one that is not raised into signing space (a hand at rest, held
  // out, low on a desk), is no attempt at it: the learner is asked for the sign, with the hand
  // that is trying, else the reference's right hand.
  const raised = learner.handRaised === undefined ? HandRaised.unknown : learner.handRaised[judged]!;
  if (own[judged]! > judge.askDistance || raised === HandRaised.no) {
    report.askForSign = true;
    if (raised === HandRaised.no) report.cueSide = 1;
    return false;
  }
  // A finger in the wrong state first (the letter's definition); else the one descriptor
  // furthest from the nearest prototype of the sign.
  const v = judged === 0 ? learner.leftHandDescriptors! : learner.rightHandDescriptors!;
  const base = nearestPrototype[judged]! * D;
  let worst = -1;
  let worstSize = 0;
  let above = false;
  if (wrongFinger[judged]! >= 0) {
    worst = FINGER_STRAIGHTNESS[wrongFinger[judged]!]!;
    worstSize = 1;
    above = model.fingers[wrongFinger[judged]!]! < 0;
  } else if (wrongHook[judged] === 1) {
    // 'Hook your index finger' (its lower side) for X; 'Straighten your index finger' where the letter holds it straight.
    worst = INDEX_HOOK;
    worstSize = 1;
    above = v[INDEX_HOOK]! >= model.hook[1]!;
  } else if (wrongCrossing[judged] === 1) {
    // The crossing's cue: 'Cross your middle finger over your index finger' (its higher side) for
    // R, 'Uncross ...' for a crossed U. Past the edge between together and apart (APART_AT) the
    // spread's: 'Bring your index and middle fingers together' (its higher side) for U and H,
    // 'Spread ... apart' for V.
    above = v[CROSSING]! >= model.crossing[1]!;
    worst = (above ? model.crossing[1]! : model.crossing[0]!) === APART_AT ? INDEX_MIDDLE_SPREAD : CROSSING;
    worstSize = 1;
  } else if (uncurved[judged] === 1) {
    // 'Bend the middle joint of your index finger': the least bent finger's, its lower side.
    worst = FINGER_MIDDLE_JOINTS[0]!;
    for (let f = 1; f < 4; f++) if (v[FINGER_MIDDLE_JOINTS[f]!]! < v[worst]!) worst = FINGER_MIDDLE_JOINTS[f]!;
    worstSize = 1;
    above = false;
  } else if (wrongThumbSide[judged] === 1) {
    // 'Move your thumb further across your palm' (its lower side) for I; 'Move your thumb back
    // towards your index finger' (its higher side: out past it) for Y.
    worst = THUMB_ACROSS;
    worstSize = 1;
    above = v[THUMB_ACROSS]! >= model.thumbSide[1]!;
  } else if (untouched[judged]! >= 0) {
    // 'Bring your thumb to your index (middle) fingertip': the descriptor's higher side.
    worst = untouched[judged]!;
    worstSize = 1;
    above = true;
  } else {
    for (let k = 0; k < D; k++) {
      const size = Math.abs((v[k]! - model.prototypes[base + k]!) * seenShare(v, k) * model.weights[k]!);
      if (size > worstSize) {
        worstSize = size;
        worst = k;
      }
    }
    if (worst >= 0) above = v[worst]! > model.prototypes[base + worst]!;
  }
  if (worst >= 0) {
    report.cue = worst;
    report.cueAbove = above;
    const joints = HAND_DESCRIPTORS[worst]!.joints;
    const start = judged === 0 ? LEFT_HAND_START : RIGHT_HAND_START;
    for (let j = 0; j < joints.length; j++) {
      report.off[start + joints[j]!] = 1;
      report.errors[start + joints[j]!] = report.cueAbove ? worstSize : -worstSize;
    }
  }
  return false;
}
