/**
 * The ASL manual alphabet as the language describes it: for each letter, which of the four fingers
 * (index, middle, ring, pinky) are extended and which are folded, and whether the hand moves (J
 * and Z are traced). 'either' is a finger whose state is no part of the letter's definition (the
 * curved fingers of C and O, X's hooked index). Written from the manual alphabet, not measured;
 * the thumb's place and the fingers' directions are left to the measured prototypes, whose
 * descriptors carry them.
 */
export type FingerState = 'extended' | 'folded' | 'either';
export type Movement = 'held' | 'moving';
export interface LetterDefinition {
  fingers: readonly [FingerState, FingerState, FingerState, FingerState];
  movement: Movement;
}

const E = 'extended';
const F = 'folded';
const X = 'either';
const held = (index: FingerState, middle: FingerState, ring: FingerState, pinky: FingerState): LetterDefinition => ({ fingers: [index, middle, ring, pinky], movement: 'held' });

export const MANUAL_ALPHABET: Readonly<Record<string, LetterDefinition>> = {
  A: held(F, F, F, F), // fist, thumb alongside the index
  B: held(E, E, E, E), // flat hand, fingers together, thumb across the palm
  C: held(X, X, X, X), // fingers and thumb curved into a C
  D: held(E, F, F, F), // index up, the others curled onto the thumb
  E: held(F, F, F, F), // fingertips bent down onto the thumb
  F: held(X, E, E, E), // index and thumb touch in a circle, the others up and apart
  G: held(E, F, F, F), // index and thumb point sideways
  H: held(E, E, F, F), // index and middle point sideways together
  I: held(F, F, F, E), // pinky up
  J: { fingers: [F, F, F, E], movement: 'moving' }, // I, tracing a J with the pinky
  K: held(E, E, F, F), // index up, middle out, thumb between them
  L: held(E, F, F, F), // index up, thumb out: an L
  M: held(F, F, F, F), // three fingers folded over the thumb
  N: held(F, F, F, F), // two fingers folded over the thumb
  O: held(X, X, X, X), // all fingertips on the thumb: an O
  P: held(E, E, F, F), // K pointing down
  Q: held(E, F, F, F), // G pointing down
  R: held(E, E, F, F), // index and middle crossed
  S: held(F, F, F, F), // fist, thumb across the fingers
  T: held(F, F, F, F), // thumb between index and middle
  U: held(E, E, F, F), // index and middle up together
  V: held(E, E, F, F), // index and middle up apart
  W: held(E, E, E, F), // index, middle and ring up apart
  X: held(X, F, F, F), // index hooked
  Y: held(F, F, F, E), // thumb and pinky out
  Z: { fingers: [E, F, F, F], movement: 'moving' }, // index tracing a Z
};

/**
 * Where the finger states begin, on a finger's 3-D straightness (hand_descriptors.ts: the distance
 * knuckle -> tip over the finger's length, 1 straight, a fist's fingers 0.2-0.7): an extended
 * finger reads at least EXTENDED_AT, a folded one at most FOLDED_AT. The states are judged only
 * where they are unmistakable: the bands overlap widely, because a tracker reads a finger folded
 * towards the camera, or one blurred by movement, as nearly straight (the recorded J's folded
 * index reads up to 0.93, Q's middle up to 0.97). Finer differences are the prototypes' to judge.
 */
export const EXTENDED_AT = 0.75;
export const FOLDED_AT = 0.95;

/**
 * The stricter bands a reference is built with: a recording has frames to spare, and a frame in
 * which a folded finger reads as almost straight (Z's middle finger, 0.8-0.97, for seconds) is the
 * tracker's mistake, not the letter, however the learner's frames will be judged.
 */
export const TRAINING_EXTENDED_AT = 0.8;
export const TRAINING_FOLDED_AT = 0.9;
