import { MANUAL_ALPHABET, type LetterDefinition } from '../manual_alphabet.ts';
import { ASQ_MANUAL_ALPHABET } from './asq.ts';
import { BZS_MANUAL_ALPHABET } from './bzs.ts';

/** Each sign language's manual alphabet the judge can serve, by ISO 639-3 code (ase: American). */
export const MANUAL_ALPHABETS: Readonly<Record<string, Readonly<Record<string, LetterDefinition>>>> = {
  ase: MANUAL_ALPHABET,
  asq: ASQ_MANUAL_ALPHABET,
  bzs: BZS_MANUAL_ALPHABET,
};

export function manualAlphabetOf(language: string): Readonly<Record<string, LetterDefinition>> {
  const alphabet = MANUAL_ALPHABETS[language];
  if (!alphabet) throw new Error(`no manual alphabet for sign language "${language}" (known: ${Object.keys(MANUAL_ALPHABETS).join(', ')})`);
  return alphabet;
}
