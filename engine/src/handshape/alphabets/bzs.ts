import type { LetterDefinition } from '../manual_alphabet.ts';
import { E, F, X, held, moving } from './letter_definition_shorthand.ts';

/**
 * The Brazilian Sign Language (Libras) manual alphabet, one-handed, as data for the same judge as
 * the American one (handshape/manual_alphabet.ts): for each letter of data/fingerspelling-bzs,
 * which of the four fingers (index, middle, ring, pinky) are extended and which folded, and
 * whether the hand moves. 'either': a finger the letter leaves curved or hooked, or whose state
 * the recording does not settle.
 *
 * Written from the letter's handshape as the Libras alphabet describes it and checked against the
 * one recorded signer (data/fingerspelling-bzs): each finger's 3-D straightness over the letter's
 * frames (docs/engineer/second-language.md lists the measurements). A finger is written 'extended' or
 * 'folded' only where both agree. The moving letters are Libras's: Ç (C shaken), H (turned), J
 * (traced), K (raised), X (index hooked and shaken), Z (traced); the recording shows each moving.
 * D, G and L have X's fingers with the index straight, X hooked: their index is 'straight'
 * (recorded hook G 7-9.5 degrees, L 5-8, D 5-10; X 22-48; docs/engineer/second-language.md).
 * Not reviewed by a signer of Libras.
 */

export const BZS_MANUAL_ALPHABET: Readonly<Record<string, LetterDefinition>> = {
  A: held(F, F, F, F), // fist, thumb alongside the index
  B: held(E, E, E, E), // flat hand up, thumb across the palm
  C: held(X, X, X, X), // fingers and thumb curved into a C
  Ç: moving(X, X, X, X), // C, shaken
  D: { ...held(E, F, F, F), hook: 'straight' }, // index straight up, the other fingertips on the thumb
  E: held(X, F, F, F), // fingers bent, tips towards the thumb (the recording's index half open)
  F: held(X, E, E, E), // index bent onto the thumb, the others up
  G: { ...held(E, F, F, F), hook: 'straight' }, // index straight up, thumb alongside
  H: moving(E, E, F, F), // index and middle out, the hand turned
  I: held(F, F, F, E), // pinky up
  J: { ...moving(F, F, F, E), handshapeOf: 'I' }, // I, tracing a J with the pinky (the frames of the turn, which read every finger open, are the tracker's: left out)
  K: moving(E, E, F, F), // index and middle up, thumb between them, the hand raised
  L: { ...held(E, F, F, F), hook: 'straight' }, // index straight up, thumb out: an L
  M: held(E, E, E, X), // index, middle and ring point down
  N: held(E, E, F, F), // index and middle point down
  O: held(X, X, X, X), // all fingertips on the thumb: an O
  P: held(E, E, F, F), // K pointing forward
  Q: held(E, X, F, F), // index points down, thumb out
  R: held(E, E, F, F), // index and middle crossed
  S: held(F, F, F, F), // fist, thumb across the fingers
  T: held(X, E, E, E), // index bent onto the thumb, the others up
  U: held(E, E, F, F), // index and middle up together
  V: held(E, E, F, F), // index and middle up apart
  W: held(E, E, E, F), // index, middle and ring up apart, the pinky folded under the thumb (recorded 0.77 median; read open, 0.92-0.99, in 5 of its 17 frames: as the hand jumps mid-letter and as it leaves)
  X: { ...moving(X, F, F, F), hook: 'hooked' }, // index hooked, shaken (the recording's hook 26-40 degrees at its 10th-90th percentile; Z's 6-25)
  Y: held(F, F, F, E), // thumb and pinky out
  Z: moving(E, X, F, F), // index tracing a Z
};
