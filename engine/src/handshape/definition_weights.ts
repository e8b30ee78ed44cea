import { FINGER_STRAIGHTNESS, HAND_DESCRIPTORS, type HandDescriptor } from './hand_descriptors.ts';
import { foldsFinger, type FingerState, type Movement } from './manual_alphabet.ts';

/**
 * How much wider than one signer's scale people making the same letter differ, in the
 * single-descriptor test, on the descriptors where they differ most (hand_descriptors.ts
 * variesBetweenSigners, and the tighter curl of a finger the letter folds). Tuned on other
 * people's photographed letters by person (bench/signers-judge/tune_judge.ts, docs/engineer/judge.md):
 * tuned on the volunteers' photos or on the adult's, the best setting that reads no frame of
 * data/non-signs as a letter is 1. A wider scale (1.25 to 2) let 3 to 12 more of the volunteers'
 * letters through but read 2 to 91 non-sign frames as letters (a gripping hand's thumb is as far
 * from C's as another person's C thumb): the thumb alone does not tell a letter from a hand at
 * rest, so it stays at one signer's scale until more people's letters measure it per descriptor.
 */
export const BETWEEN_SIGNERS = 1;

/**
 * The weights a hand's descriptors have when it is compared with a letter, given the letter's
 * definition:
 * - `weights`, in the judge's distance: 1 / scale, or 0 for a descriptor that says nothing about
 *   the letter (the index/middle crossing where the letter folds one of them, the index's
 *   direction where it does not extend the index: needsUnfolded, needsExtended);
 * - `stepsBelow` and `stepsAbove`, in the single-descriptor test (no descriptor a whole category
 *   off), for a learner's value below and above the prototype's: the same, but
 *   1 / (scale x `betweenSigners`) where people differ most: the thumb's place and what it
 *   touches, the middle joints' bend, the fingertips' order (variesBetweenSigners), and, on the
 *   tighter side only, how far each finger the letter folds is curled (its straightness, middle
 *   joint and reach). One of them alone refuses a letter only when it is off by the wider scale
 *   several people show; they still count in full in the distance and the ratio test. An
 *   extended finger's reach (lengthWhenExtended: the finger's length, the person's hand) never
 *   refuses alone: 0 here. Nor, for a held letter that extends a finger, does what the thumb
 *   touches, how far a middle joint bends or the fingertips' order (variesBetweenSigners but
 *   TELLS_LETTERS_APART: 0 here): the extended fingers, their direction, crossing and hook define
 *   such a letter (matchHandshape's gates), and those are how one person makes it; they tell it
 *   from its neighbours in the distance and the ratio test, never alone (a judge should not hinge a letter
 *   on either alone: docs/engineer/judge.md, "What may refuse alone"). A letter that extends no finger (A E M N S T,
 *   C, O) is its thumb and its curl, so there they keep the test; so does a moving letter (J,
 *   Z), whose shape is all that tells it from any hand in motion (walking people's swinging
 *   hands read as J without it).
 * - `distanceBelow` and `distanceAbove`, in the distance, for a learner's value below and above
 *   the prototype's: `weights`, but a folded finger curled tighter counts TIGHTER_CURL of it.
 * `counted`: how many descriptors count. Runs once per sign, when a lesson is compiled or a model
 * built.
 *
 * ref: none in MediaPipe; the manual alphabet's definitions (manual_alphabet.ts).
 */
/**
 * How much a folded finger curled tighter than the prototype's counts, as a fraction of its
 * weight, in the distance and the single-descriptor test of a letter that also extends a finger
 * (D, G, I, K, L, P, Q, R, U, V, W, Y...: curled tighter, a folded finger is still folded; our
 * signer curls them loosely, 0.7, other people tightly, 0.2-0.5). Not for the fist letters,
 * where the curl's shape is part of the letter (E against S). Tuned by person
 * (bench/signers-judge/tune_judge.ts, docs/engineer/judge.md): with X's hooked index
 * (manual_alphabet.ts), all four split directions (tuned on the volunteers or on the adult,
 * MediaPipe's landmarks or our tracker's) choose 0.5.
 */
export const TIGHTER_CURL = 0.5;

/**
 * How far people making the same letter lie from our signer's nearest prototype, per descriptor,
 * in the single-descriptor test: the veto's scale is widened by this factor (absent: 1). Measured,
 * not chosen: bench/signers-judge/people_spread.ts takes, on other people's photographed letters
 * (each photo that agrees with its letter's definition, by the judge's own gates:
 * handshape_gates.ts agreesWithSign), every descriptor's difference from the letter's nearest
 * prototype in steps, pooled over letters, and sets the factor to a quantile of those differences
 * over maxSteps (never below 1). Whether to widen at all, and at which quantile (0, 0.9 or 0.95),
 * is learned with the rest of the judge (bench/signers-judge/learn_judge.ts): on every photograph
 * of data/real-photos, the 0.95 quantile, which widens only the thumb's place across the
 * knuckles, by 1.16. The distance and the ratio test keep one signer's scales: only the veto
 * widens.
 */
