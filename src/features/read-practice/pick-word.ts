// The words the read practice spells: every word of the language's word lessons (levels 4-10,
// src/lib/data/curriculum.ts), drawn at random, never one of the last few again.
import { CURRICULUM, curriculumWords } from '@/lib/data/curriculum.ts';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';

/** The words read practice spells in `language` (none for a language without word lessons). */
export function readWords(language: string = DEFAULT_LANGUAGE): readonly string[] {
  return curriculumWords(CURRICULUM[language] ?? []);
}

export const READ_WORDS: readonly string[] = readWords(DEFAULT_LANGUAGE);
/** Words not drawn again until this many others have been. */
const RECENT = 20;

export function pickWord(recent: readonly string[], random: () => number = Math.random, words: readonly string[] = READ_WORDS): string {
  const avoid = new Set(recent.slice(-RECENT));
  const choices = words.filter((word) => !avoid.has(word));
  const from = choices.length > 0 ? choices : words;
  return from[Math.floor(random() * from.length)]!;
}
