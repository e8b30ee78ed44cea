import { HAND_ANGLE_COUNT } from '../core/constants.ts';
import { PART_COUNT, Part } from '../core/landmark_layout.ts';
import {
  featureToleranceBounds,
  PRECISE_CALIBRATION,
  PRECISE_DIRECTION,
  PRECISE_FEATURE_COUNT,
  PRECISE_PALM,
  PRECISE_SHAPE,
  wrapDegrees,
} from './calibrate_precise_tolerances.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import { preciseJointTolerance, type PreciseReference } from './precise_reference.ts';

/**
 * How precise mode narrows a reference's tolerances against the other signs of its set. Global,
 * the same for every sign; chosen on the asl-alphabet recordings (bench/confusion.md).
 *   maxShare: a reference may accept at most this share of another sign's reference frames;
 *   ownLossBudget: at most this much of the reference's own acceptance (estimated as below) may
 *     be given up for it;
 *   ownWeight: a point of own acceptance lost weighs this many points of another sign's share;
 *   neighbourFrames: own acceptance is estimated with each frame matched only against the frames
 *     more than this many frames (1 s at 30 fps) away in the record, as a stretch of the sign the
 *     reference did not see would be;
 *   shrink, shrinkSteps: a tolerance is tried at shrink^1 .. shrink^shrinkSteps of its value,
 *     never below its calibration floor (the tracker's noise);
 *   maxRounds: the most tolerances narrowed per hand.
 */
export const PRECISE_CONTRAST = {
  maxShare: 0.05,
  ownLossBudget: 0.05,
  ownWeight: 3,
  neighbourFrames: 30,
  shrink: 0.85,
  shrinkSteps: 12,
  maxRounds: 100,
} as const;

/** Per hand: the 16 angles, then the PRECISE_FEATURE_COUNT features. */
const DIMENSIONS = HAND_ANGLE_COUNT + PRECISE_FEATURE_COUNT;
const ORIENTATION_FIRST = HAND_ANGLE_COUNT + PRECISE_DIRECTION;
const ORIENTATION_LAST = HAND_ANGLE_COUNT + PRECISE_PALM;
const SHAPE_FIRST = HAND_ANGLE_COUNT + PRECISE_SHAPE;

/** One sign's frames of one hand, as the contrast step reads them. */
interface HandFrames {
  reference: CompiledReference;
  precise: PreciseReference;
  side: number;
  frames: number[];
}

function handFrames(reference: CompiledReference, precise: PreciseReference, side: number): HandFrames | undefined {
  const part = side === 0 ? Part.leftHand : Part.rightHand;
  const frames: number[] = [];
  for (let i = 0; i < reference.frameCount; i++) if (reference.present[i * PART_COUNT + part] === 1) frames.push(i);
  return frames.length > 0 ? { reference, precise, side, frames } : undefined;
}

/**
 * |learner - reference| per dimension for frame `q` of `a` against frame `x` of `b` (the matcher's
 * as-seen comparison), into out[offset..offset + DIMENSIONS); a feature either frame lacks reads 0
 * (the matcher leaves it unchecked). Returns false as soon as one exceeds `tolerance`.
 */
function withinTolerance(a: HandFrames, q: number, b: HandFrames, x: number, tolerance: Float32Array, out: Float32Array, offset: number): boolean {
  const side = b.side;
  const aAngles = side === 0 ? a.reference.leftHand : a.reference.rightHand;
  const bAngles = side === 0 ? b.reference.leftHand : b.reference.rightHand;
  const orientation = a.reference.orientationPresent[q * 2 + side] === 1 && b.reference.orientationPresent[x * 2 + side] === 1;
  const shape = a.precise.shapePresent[q * 2 + side] === 1 && b.precise.shapePresent[x * 2 + side] === 1;
  const aBase = (q * 2 + side) * PRECISE_FEATURE_COUNT - HAND_ANGLE_COUNT;
  const bBase = (x * 2 + side) * PRECISE_FEATURE_COUNT - HAND_ANGLE_COUNT;
  for (let d = 0; d < DIMENSIONS; d++) {
    let diff = 0;
    if (d < HAND_ANGLE_COUNT) {
      diff = Math.abs(aAngles[q * HAND_ANGLE_COUNT + d]! - bAngles[x * HAND_ANGLE_COUNT + d]!);
    } else if (d <= ORIENTATION_LAST ? orientation : shape) {
      diff = a.precise.features[aBase + d]! - b.precise.features[bBase + d]!;
      diff = Math.abs(d === ORIENTATION_FIRST ? wrapDegrees(diff) : diff);
    }
    if (diff > tolerance[d]!) return false;
    out[offset + d] = diff;
  }
  return true;
}

