import type { LetterDefinition } from '../manual_alphabet.ts';
import { E, F, X, held, moving } from './letter_definition_shorthand.ts';

/**
 * The Austrian Sign Language (ÖGS) manual alphabet, one-handed, as data for the same judge as the
 * American one (handshape/manual_alphabet.ts): for each letter of data/fingerspelling-asq, which
 * of the four fingers (index, middle, ring, pinky) are extended and which folded, and whether the
 * hand moves. 'either': a finger the letter leaves curved or hooked, or whose state the recording
 * does not settle.
 *
 * Written from the letter's handshape as the ÖGS/DGS alphabet describes it and checked against the
 * one recorded signer (data/fingerspelling-asq): each finger's 3-D straightness over the letter's
 * frames (docs/engineer/second-language.md lists the measurements). A finger is written 'extended' or
 * 'folded' only where both agree; the moving letters are those the recording shows moving (the
 * wrist travelling at over 1.5 shoulder widths a second between arrival and departure; the umlauts
 * are their vowel shaken, ẞ and Z traced). Not reviewed by a signer of ÖGS.
 */

export const ASQ_MANUAL_ALPHABET: Readonly<Record<string, LetterDefinition>> = {
  A: held(F, F, F, F), // fist, thumb alongside the index
  Ä: moving(X, X, F, F), // A moved sideways back and forth (the recording's index and middle half open)
  B: held(E, E, E, E), // flat hand up, fingers together, thumb across the palm
  C: held(X, X, X, X), // fingers and thumb curved into a C
  D: { ...held(E, F, F, F), thumbTouches: 'middleTip' }, // index up, the other fingertips on the thumb
  E: held(F, F, F, F), // fingers bent down onto the thumb
  F: { ...held(X, E, E, E), thumbTouches: 'indexTip' }, // index and thumb touch, the others up
  G: held(E, F, F, F), // index and thumb point sideways
  H: held(E, E, F, F), // index and middle point sideways together
  I: held(F, F, F, E), // pinky up
  J: moving(F, F, F, E), // I, tracing a J with the pinky
  K: held(E, E, F, F), // index up, middle forward, thumb at the middle
  L: held(E, F, F, F), // index up, thumb out: an L
  M: held(E, E, E, F), // index, middle and ring point down
  N: held(E, E, F, F), // index and middle point down
  O: { ...held(X, X, X, X), thumbTouches: 'indexTip' }, // all fingertips on the thumb: an O
  Ö: moving(X, X, X, X), // O moved sideways back and forth
  P: held(E, E, F, F), // K pointing down
  Q: held(E, E, F, F), // index and middle point down, thumb out
  R: held(E, E, F, F), // index and middle crossed
  S: held(X, F, F, F), // fist, thumb over the fingers (the recording's index half open)
  SCH: held(E, E, E, E), // fingers spread, thumb out
  T: held(E, F, F, F), // index out, thumb against it
  U: held(E, E, F, F), // index and middle up together
  Ü: moving(E, E, F, F), // U moved sideways back and forth
  V: held(E, E, F, F), // index and middle up apart
  W: held(E, E, E, F), // index, middle and ring up apart
  X: held(X, X, F, F), // index hooked (the recording's middle half open)
  Y: held(F, F, F, E), // thumb and pinky out
  Z: moving(E, X, F, F), // index tracing a Z
  ẞ: moving(X, X, F, F), // S and Z in one movement
};
