import type { CompiledHandshape } from './compiled_handshape.ts';
import { ACROSS_KNUCKLES, FINGER_STRAIGHTNESS, HAND_DESCRIPTOR_NAMES, KNUCKLES_IN_VIEW, middleJointBend } from './hand_descriptors.ts';
import { CURLED_AT, EXTENDED_AT, FOLDED_AT, THUMB_TOUCH_DESCRIPTORS } from './manual_alphabet.ts';

/**
 * The handshape judge's gates: the tests a hand must pass before its distance to a sign's
 * prototypes counts (matchHandshape, match_handshape.ts), each one part of the sign's definition
 * (manual_alphabet.ts): the fingers' states, where the index points, its hook, the index/middle
 * crossing, what the thumb touches and which side of the index it lies on. The bench reads the
 * judge's gates through the same functions (bench/signers-judge). Each allocates nothing.
 *
 * ref: none in MediaPipe; the manual alphabet's own definitions.
 */
const INDEX_HOOK = HAND_DESCRIPTOR_NAMES.indexOf('indexHook');
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
/** The descriptors of the places the thumb can touch, one after another in the compiled models' order (manual_alphabet.ts THUMB_TOUCH_DESCRIPTORS), and where each place's start (one more entry: the end). */
const TOUCH_LISTS = Object.values(THUMB_TOUCH_DESCRIPTORS);
const TOUCHED = Int32Array.from(TOUCH_LISTS.flat(), (name) => HAND_DESCRIPTOR_NAMES.indexOf(name));
const TOUCH_STARTS = new Int32Array(TOUCH_LISTS.length + 1);
TOUCH_LISTS.forEach((names, t) => (TOUCH_STARTS[t + 1] = TOUCH_STARTS[t]! + names.length));
/** How many places the thumb can touch: each compiled thumb reach holds this many. */
export const THUMB_TOUCHES = TOUCH_STARTS.length - 1;
const THUMB_ACROSS = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');

/** The place `v`'s thumb is too far from, of those `reach` (from `offset`: THUMB_TOUCHES of them) asks it to touch: the descriptor of its nearest point, or -1. */
export function untouchedTip(v: Float32Array, reach: Float32Array, offset: number): number {
  for (let t = 0; t < THUMB_TOUCHES; t++) {
    let nearest = TOUCHED[TOUCH_STARTS[t]!]!;
    for (let i = TOUCH_STARTS[t]! + 1; i < TOUCH_STARTS[t + 1]!; i++) if (v[TOUCHED[i]!]! < v[nearest]!) nearest = TOUCHED[i]!;
    if (v[nearest]! > reach[offset + t]!) return nearest;
  }
  return -1;
}

/** Does `v`'s thumb tip lie across the palm in band `offset` of `bands` ([low, high): out, across)? */
export function thumbLiesAs(v: Float32Array, bands: Float32Array, offset: number): boolean {
  const across = v[THUMB_ACROSS]!;
  return across >= bands[offset]! && across < bands[offset + 1]!;
}

/** Does `v`'s index hook lie in band `offset` of `bands` ([low, high): hooked, straight, either)? */
export function hooksAs(v: Float32Array, bands: Float32Array, offset: number): boolean {
  const hook = v[INDEX_HOOK]!;
  return hook >= bands[offset]! && hook < bands[offset + 1]!;
}

/** Does `v`'s index/middle crossing lie in band `offset` of `bands` ([low, high))? */
export function crossesAs(v: Float32Array, bands: Float32Array, offset: number): boolean {
  const crossing = v[CROSSING]!;
  return crossing >= bands[offset]! && crossing < bands[offset + 1]!;
}
/** The first finger of `v` not in the state `fingers` (from `offset`, 4 of them) asks for, or -1. */
export function contradictedFinger(v: Float32Array, fingers: Int8Array, offset: number): number {
  for (let f = 0; f < 4; f++) {
    const straightness = v[FINGER_STRAIGHTNESS[f]!]!;
    const state = fingers[offset + f]!;
    if ((state === 1 && straightness < EXTENDED_AT) || (state === -1 && straightness > FOLDED_AT) || (state === -2 && straightness > CURLED_AT)) return f;
  }
  return -1;
}

/** Does `v` point as band `offset` of `bands` (low, high) asks? A band only binds a hand whose
 * definition extends the index; a wider one (-180..180) is any direction. */
export function pointsAs(v: Float32Array, bands: Float32Array, offset: number, descriptor: number): boolean {
  const direction = v[descriptor]!;
  return direction >= bands[offset]! && direction <= bands[offset + 1]!;
}

/**
 * How much a difference on descriptor `k` of hand `v` counts: a place along the knuckles' line
 * (hand_descriptors.ts acrossKnuckles: the thumb's) by how much of that line the camera sees
 * (knucklesInView, 0-1), every other descriptor in full. Edge-on, the place comes from the
 * tracker's depth: other people's C and Q seen from the side (the line 0.37-0.44 in the image,
 * most hands 0.7-1) read their thumb 4 to 4.6 scales from ours, and were refused on it alone.
 * The bench's readers of the distance (bench/signers-judge) count differences through it too.
 */
export function seenShare(v: Float32Array, k: number): number {
  return ACROSS_KNUCKLES[k] === 1 ? v[KNUCKLES_IN_VIEW]! : 1;
}
/** Does `v` agree with the sign's own definition (`model`'s gates: fingers, pointing, hook, crossing, what the thumb touches and which side it lies on, the fingers' curve)? The bench reads the judge's gates through it. */
export function agreesWithSign(v: Float32Array, model: CompiledHandshape): boolean {
  return (
    contradictedFinger(v, model.fingers, 0) < 0 &&
    pointsAs(v, model.pointing, 0, model.pointsWith) &&
    hooksAs(v, model.hook, 0) &&
    crossesAs(v, model.crossing, 0) &&
    untouchedTip(v, model.thumbReach, 0) < 0 &&
    thumbLiesAs(v, model.thumbSide, 0) &&
    middleJointBend(v) >= model.bend
  );
}

/** Does `v` agree with confusable sign `g`'s definition: its fingers, pointing, hook, crossing, what its thumb touches and which side it lies on, and its fingers' curve? */
export function couldBeCompetitor(v: Float32Array, model: CompiledHandshape, g: number): boolean {
  return (
    contradictedFinger(v, model.contrastFingers, 4 * g) < 0 &&
    pointsAs(v, model.contrastPointing, 2 * g, model.contrastPointsWith[g]!) &&
    hooksAs(v, model.contrastHook, 2 * g) &&
    crossesAs(v, model.contrastCrossing, 2 * g) &&
    untouchedTip(v, model.contrastThumbReach, THUMB_TOUCHES * g) < 0 &&
    thumbLiesAs(v, model.contrastThumbSide, 2 * g) &&
    middleJointBend(v) >= model.contrastBend[g]!
  );
}
