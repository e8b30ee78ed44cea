import { WORD_LETTER_PAUSE_MS } from '../core/constants.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import { compileLesson } from './compile_lesson.ts';
import type { PracticeSign } from './practice_session.ts';

/** One letter of a word lesson, in spelling order. */
export interface SpelledLetter {
  letter: string;
  /** Which word of the lesson, and which letter of that word (0-based). */
  wordIndex: number;
  letterIndex: number;
  /** The pause before it: WORD_LETTER_PAUSE_MS inside a word; absent (the 1 s pause, product.md §4.7) before a
   * word's first letter. */
  pauseBeforeMs?: number;
  /** The same letter as the one before it in the word (BOOK's second O): signed after a bounce. */
  awaitsRelease: boolean;
}

/** A word of a lesson in the American manual alphabet: 1 or more letters A-Z (J and Z traced). */
export const WORD_PATTERN = /^[A-Z]+$/;

/** The letters that spell a word, in order, or null when the word holds something the alphabet
 * lacks. The app gives each language's (src/lib/data/word-letters.ts: ÖGS SCHON is SCH, O, N). */
export type WordLetters = (word: string) => readonly string[] | null;

/** American: a word of letters A-Z, one letter a character. */
export const americanWordLetters: WordLetters = (word) => (WORD_PATTERN.test(word) ? [...word] : null);

/**
 * The letters a learner fingerspells for `words`, in order, with the word options of
 * PracticeSession: a short pause between the letters of a word, the 1 s pause (product.md §4.7) between words,
 * and a repeated letter that waits for its release. Throws for a word that `lettersOf` (the
 * language's spelling; American A-Z by default) cannot spell.
 */
export function spellWords(words: readonly string[], lettersOf: WordLetters = americanWordLetters): SpelledLetter[] {
  if (words.length === 0) throw new Error('spellWords: a word lesson needs at least one word');
  const spelled: SpelledLetter[] = [];
  words.forEach((word, wordIndex) => {
    const letters = lettersOf(word);
    if (!letters) throw new Error(`spellWords: "${word}" is not a word of the language's letters`);
    letters.forEach((letter, letterIndex) => {
      spelled.push({
        letter,
        wordIndex,
        letterIndex,
        ...(letterIndex > 0 ? { pauseBeforeMs: WORD_LETTER_PAUSE_MS } : {}),
        awaitsRelease: letterIndex > 0 && letters[letterIndex - 1] === letter,
      });
    });
  });
  return spelled;
}

/**
 * A word lesson's practice signs: `spellWords(words, lettersOf)`, each letter practised against its own
 * letter's reference record (null: the session skips that letter with a message). Each distinct
 * letter is compiled once, all of them together as one set (compileLesson), so a letter that
 * occurs twice shares its compiled data.
 */
export function wordPracticeSigns(
  words: readonly string[],
  records: ReadonlyMap<string, ReferenceSign | null>,
  lettersOf: WordLetters = americanWordLetters,
): PracticeSign[] {
  const spelled = spellWords(words, lettersOf);
  const distinct = [...new Set(spelled.map((s) => s.letter))];
  const compiled = compileLesson(distinct.map((name) => ({ name, record: records.get(name) ?? null })));
  const byLetter = new Map(distinct.map((name, i) => [name, compiled[i]!]));
  return spelled.map(({ letter, pauseBeforeMs, awaitsRelease }) => ({
    name: letter,
    compiled: byLetter.get(letter) ?? null,
    ...(pauseBeforeMs === undefined ? {} : { pauseBeforeMs }),
    ...(awaitsRelease ? { awaitsRelease } : {}),
  }));
}
