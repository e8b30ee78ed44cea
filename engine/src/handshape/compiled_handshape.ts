import type { HandshapeModel } from '../reference/reference_sign_schema.ts';
import { definitionWeights } from './definition_weights.ts';
import { HANDSHAPE_JUDGE, type HandshapeCompileOptions, type HandshapeJudgeSettings } from './handshape_judge_settings.ts';
import { HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES } from './hand_descriptors.ts';
import { CROSSING_BANDS, CURVED_AT, HOOKED_AT, POINTING_BANDS, THUMB_SIDE_BANDS, THUMB_TOUCH_DESCRIPTORS, THUMB_TOUCHES_AT, type Crossing, type FingerState, type IndexHook, type Pointing, type ThumbTouch, type FingerBend, type ThumbSide } from './manual_alphabet.ts';

const INDEX_POINTS = HAND_DESCRIPTOR_NAMES.indexOf('indexPointsUp');
const THUMB_ACROSS = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');
const TOUCH_TARGETS = Object.keys(THUMB_TOUCH_DESCRIPTORS) as ThumbTouch[];
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
const MIDDLE_POINTS = HAND_DESCRIPTOR_NAMES.indexOf('middlePointsUp');
const pointingDescriptor = (pointsWith: 'middle' | undefined) => (pointsWith === 'middle' ? MIDDLE_POINTS : INDEX_POINTS);

/** A sign's handshape model laid out for the judge: prototype vectors in flat Float32Arrays. */
export interface CompiledHandshape {
  /** Index, middle, ring, pinky: 1 extended, -1 folded, -2 curled, 0 either (manual_alphabet.ts). */
  fingers: Int8Array;
  /** The band of directions its extended index may point in, degrees [low, high] (POINTING_BANDS; any: -180..180). */
  pointing: Float32Array;
  /** The descriptor `pointing` reads: indexPointsUp, or middlePointsUp (P). */
  pointsWith: number;
  /** The band the index hook (degrees, hand_descriptors.ts indexHook) must lie in: [low, high), HOOKED_AT splitting hooked (X) from straight; -Infinity..Infinity: either. */
  hook: Float32Array;
  /** The most the thumb tip may lie from each place it can touch (manual_alphabet.ts THUMB_TOUCH_DESCRIPTORS, in its order; palm lengths): THUMB_TOUCHES_AT for the place the sign's definition touches (thumbTouches), Infinity otherwise. */
  thumbReach: Float32Array;
  /** The least average middle-joint bend its definition asks (CURVED_AT for a curved hand, C; -Infinity: any). */
  bend: number;
  /** The band the thumb tip's place across the palm must lie in (hand_descriptors.ts thumbAcross): [low, high) (manual_alphabet.ts THUMB_SIDE_BANDS); -Infinity..Infinity: either. */
  thumbSide: Float32Array;
  /** The band index/middle crossing must lie in (hand_descriptors.ts indexMiddleCrossing): [low, high) (manual_alphabet.ts CROSSING_BANDS: CROSSED_AT splits crossed from uncrossed, APART_AT together from apart); -Infinity..Infinity: either. */
  crossing: Float32Array;
  movement: 'held' | 'moving';
  speedLimit: number;
  /** Per descriptor: its weight in the distance to this sign and in the single-descriptor test
   * (definition_weights.ts), and how many descriptors count. */
  weights: Float64Array;
  /** Single-descriptor test weights for a learner's value below / above the prototype's. */
  stepsBelow: Float64Array;
  stepsAbove: Float64Array;
  /** Distance weights for a learner's value below / above the prototype's (a folded finger curled tighter: definition_weights.ts). */
  distanceBelow: Float64Array;
  distanceAbove: Float64Array;
  counted: number;
  /** The judge's numbers for this sign (handshape_judge_settings.ts). */
  judge: Readonly<HandshapeJudgeSettings>;
  /** prototypeCount x HAND_DESCRIPTOR_COUNT. */
  prototypes: Float32Array;
  prototypeCount: number;
  /** The confusable signs' prototypes, all together: contrastCount x HAND_DESCRIPTOR_COUNT. */
  contrast: Float32Array;
  contrastCount: number;
  /** Per confusable sign: where its prototypes start in `contrast` (one more entry: the end), its
   * fingers (4 each, as `fingers`) and its pointing band (2 each). */
  contrastStarts: Int32Array;
  contrastFingers: Int8Array;
  contrastPointing: Float32Array;
  /** Per confusable sign: the descriptor its pointing band reads (as `pointsWith`). */
  contrastPointsWith: Int32Array;
  /** Per confusable sign: its index hook band (2 each, as `hook`). */
  contrastHook: Float32Array;
  /** Per confusable sign: its crossing band (2 each, as `crossing`). */
  contrastCrossing: Float32Array;
  /** Per confusable sign: the most its thumb tip may lie from each place it can touch (THUMB_TOUCHES each, as `thumbReach`). */
  contrastThumbReach: Float32Array;
  /** Per confusable sign: the least average middle-joint bend its definition asks (as `bend`). */
  contrastBend: Float32Array;
  /** Per confusable sign: its thumb's band across the palm (2 each, as `thumbSide`). */
  contrastThumbSide: Float32Array;
}

