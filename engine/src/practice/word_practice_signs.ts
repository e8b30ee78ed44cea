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
  /** The pause before it: WORD_LETTER_PAUSE_MS inside a word; absent (the SPEC's 1 s) before a
   * word's first letter. */
  pauseBeforeMs?: number;
  /** The same letter as the one before it in the word (BOOK's second O): signed after a bounce. */
  awaitsRelease: boolean;
}

/** A word of a lesson: 1 or more letters A-Z (the manual alphabet's letters, J and Z traced). */
export const WORD_PATTERN = /^[A-Z]+$/;

/**
 * The letters a learner fingerspells for `words`, in order, with the word options of
 * PracticeSession: a short pause between the letters of a word, the SPEC's pause between words,
 * and a repeated letter that waits for its release. Throws for a word that is not A-Z letters.
 */
export function spellWords(words: readonly string[]): SpelledLetter[] {
  if (words.length === 0) throw new Error('spellWords: a word lesson needs at least one word');
  const letters: SpelledLetter[] = [];
  words.forEach((word, wordIndex) => {
    if (!WORD_PATTERN.test(word)) throw new Error(`spellWords: "${word}" is not a word of letters A-Z`);
    [...word].forEach((letter, letterIndex) => {
      letters.push({
        letter,
        wordIndex,
        letterIndex,
        ...(letterIndex > 0 ? { pauseBeforeMs: WORD_LETTER_PAUSE_MS } : {}),
        awaitsRelease: letterIndex > 0 && word[letterIndex - 1] === letter,
      });
    });
  });
  return letters;
}

/**
 * A word lesson's practice signs: `spellWords(words)`, each letter practised against its own
 * letter's reference record (null: the session skips that letter with a message). Each distinct
 * letter is compiled once, all of them together as one set (compileLesson), so a letter that
 * occurs twice shares its compiled data.
 */
export function wordPracticeSigns(words: readonly string[], records: ReadonlyMap<string, ReferenceSign | null>): PracticeSign[] {
  const spelled = spellWords(words);
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