/** Frame pairs a hand's tolerances accept: `query[p]` (an index into the queried frames) and the per-dimension differences. */
interface Pairs {
  query: number[];
  diffs: Float32Array;
  count: number;
}

function collectPairs(own: HandFrames, queries: readonly HandFrames[], tolerance: Float32Array, skipNeighbours: boolean): Pairs {
  const pairs: Pairs = { query: [], diffs: new Float32Array(DIMENSIONS * 64), count: 0 };
  const row = new Float32Array(DIMENSIONS);
  let queryIndex = 0;
  for (const source of queries) {
    for (const q of source.frames) {
      for (const x of own.frames) {
        if (skipNeighbours && Math.abs(q - x) <= PRECISE_CONTRAST.neighbourFrames) continue;
        if (!withinTolerance(source, q, own, x, tolerance, row, 0)) continue;
        if ((pairs.count + 1) * DIMENSIONS > pairs.diffs.length) {
          const grown = new Float32Array(pairs.diffs.length * 2);
          grown.set(pairs.diffs);
          pairs.diffs = grown;
        }
        pairs.diffs.set(row, pairs.count * DIMENSIONS);
        pairs.query.push(queryIndex);
        pairs.count++;
      }
      queryIndex++;
    }
  }
  return pairs;
}

/**
 * Distinct queried frames with at least one pair still active and, if `dimension` >= 0, within
 * `limit` on it, counted per label into `out` (zeroed first). `seen` is scratch, one per queried frame.
 */
function countAccepted(pairs: Pairs, active: Uint8Array, dimension: number, limit: number, labels: Int32Array, seen: Int32Array, stamp: number, out: Float64Array): void {
  out.fill(0);
  for (let p = 0; p < pairs.count; p++) {
    if (active[p] === 0) continue;
    if (dimension >= 0 && pairs.diffs[p * DIMENSIONS + dimension]! > limit) continue;
    const q = pairs.query[p]!;
    if (seen[q] === stamp) continue;
    seen[q] = stamp;
    out[labels[q]!]!++;
  }
}

/** Narrows one hand's tolerances (`tolerance`, angles then features, changed in place) against the other signs' frames of that hand. */
function contrastHand(own: HandFrames, others: readonly HandFrames[], tolerance: Float32Array): void {
  const c = PRECISE_CONTRAST;
  const ownPairs = collectPairs(own, [own], tolerance, true);
  const otherPairs = collectPairs(own, others, tolerance, false);
  if (otherPairs.count === 0) return;
  const ownLabels = new Int32Array(own.frames.length);
  const otherLabels = new Int32Array(others.reduce((sum, o) => sum + o.frames.length, 0));
  const otherCounts = new Float64Array(others.length);
  let at = 0;
  others.forEach((o, label) => {
    otherLabels.fill(label, at, at + o.frames.length);
    otherCounts[label] = o.frames.length;
    at += o.frames.length;
  });
  const ownSeen = new Int32Array(own.frames.length);
  const otherSeen = new Int32Array(otherLabels.length);
  let stamp = 0;
  const ownActive = new Uint8Array(ownPairs.count).fill(1);
  const otherActive = new Uint8Array(otherPairs.count).fill(1);
  const ownCount = new Float64Array(1);
  const accepted = new Float64Array(others.length);
  const candidate = new Float64Array(others.length);
  const share = new Float64Array(others.length);
  const floors = new Float32Array(DIMENSIONS);
  for (let d = 0; d < DIMENSIONS; d++) floors[d] = d < HAND_ANGLE_COUNT ? PRECISE_CALIBRATION.angleFloorDeg : featureToleranceBounds(d - HAND_ANGLE_COUNT)[0];
  const ownRate = (dimension: number, limit: number) => {
    countAccepted(ownPairs, ownActive, dimension, limit, ownLabels, ownSeen, ++stamp, ownCount);
    return ownCount[0]! / own.frames.length;
  };
  const ownStart = ownRate(-1, 0);

  for (let round = 0; round < c.maxRounds; round++) {
    countAccepted(otherPairs, otherActive, -1, 0, otherLabels, otherSeen, ++stamp, accepted);
    let worst = 0;
    for (let l = 0; l < others.length; l++) {
      share[l] = accepted[l]! / otherCounts[l]!;
      worst = Math.max(worst, share[l]!);
    }
    if (worst <= c.maxShare) return;
    const ownNow = ownRate(-1, 0);
    let best = { score: -Infinity, dimension: -1, limit: 0, own: 0 };
    for (let d = 0; d < DIMENSIONS; d++) {
      for (let m = 1; m <= c.shrinkSteps; m++) {
        let limit = tolerance[d]! * c.shrink ** m;
        if (limit < floors[d]!) {
          limit = floors[d]!;
          if (limit >= tolerance[d]!) break;
        }
        countAccepted(otherPairs, otherActive, d, limit, otherLabels, otherSeen, ++stamp, candidate);
        let gain = 0;
        for (let l = 0; l < others.length; l++) if (share[l]! > c.maxShare) gain += share[l]! - candidate[l]! / otherCounts[l]!;
        const ownAfter = ownRate(d, limit);
        const score = gain - c.ownWeight * (ownNow - ownAfter);
        if (gain > 0 && score > best.score) best = { score, dimension: d, limit, own: ownAfter };
        if (limit <= floors[d]!) break;
      }
    }
    if (best.dimension < 0 || ownStart - best.own > c.ownLossBudget) return;
    tolerance[best.dimension] = best.limit;
    for (let p = 0; p < ownPairs.count; p++) if (ownPairs.diffs[p * DIMENSIONS + best.dimension]! > best.limit) ownActive[p] = 0;
    for (let p = 0; p < otherPairs.count; p++) if (otherPairs.diffs[p * DIMENSIONS + best.dimension]! > best.limit) otherActive[p] = 0;
  }
}