function flatten(vectors: readonly (readonly number[])[]): Float32Array {
  const out = new Float32Array(vectors.length * HAND_DESCRIPTOR_COUNT);
  vectors.forEach((v, i) => out.set(v, i * HAND_DESCRIPTOR_COUNT));
  return out;
}

const fingerCodes = (fingers: readonly FingerState[]) => Array.from(fingers, (state) => (state === 'extended' ? 1 : state === 'folded' ? -1 : state === 'curled' ? -2 : 0));
const band = (points: Pointing | undefined): readonly [number, number] => (points === undefined || points === 'any' ? [-180, 180] : POINTING_BANDS[points]);
const hookBand = (hook: IndexHook | undefined): readonly [number, number] => (hook === 'hooked' ? [HOOKED_AT, Infinity] : hook === 'straight' ? [-Infinity, HOOKED_AT] : [-Infinity, Infinity]);
const leastBend = (bend: FingerBend | undefined): number => (bend === 'curved' ? CURVED_AT : -Infinity);
const thumbReachOf = (touches: ThumbTouch | undefined): number[] => TOUCH_TARGETS.map((target) => (target === touches ? THUMB_TOUCHES_AT : Infinity));
const thumbSideBand = (side: ThumbSide | undefined): readonly [number, number] =>
  side === undefined ? [-Infinity, Infinity] : THUMB_SIDE_BANDS[side];
const crossingBand = (crossing: Crossing | undefined): readonly [number, number] =>
  crossing === undefined ? [-Infinity, Infinity] : CROSSING_BANDS[crossing];

/**
 * A record's handshape model -> the judge's layout, or null when the model describes hands with
 * other descriptors than this engine's (a record built by another version): the sign is then
 * judged by the SPEC rule. Throws for vectors of the wrong length under the same descriptors.
 * A confusable sign without a stored definition competes with every hand (fingers 'either',
 * pointing 'any'). `options`: how it is weighed and judged (handshape_judge_settings.ts; the bench
 * learns them; the app uses the defaults).
 */
