// The sign languages with content (product.md: "Other languages have their own level and sign content").
// American is the default and its content sits at the database root; every other language's under
// `language/{key}/` (paths.ts), keyed by its ISO 639-3 code, the code of the fingerspelling lexicon
// its letters were recorded from (data/fingerspelling-<key>, docs/engineer/second-language.md).
import { ASQ_LETTER_LEVELS, BZS_LETTER_LEVELS } from './letter-levels-other.ts';
import { DEFAULT_LANGUAGE } from './paths.ts';
import type { Level } from './schemas.ts';
import { lettersOfWord } from './word-letters.ts';

export interface SignLanguage {
  /** The database and guide-GIF key: 'american', or the ISO 639-3 code. */
  key: string;
  /** What the learner reads: 'Austrian Sign Language (ÖGS)'. */
  name: string;
  /** Short, for the menus: 'Austrian (ÖGS)'. */
  shortName: string;
  /** Shortest, where a phone's header has room for no more: 'ÖGS'. */
  abbreviation: string;
}

export const SIGN_LANGUAGES: readonly SignLanguage[] = [
  { key: DEFAULT_LANGUAGE, name: 'American Sign Language (ASL)', shortName: 'American (ASL)', abbreviation: 'ASL' },
  { key: 'asq', name: 'Austrian Sign Language (ÖGS)', shortName: 'Austrian (ÖGS)', abbreviation: 'ÖGS' },
  { key: 'bzs', name: 'Brazilian Sign Language (Libras)', shortName: 'Brazilian (Libras)', abbreviation: 'Libras' },
];

/** The language of `key`, or American for an unknown key (a stale session value). */
export function signLanguage(key: string): SignLanguage {
  return SIGN_LANGUAGES.find((language) => language.key === key) ?? SIGN_LANGUAGES[0]!;
}

const lettersOf = (levels: Level[]) => [...new Set(levels.flatMap((l) => l.chapters.flatMap((c) => c.lessons.flatMap((x) => x.signs))))];
const AMERICAN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const ALPHABETS: Record<string, readonly string[]> = { asq: lettersOf(ASQ_LETTER_LEVELS.slice(0, 2)), bzs: lettersOf(BZS_LETTER_LEVELS.slice(0, 2)) };

/** A language's letters in the order its levels 1-2 teach them (American: A-Z). */
export function lettersOfLanguage(key: string): readonly string[] {
  return ALPHABETS[key] ?? AMERICAN_LETTERS;
}

/** How a word is spelled in `key`'s manual alphabet (ÖGS SCHON: SCH, O, N), or null when it cannot be. */
export function wordLettersOf(key: string): (word: string) => string[] | null {
  const alphabet = lettersOfLanguage(key);
  return (word) => lettersOfWord(word, alphabet);
}