/**
 * A set of compiled references known together (a lesson's signs, the alphabet), each with its
 * precise data -> that precise data with the hand tolerances narrowed where they would accept another sign of
 * the set. The spread-based calibration (calibrate_precise_tolerances.ts) sizes each tolerance to
 * the reference signer's own variation and knows nothing of the other signs, so a reference that
 * varies a lot (T's fist) swallows a neighbour (A). Here, per reference and hand, while it accepts
 * more than maxShare of some other sign's reference frames, the one tolerance whose narrowing
 * removes most of those acceptances at the least cost in its own acceptance is narrowed; it stops
 * when no other sign is above maxShare, or the next step would cost more than ownLossBudget of
 * its own acceptance. Only the signs' own frames are read (compile_lesson.ts passes each sign's
 * calibration set, precise/calibration_set.ts; in the evaluation: training frames only),
 * compared as seen (the references of a set are one signer's, with the same hands); the pose and
 * the per-frame data are left as they are. Inputs are not changed. Runs once per set at compile
 * time.
 *
 * Not a step of MediaPipe's graph; it is the contrastive calibration of bench/confusion.md.
 */
export function contrastPreciseTolerances(signs: readonly { reference: CompiledReference; precise: PreciseReference }[]): PreciseReference[] {
  const tolerances = signs.map(({ precise }) => {
    const both = new Float32Array(2 * DIMENSIONS);
    for (let side = 0; side < 2; side++) {
      both.set(precise.angleTolerance.subarray(side * HAND_ANGLE_COUNT, (side + 1) * HAND_ANGLE_COUNT), side * DIMENSIONS);
      both.set(precise.featureTolerance.subarray(side * PRECISE_FEATURE_COUNT, (side + 1) * PRECISE_FEATURE_COUNT), side * DIMENSIONS + HAND_ANGLE_COUNT);
    }
    return both;
  });
  for (let side = 0; side < 2; side++) {
    const hands = signs.map(({ reference, precise }) => handFrames(reference, precise, side));
    hands.forEach((own, s) => {
      if (own === undefined) return;
      const others = hands.filter((o, t): o is HandFrames => o !== undefined && t !== s);
      if (others.length > 0) contrastHand(own, others, tolerances[s]!.subarray(side * DIMENSIONS, (side + 1) * DIMENSIONS));
    });
  }
  return signs.map(({ reference, precise }, s) => {
    const both = tolerances[s]!;
    const angleTolerance = new Float32Array(2 * HAND_ANGLE_COUNT);
    const featureTolerance = new Float32Array(2 * PRECISE_FEATURE_COUNT);
    for (let side = 0; side < 2; side++) {
      angleTolerance.set(both.subarray(side * DIMENSIONS, side * DIMENSIONS + HAND_ANGLE_COUNT), side * HAND_ANGLE_COUNT);
      featureTolerance.set(both.subarray(side * DIMENSIONS + HAND_ANGLE_COUNT, (side + 1) * DIMENSIONS), side * PRECISE_FEATURE_COUNT);
    }
    return { ...precise, angleTolerance, featureTolerance, jointTolerance: preciseJointTolerance(reference, angleTolerance) };
  });
}
