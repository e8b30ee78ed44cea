// Typed access to the session-stored values of product.md §3 Data. Every read is validated with
// zod: a value that is not valid JSON or has the wrong shape is removed and reads as absent, so
// a corrupted tab never crashes a page. Both the learning home and the camera screen write
// through this module.
import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';
import { sanitizeProgress } from '@/lib/data/progress-rule.ts';

const lessonSchema = z.object({ signs: z.array(z.string()), words: z.array(z.string()).optional() }).passthrough();
export type Lesson = z.infer<typeof lessonSchema>;

const chapterSchema = z
  .object({
    title: z.string().optional(),
    lessons: z.array(lessonSchema).default([]),
    number_of_lessons: z.number().int().nonnegative().optional(),
  })
  .passthrough();
export type Chapter = z.infer<typeof chapterSchema>;

/** One level's chapters as cached under `level_{n}`. */
export const levelChaptersSchema = z.array(chapterSchema);
export type LevelChapters = z.infer<typeof levelChaptersSchema>;

const chapterDataSchema = z.object({ title: z.string(), lessons: z.array(lessonSchema) });
export type ChapterData = z.infer<typeof chapterDataSchema>;
/** `currentLevelChaptersData`: chapter index -> title and lessons of the shown level. */
const currentLevelChaptersDataSchema = z.record(z.string(), chapterDataSchema);
export type CurrentLevelChaptersData = z.infer<typeof currentLevelChaptersDataSchema>;

/** `userProgress`: level index -> chapter index -> lesson progress (see `lessonProgress`). */
const userProgressSchema = z.record(z.string(), z.record(z.string(), z.number()));
export type UserProgress = z.infer<typeof userProgressSchema>;

const integerText = z.string().regex(/^\d+$/).transform(Number);

const keys = {
  uid: z.string().min(1),
  username: z.string(),
  email: z.string(),
  currentLanguage: z.string().min(1),
  lastLanguage: z.string().min(1),
  lastLevel: integerText,
  userProgress: z.string().transform(parseJson).pipe(userProgressSchema),
  currentLevelChaptersData: z.string().transform(parseJson).pipe(currentLevelChaptersDataSchema),
  endOfChapter: z.enum(['true', 'false']).transform((text) => text === 'true'),
} as const;

type Keys = typeof keys;
export type SessionKey = keyof Keys;
export type SessionValue<K extends SessionKey> = z.output<Keys[K]>;

function parseJson(text: string, ctx: z.RefinementCtx): unknown {
  try {
    return JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function readValidated<T>(key: string, schema: z.ZodType<T, string>): T | null {
  const store = storage();
  const raw = store?.getItem(key);
  if (raw === null || raw === undefined) return null;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  store?.removeItem(key); // corrupted: discard it rather than fail on every read
  return null;
}

/** The value under `key`, or null when absent or corrupted. */
export function readSession<K extends SessionKey>(key: K): SessionValue<K> | null {
  return readValidated(key, keys[key] as unknown as z.ZodType<SessionValue<K>, string>);
}

function serialize(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function writeSession<K extends SessionKey>(key: K, value: SessionValue<K>): void {
  storage()?.setItem(key, serialize(value));
}

export function removeSession(key: SessionKey | `level_${number}`): void {
  storage()?.removeItem(key);
}

/** Logout: every session value goes. */
export function clearSession(): void {
  storage()?.clear();
}

/** The learner's language; 'american' unless another was stored. */
export function currentLanguage(): string {
  return readSession('currentLanguage') ?? DEFAULT_LANGUAGE;
}

/** The learner switched language: the session's progress and cached chapters were the old
 * language's, so they go (the learning home reads the new language's from the database). */
export function switchSessionLanguage(language: string): void {
  removeSession('userProgress');
  removeSession('currentLevelChaptersData');
  removeSession('lastLevel');
  clearLevelCaches();
  writeSession('currentLanguage', language);
}

const levelKey = (levelIndex: number): `level_${number}` => `level_${levelIndex}`;
const levelCacheSchema = z.string().transform(parseJson).pipe(levelChaptersSchema);

/** The cached chapters of a level (`level_{n}`), or null. */
export function readLevelChapters(levelIndex: number): LevelChapters | null {
  return readValidated(levelKey(levelIndex), levelCacheSchema);
}

export function writeLevelChapters(levelIndex: number, chapters: LevelChapters): void {
  storage()?.setItem(levelKey(levelIndex), JSON.stringify(chapters));
}

/** Drops every `level_{n}` cache (the language changed). */
export function clearLevelCaches(): void {
  const store = storage();
  if (!store) return;
  const cached: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key && /^level_\d+$/.test(key)) cached.push(key);
  }
  for (const key of cached) store.removeItem(key);
}

/**
 * Lesson progress of one chapter (product.md §3 Data): the highest unlocked lesson index + 1, that
 * is the 1-based number of the lesson to do next; at least 1. Lesson index i is done when
 * i < progress - 1, open when i === progress - 1, locked when i >= progress. The chapter is
 * complete when progress - 1 (the completed count) reaches its number_of_lessons.
 */
export function lessonProgress(levelIndex: number, chapterIndex: number): number {
  const value = readSession('userProgress')?.[String(levelIndex)]?.[String(chapterIndex)];
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

/** Completed lessons of a chapter with `total` lessons, for 'Lessons done/total'. */
export function completedLessons(progress: number, total: number): number {
  return Math.max(0, Math.min(total, progress - 1));
}

/** Records that lesson `lessonIndex` was completed (the next one unlocks); returns the stored
 * progress value, which the camera screen then saves remotely. */
export function recordLessonCompleted(levelIndex: number, chapterIndex: number, lessonIndex: number): number {
  const progress = readSession('userProgress') ?? {};
  const level = (progress[String(levelIndex)] ??= {});
  const value = sanitizeProgress(lessonIndex + 2, level[String(chapterIndex)]);
  level[String(chapterIndex)] = value;
  writeSession('userProgress', progress);
  return value;
}

/** Replaces the whole progress map (loaded from the user's record). */
export function writeUserProgress(progress: UserProgress): void {
  writeSession('userProgress', progress);
}
