// Per-letter practice statistics, `users/{uid}/letterStats/{language}/{letter}`:
// attempts (counted once the learner's hand was seen trying the letter), completions, flags (skipped with the flag
// dialog), and the times of the last completions (`recentMs`, 9 slots, the slot of completion n
// being (n - 1) mod 9), from which the median time to complete is read. The rules
// (database.rules.json) let only the owner write them, counters as integers that never decrease,
// completions + flags never above attempts, times as integers up to 10 minutes, and only for a
// sign the language has. Values read back are parsed leniently: junk reads as nothing practised.
import { child, get, ref, update, type Database } from 'firebase/database';
import { z } from 'zod';
import { defaultDatabase } from './database.ts';
import { paths } from './paths.ts';

/** Completion times kept per letter: the median of the last 9. */
export const RECENT_TIMES = 9;
/** Longest time to complete stored (10 minutes); the rules refuse more. */
export const MAX_TIME_MS = 600_000;

export interface LetterStats {
  attempts: number;
  completions: number;
  flags: number;
  /** The last completions' times (ms), by slot; at most RECENT_TIMES. */
  recentMs: number[];
}

export const EMPTY_LETTER_STATS: LetterStats = { attempts: 0, completions: 0, flags: 0, recentMs: [] };

const count = z.number().int().min(0).catch(0).default(0);
const letterStatsSchema = z.object({
  attempts: count,
  completions: count,
  flags: count,
  recentMs: z
    .preprocess((v) => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []), z.array(z.unknown()))
    .transform((values) => values.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_TIME_MS).slice(0, RECENT_TIMES)),
});

/** A stored letter's value -> LetterStats (anything unreadable -> nothing practised). */
export function parseLetterStats(value: unknown): LetterStats {
  const parsed = letterStatsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { ...EMPTY_LETTER_STATS };
}

/** Every letter's statistics of a language, by sign name; letters never practised are absent. */
export async function getLetterStats(uid: string, language: string, db: Database = defaultDatabase()): Promise<Record<string, LetterStats>> {
  const snapshot = await get(child(ref(db), paths.letterStatsOf(uid, language)));
  const value: unknown = snapshot.val();
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([letter, stats]) => [letter, parseLetterStats(stats)]));
}

export type LetterEvent = { kind: 'attempt' } | { kind: 'completed'; timeMs: number } | { kind: 'flagged' };

/** The statistics after one event (pure). A completion's time goes to slot (completions - 1) mod 9. */
export function applyLetterEvent(stats: LetterStats, event: LetterEvent): LetterStats {
  const next: LetterStats = { ...stats, recentMs: [...stats.recentMs] };
  if (event.kind === 'attempt') next.attempts++;
  else if (event.kind === 'flagged') next.flags++;
  else {
    next.recentMs[next.completions % RECENT_TIMES] = Math.min(MAX_TIME_MS, Math.max(0, Math.round(event.timeMs)));
    next.completions++;
  }
  // An attempt ends once; the rules refuse completions + flags above attempts.
  next.attempts = Math.max(next.attempts, next.completions + next.flags);
  return next;
}

/**
 * Records one event of a letter: reads the stored statistics, applies the event and writes the
 * letter's whole record back (one update). Counters only grow, so a write another tab raced past
 * is refused by the rules rather than lowering anything. Returns what was stored.
 */
export async function recordLetterEvent(
  uid: string,
  language: string,
  letter: string,
  event: LetterEvent,
  db: Database = defaultDatabase(),
): Promise<LetterStats> {
  const path = paths.letterStats(uid, language, letter);
  const stored = parseLetterStats((await get(child(ref(db), path))).val());
  const next = applyLetterEvent(stored, event);
  await update(ref(db), { [path]: next });
  return next;
}

/** The median of the recent completion times, or null before the first completion. */
export function medianTimeMs(stats: LetterStats): number | null {
  const times = [...stats.recentMs].sort((a, b) => a - b);
  if (times.length === 0) return null;
  const mid = Math.floor(times.length / 2);
  return times.length % 2 === 1 ? times[mid]! : Math.round((times[mid - 1]! + times[mid]!) / 2);
}

/**
 * A letter completed at a median of this or faster is signed fluently: 1.5 s of correct signing
 * (the reference's practised slice) plus a little over a second to find the handshape.
 */
export const FLUENT_TIME_MS = 4000;
/** Strength at or above which a letter counts as strong. */
export const STRONG_AT = 0.75;

export type LetterStrength = 'strong' | 'weak' | 'untried';

/**
 * How well a letter is known, 0-1: the share of attempts completed, times a speed factor from
 * 0.5 (very slow) to 1 (median at or under FLUENT_TIME_MS). null when never practised.
 */
export function letterScore(stats: LetterStats | undefined): number | null {
  if (!stats || stats.attempts === 0) return null;
  const success = Math.min(1, stats.completions / stats.attempts);
  const median = medianTimeMs(stats);
  const speed = median === null ? 0 : Math.min(1, FLUENT_TIME_MS / Math.max(1, median));
  return success * (0.5 + 0.5 * speed);
}

export function letterStrength(stats: LetterStats | undefined): LetterStrength {
  const score = letterScore(stats);
  if (score === null) return 'untried';
  return score >= STRONG_AT ? 'strong' : 'weak';
}

/** The weakest practised letters, weakest first (ties: fewer completions, then the letter), at
 * most `count`; letters never practised are not among them (the chart shows them apart). */
export function weakestLetters(stats: Readonly<Record<string, LetterStats>>, count = 5): string[] {
  return Object.entries(stats)
    .map(([letter, s]) => ({ letter, score: letterScore(s), completions: s.completions }))
    .filter((entry): entry is { letter: string; score: number; completions: number } => entry.score !== null)
    .sort((a, b) => a.score - b.score || a.completions - b.completions || (a.letter < b.letter ? -1 : 1))
    .slice(0, count)
    .map((entry) => entry.letter);
}
