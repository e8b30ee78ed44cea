// Lesson progress `users/{uid}/progressPerLanguage/{language}/{level}/{chapter}` (product.md
// §3 Data, §5 Validation, §7 Calls): the number is the highest unlocked lesson index + 1 of that chapter.
import { child, get, ref, update, type Database } from 'firebase/database';
import { defaultDatabase } from './database.ts';
import { paths } from './paths.ts';
import { sanitizeProgress } from './progress-rule.ts';

export interface LessonProgressUpdate {
  /** Missing uid: product.md §7 Calls says the remote save is skipped. */
  uid: string | null | undefined;
  language: string;
  levelIndex: number;
  chapterIndex: number;
  /** The new progress number (highest unlocked lesson index + 1). */
  value: unknown;
  /** The value the app last knew, if any; the stored value is also never lowered. */
  previous?: unknown;
}

/**
 * Saves one chapter's progress with a multi-path update at the product's path. Returns the stored
 * number, or null when the save was skipped because the uid is missing (the app logs
 * 'updateProgress: missing uid in sessionStorage').
 */
export async function saveLessonProgress(
  progress: LessonProgressUpdate,
  db: Database = defaultDatabase(),
): Promise<number | null> {
  const { uid, language, levelIndex, chapterIndex } = progress;
  if (!uid) return null;
  const path = paths.lessonProgress(uid, language, levelIndex, chapterIndex);
  const stored = await get(child(ref(db), path));
  const value = sanitizeProgress(progress.value, Math.max(sanitizeProgress(progress.previous), sanitizeProgress(stored.val())));
  if (stored.val() !== value) await update(ref(db), { [path]: value });
  return value;
}