export function compileHandshape(signName: string, model: HandshapeModel, options: HandshapeCompileOptions = {}): CompiledHandshape | null {
  if (model.descriptors.length !== HAND_DESCRIPTOR_COUNT || model.descriptors.some((name, i) => name !== HAND_DESCRIPTOR_NAMES[i])) return null;
  const names = Object.keys(model.contrast);
  const contrast = names.flatMap((name) => model.contrast[name]!);
  for (const vector of [...model.prototypes, ...contrast]) {
    if (vector.length !== HAND_DESCRIPTOR_COUNT) {
      throw new Error(`handshape model of "${signName}": a prototype has ${vector.length} numbers, expected ${HAND_DESCRIPTOR_COUNT}`);
    }
  }
  const starts = [0];
  for (const name of names) starts.push(starts[starts.length - 1]! + model.contrast[name]!.length);
  const definitions = names.map((name) => model.contrastDefinitions?.[name] ?? { fingers: ['either', 'either', 'either', 'either'] as FingerState[], points: 'any' as const });
  const { weights, stepsBelow, stepsAbove, distanceBelow, distanceAbove, counted } = definitionWeights(model.fingers, options.betweenSigners, options.tighterCurl, options.peopleSpread, model.movement);
  // A sign defined by what its thumb touches (D, F, O) is judged on it by that gate (matchHandshape's): within it, the distance counts, never alone.
  for (const name of model.thumbTouches === undefined ? [] : THUMB_TOUCH_DESCRIPTORS[model.thumbTouches]) {
    const touched = HAND_DESCRIPTOR_NAMES.indexOf(name);
    stepsBelow[touched] = stepsAbove[touched] = 0;
  }
  // ... and where its thumb lies across the palm is how one person reaches that fingertip (other
  // people's D hold the thumb at the middle or ring finger, ours at the index): never alone.
  if (model.thumbTouches !== undefined) stepsBelow[THUMB_ACROSS] = stepsAbove[THUMB_ACROSS] = 0;
  // A sign defined by the side of the index knuckle its thumb lies on (Y out, I across) is judged
  // on that side by its gate; how far out or across is the person's (other people's Y out to
  // -1.40, ours to -1.08): it counts in the distance, never alone.
  if (model.thumbSide !== undefined) stepsBelow[THUMB_ACROSS] = stepsAbove[THUMB_ACROSS] = 0;
  // Index and middle's order across the palm is the thumb's doing where it comes between them
  // (K, P) or the index curls onto it (F): it counts in the distance, never alone.
  if (model.crossing === 'thumbBetween' || model.thumbTouches === 'indexTip') stepsBelow[CROSSING] = stepsAbove[CROSSING] = 0;
  // And a thumb that comes up between index and middle (K, P) lies across the palm wherever it
  // meets them: ours at the index (K -0.20 to 0.41, P -0.03 to 0.69), other people's anywhere from
  // there to past the ring finger (their P -0.21 to 1.00 on our tracker, to 1.44 on MediaPipe
  // Hands'; one P refused for it alone, 2.8 steps from our nearest P): it counts in the distance,
  // never alone.
  if (model.crossing === 'thumbBetween') stepsBelow[THUMB_ACROSS] = stepsAbove[THUMB_ACROSS] = 0;
  // A sign that names where the hand points is judged on it by its band (matchHandshape's gate):
  // within the band the index's direction counts in the distance, never alone.
  if (model.points !== undefined && model.points !== 'any') stepsBelow[INDEX_POINTS] = stepsAbove[INDEX_POINTS] = 0;
  // A sign that reads where the hand points from the middle finger (P) says nothing of the
  // index's direction (out, forward or up: other people's P index at 25-79 degrees, ours down).
  let counting = counted;
  if (model.pointsWith === 'middle' && weights[INDEX_POINTS]! > 0) {
    weights[INDEX_POINTS] = distanceBelow[INDEX_POINTS] = distanceAbove[INDEX_POINTS] = 0;
    counting--;
  }
  return {
    fingers: Int8Array.from(fingerCodes(model.fingers)),
    pointing: Float32Array.from(band(model.points)),
    pointsWith: pointingDescriptor(model.pointsWith),
    hook: Float32Array.from(hookBand(model.hook)),
    crossing: Float32Array.from(crossingBand(model.crossing)),
    thumbReach: Float32Array.from(thumbReachOf(model.thumbTouches)),
    bend: leastBend(model.bend),
    thumbSide: Float32Array.from(thumbSideBand(model.thumbSide)),
    movement: model.movement,
    speedLimit: model.speedLimit,
    weights,
    stepsBelow,
    stepsAbove,
    distanceBelow,
    distanceAbove,
    counted: counting,
    judge: options.judge ?? HANDSHAPE_JUDGE,
    prototypes: flatten(model.prototypes),
    prototypeCount: model.prototypes.length,
    contrast: flatten(contrast),
    contrastCount: contrast.length,
    contrastStarts: Int32Array.from(starts),
    contrastFingers: Int8Array.from(definitions.flatMap((d) => fingerCodes(d.fingers))),
    contrastPointing: Float32Array.from(definitions.flatMap((d) => band(d.points))),
    contrastPointsWith: Int32Array.from(definitions, (d) => pointingDescriptor('pointsWith' in d ? d.pointsWith : undefined)),
    contrastHook: Float32Array.from(definitions.flatMap((d) => hookBand('hook' in d ? d.hook : undefined))),
    contrastCrossing: Float32Array.from(definitions.flatMap((d) => crossingBand('crossing' in d ? d.crossing : undefined))),
    contrastThumbReach: Float32Array.from(definitions.flatMap((d) => thumbReachOf('thumbTouches' in d ? d.thumbTouches : undefined))),
    contrastBend: Float32Array.from(definitions, (d) => leastBend('bend' in d ? d.bend : undefined)),
    contrastThumbSide: Float32Array.from(definitions.flatMap((d) => thumbSideBand('thumbSide' in d ? d.thumbSide : undefined))),
  };
}
