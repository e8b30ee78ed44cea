// ref: none (the way the lexicon languages' alphabets are written as data: asq.ts, bzs.ts)
import type { FingerState, LetterDefinition, Movement } from '../manual_alphabet.ts';

/** A finger the letter extends, folds, or leaves to the signer (curved, hooked, or not settled). */
export const E: FingerState = 'extended';
export const F: FingerState = 'folded';
export const X: FingerState = 'either';

/** A letter by its movement and its four fingers (index, middle, ring, pinky). Where the hand points
 * is not yet written for these alphabets ('any'). */
const letter = (movement: Movement, index: FingerState, middle: FingerState, ring: FingerState, pinky: FingerState): LetterDefinition => ({
  fingers: [index, middle, ring, pinky],
  movement,
  points: 'any',
});

/** A held letter: index, middle, ring, pinky. */
export const held = (index: FingerState, middle: FingerState, ring: FingerState, pinky: FingerState) => letter('held', index, middle, ring, pinky);
/** A moving letter (traced, shaken): index, middle, ring, pinky. */
export const moving = (index: FingerState, middle: FingerState, ring: FingerState, pinky: FingerState) => letter('moving', index, middle, ring, pinky);
