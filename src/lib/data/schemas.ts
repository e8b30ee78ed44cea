// zod schemas for every value that enters the app from the database (product.md §3 Data).
// The Realtime Database stores arrays as objects keyed "0", "1", ... and returns them as arrays
// only when the keys are dense; `listOf` accepts both so that a sparse list still parses.
import { z } from 'zod';

/** A list that may arrive as an array or as an object with integer keys (holes dropped). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.filter((entry) => entry !== null && entry !== undefined);
    if (typeof value === 'object') {
      return Object.entries(value as Record<string, unknown>)
        .filter(([key]) => /^\d+$/.test(key))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, entry]) => entry);
    }
    return value;
  }, z.array(item));
}

/** A list kept at its indices: holes become `undefined` (progress per chapter, by index). */
function indexedNumbers() {
  return z.preprocess((value) => {
    if (value === null || value === undefined) return {};
    if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]).filter(([, v]) => v != null));
    return value;
  }, z.record(z.string().regex(/^\d+$/), z.unknown()));
}

export const userInfoSchema = z.object({
  username: z.string().optional(),
  email: z.string().optional(),
  // product.md §3 Data: the highest unlocked level, at least 1, default 1.
  maxLevel: z.coerce.number().int().min(1).catch(1).default(1),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** level index -> chapter index -> progress number (product.md §3 Data "userProgress"). */
export type LevelProgress = Record<string, Record<string, number>>;

const levelProgressSchema = z.preprocess(
  (value) => {
    // Anything that is not a level map (junk written before the rules checked it) is no progress.
    const levels = indexedNumbers().catch({}).parse(value);
    return Object.fromEntries(
      Object.entries(levels).map(([level, chapters]) => [
        level,
        Object.fromEntries(
          Object.entries(indexedNumbers().catch({}).parse(chapters)).map(([chapter, n]) => [
            chapter,
            typeof n === 'number' && Number.isFinite(n) ? n : 0,
          ]),
        ),
      ]),
    );
  },
  z.record(z.string(), z.record(z.string(), z.number())),
);

export const userRecordSchema = z.object({
  info: userInfoSchema.default({ maxLevel: 1 }),
  currentLanguage: z.string().catch('american').default('american'),
  progressPerLanguage: z.record(z.string(), levelProgressSchema).catch({}).default({}),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const usernameEntrySchema = z.object({ uid: z.string().min(1) });

/** A lesson: its signs in order; a word lesson (levels 4-10) also names its words, whose letters
 * its signs are (curriculum.ts): capitals, those of other alphabets too (ÖGS SCHÖN, GROẞ; Libras MOÇO). */
export const lessonSchema = z.object({ signs: listOf(z.string().min(1)), words: z.optional(listOf(z.string().regex(/^\p{Lu}+$/u))) });
export type Lesson = z.infer<typeof lessonSchema>;

export const chapterSchema = z.object({
  title: z.string().optional(),
  lessons: listOf(lessonSchema),
  number_of_lessons: z.number().int().min(0),
});
export type Chapter = z.infer<typeof chapterSchema>;

export const levelSchema = z.object({ chapters: listOf(chapterSchema) });
export type Level = z.infer<typeof levelSchema>;

// Reference sign records are validated with the engine's schema
// (@signlearn/engine/reference/reference_sign_schema), see content.ts.
