// Reading fingerspelling, `users/{uid}/readPractice/{language}`: the fastest pace at
// which the learner read a word right (letters per second, in PACE_STEP steps) and how many words
// they have read right. The rules (database.rules.json) let only the owner write, both values only
// rise, the pace within PACE_MIN..PACE_MAX in whole steps, the count an integer up to a million,
// nothing else, and only for a language with content. Read back leniently: junk reads as nothing.
import { child, get, ref, update, type Database } from 'firebase/database';
import { z } from 'zod';
import { defaultDatabase } from './database.ts';
import { paths } from './paths.ts';

/** Paces offered, in letters per second (the rules hold the same bounds). */
export const PACE_MIN = 0.5;
export const PACE_MAX = 8;
export const PACE_STEP = 0.25;
export const MAX_WORDS_READ = 1_000_000;

export interface ReadProgress {
  /** Fastest pace read right, letters per second; 0 before the first word. */
  bestPace: number;
  wordsRead: number;
}

export const EMPTY_READ_PROGRESS: ReadProgress = { bestPace: 0, wordsRead: 0 };

const readProgressSchema = z.object({
  bestPace: z.number().min(PACE_MIN).max(PACE_MAX).catch(0).default(0),
  wordsRead: z.number().int().min(0).max(MAX_WORDS_READ).catch(0).default(0),
});

/** A stored value -> ReadProgress (anything unreadable -> nothing read yet). */
export function parseReadProgress(value: unknown): ReadProgress {
  const parsed = readProgressSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : { ...EMPTY_READ_PROGRESS };
}

/** A pace snapped to the offered steps and bounds. */
export function snapPace(pace: number): number {
  const snapped = Math.round(pace / PACE_STEP) * PACE_STEP;
  return Math.min(PACE_MAX, Math.max(PACE_MIN, snapped));
}

export async function getReadProgress(uid: string, language: string, db: Database = defaultDatabase()): Promise<ReadProgress> {
  const snapshot = await get(child(ref(db), paths.readPractice(uid, language)));
  return parseReadProgress(snapshot.val());
}

/** The progress after a word read right at `pace` (pure): one more word, the best pace kept. */
export function applyWordRead(progress: ReadProgress, pace: number): ReadProgress {
  return {
    bestPace: Math.max(progress.bestPace, snapPace(pace)),
    wordsRead: Math.min(MAX_WORDS_READ, progress.wordsRead + 1),
  };
}

/**
 * Records a word read right: reads what is stored, applies it and writes the language's record
 * back in one update. Both values only rise, so a write another tab raced past is refused by the
 * rules rather than lowering anything. Returns what was stored.
 */
export async function recordWordRead(uid: string, language: string, pace: number, db: Database = defaultDatabase()): Promise<ReadProgress> {
  const path = paths.readPractice(uid, language);
  const stored = parseReadProgress((await get(child(ref(db), path))).val());
  const next = applyWordRead(stored, pace);
  await update(ref(db), { [path]: next });
  return next;
}
