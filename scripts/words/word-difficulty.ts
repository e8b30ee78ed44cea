// A word's difficulty to fingerspell, 0 (easiest) to 1, from what we know: its length, how
// common it is, and how easily its letters are mistaken for others.
import type { FrequencyEntry } from './word-candidates.ts';

/** The weights of the three parts: length first (every letter is one more handshape to hold and
 * one more change of hand), then frequency and confusable letters alike. */
export const DIFFICULTY_WEIGHTS = { length: 0.4, rarity: 0.3, confusion: 0.3 } as const;

export interface ScoredWord extends FrequencyEntry {
  /** Each part scaled to 0-1 over the pool, and the weighted sum. */
  length: number;
  rarity: number;
  confusion: number;
  difficulty: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const scale = (value: number, min: number, max: number) => (max > min ? (value - min) / (max - min) : 0);

/**
 * Scores every word of the pool: length scaled from the shortest to the longest, rarity as the
 * log of its count scaled from the most to the least frequent, confusion as the mean
 * confusability of its letters scaled from the least to the most confusable word. Sorted easiest
 * first, ties by the word, so the order is the same on every run.
 */
export function scoreWords(pool: readonly FrequencyEntry[], confusability: ReadonlyMap<string, number>): ScoredWord[] {
  const letterMean = (word: string) => [...word.toUpperCase()].reduce((sum, letter) => {
    const value = confusability.get(letter);
    if (value === undefined) throw new Error(`no confusability for letter "${letter}" of "${word}"`);
    return sum + value;
  }, 0) / word.length;
  const lengths = pool.map((p) => p.word.length);
  const logs = pool.map((p) => Math.log(p.count));
  const confusions = pool.map((p) => letterMean(p.word));
  const [minLength, maxLength] = [Math.min(...lengths), Math.max(...lengths)];
  const [minLog, maxLog] = [Math.min(...logs), Math.max(...logs)];
  const [minConfusion, maxConfusion] = [Math.min(...confusions), Math.max(...confusions)];
  const scored = pool.map((entry, i) => {
    const length = scale(lengths[i]!, minLength, maxLength);
    const rarity = 1 - scale(logs[i]!, minLog, maxLog);
    const confusion = scale(confusions[i]!, minConfusion, maxConfusion);
    const w = DIFFICULTY_WEIGHTS;
    return {
      word: entry.word,
      count: entry.count,
      length: round(length),
      rarity: round(rarity),
      confusion: round(confusion),
      difficulty: round(w.length * length + w.rarity * rarity + w.confusion * confusion),
    };
  });
  return scored.sort((a, b) => a.difficulty - b.difficulty || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}