export const PEOPLE_SPREAD: Readonly<Record<string, number>> = { thumbAcross: 1.16 };

/**
 * Of the descriptors where people differ most, the two that still refuse a held letter that
 * extends a finger on their own: which side of the index the thumb is on (thumbAcross: out
 * beside the hand for L and Y, across the palm for B, U and W; Austrian L against D), and the
 * index/middle crossing (crossed for R; without it a flat hand with the fingers together read
 * as the Austrian SCH's spread fingers). The letters defined otherwise there lose them where
 * their definition says so (compiled_handshape.ts: thumbTouches, crossing 'thumbBetween').
 */
const TELLS_LETTERS_APART = new Set(['thumbAcross', 'indexMiddleCrossing']);

/**
 * Is descriptor `k` the straightness of the pinky, where the letter folds it, on its looser side
 * (straighter than the prototype's)? The letter's definition judges the pinky folded by this very
 * descriptor, up to FOLDED_AT (matchHandshape's finger gate); within the gate, how loosely one
 * person folds it is theirs: for a held letter that extends a finger, it counts in the distance,
 * never alone, as the thumb's side and the pointing do within theirs. Other people's H and P fold
 * the pinky to 0.62 and 0.82 where our signer's reach 0.23 and 0.48, and the single-descriptor
 * test refused both (2.9 to 3.2 scales). Only the pinky: with the ring finger too, a walking
 * person's hand hanging at rest (data/non-signs, index and middle straight down, ring 0.86 and
 * pinky 0.69) read as P; its ring finger still refuses it. The fists keep the test (their curl is
 * the letter: E against S), as do the moving letters, and so do the pinky's bends and reach (they
 * are not what the gate reads).
 */
const PINKY = 3;
const PINKY_STRAIGHT = FINGER_STRAIGHTNESS[PINKY]!;
const loosenedFold = (k: number, fingers: readonly FingerState[], side: 'lower' | 'higher'): boolean =>
  k === PINKY_STRAIGHT && foldsFinger(fingers[PINKY]) && HAND_DESCRIPTORS[k]!.tighter !== side;

export function definitionWeights(
  fingers: readonly FingerState[],
  betweenSigners: number = BETWEEN_SIGNERS,
  tighterCurl: number = TIGHTER_CURL,
  peopleSpread: Readonly<Record<string, number>> = PEOPLE_SPREAD,
  movement: Movement = 'held',
): { weights: Float64Array; stepsBelow: Float64Array; stepsAbove: Float64Array; distanceBelow: Float64Array; distanceAbove: Float64Array; counted: number } {
  const says = (d: HandDescriptor) =>
    d.definitionOnly !== true && (d.needsExtended ?? []).every((f) => fingers[f] === 'extended') && (d.needsUnfolded ?? []).every((f) => !foldsFinger(fingers[f]));
  const weights = Float64Array.from(HAND_DESCRIPTORS, (d) => (says(d) ? 1 / d.scale : 0));
  const extendsAFinger = fingers.some((state) => state === 'extended');
  const step = (side: 'lower' | 'higher') =>
    Float64Array.from(HAND_DESCRIPTORS, (d, k) => {
      if (d.lengthWhenExtended && d.finger !== undefined && fingers[d.finger] === 'extended') return 0;
      if (d.variesBetweenSigners && extendsAFinger && movement === 'held' && !TELLS_LETTERS_APART.has(d.name)) return 0;
      if (loosenedFold(k, fingers, side) && extendsAFinger && movement === 'held') return 0;
      const people = Math.max(1, peopleSpread[d.name] ?? 1);
      const curl = d.finger !== undefined && foldsFinger(fingers[d.finger]) && d.tighter === side;
      if (curl && extendsAFinger) return (weights[k]! * tighterCurl) / betweenSigners / people;
      return (d.variesBetweenSigners || curl ? weights[k]! / betweenSigners : weights[k]!) / people;
    });
  const distance = (side: 'lower' | 'higher') =>
    Float64Array.from(HAND_DESCRIPTORS, (d, k) => (extendsAFinger && d.finger !== undefined && foldsFinger(fingers[d.finger]) && d.tighter === side ? weights[k]! * tighterCurl : weights[k]!));
  return { weights, stepsBelow: step('lower'), stepsAbove: step('higher'), distanceBelow: distance('lower'), distanceAbove: distance('higher'), counted: weights.filter((w) => w > 0).length };
}
