// The words the read practice spells: every word of the curriculum's word lessons (levels 4-10,
// src/lib/data/curriculum.ts), drawn at random, never one of the last few again.
import { AMERICAN_LEVELS, curriculumWords } from '@/lib/data/curriculum.ts';

export const READ_WORDS: readonly string[] = curriculumWords(AMERICAN_LEVELS);
/** Words not drawn again until this many others have been. */
const RECENT = 20;

export function pickWord(recent: readonly string[], random: () => number = Math.random): string {
  const avoid = new Set(recent.slice(-RECENT));
  const choices = READ_WORDS.filter((word) => !avoid.has(word));
  const from = choices.length > 0 ? choices : READ_WORDS;
  return from[Math.floor(random() * from.length)]!;
}
