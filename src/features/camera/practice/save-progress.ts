// product.md §4.7 Practice flow, step 5 and product.md §7 Calls: at lesson completion the chapter's progress goes into session storage
// at once (the lesson list reads it) and to the database with the multi-path update, never lower
// than before. Without a uid in session storage the remote save is skipped, as product.md §7 Calls says.
import { saveLessonProgress } from '@/lib/data/progress.ts';
import { currentLanguage, readSession, recordLessonCompleted } from '@/lib/session-storage/session-storage.ts';
import type { LessonAddress } from '../lesson/load-lesson.ts';

export const MISSING_UID_MESSAGE = 'updateProgress: missing uid in sessionStorage';

/** Returns the stored progress number, or null when only the session copy was updated. */
export async function saveCompletedLesson({ levelIndex, chapterIndex, lessonIndex }: LessonAddress): Promise<number | null> {
  const value = recordLessonCompleted(levelIndex, chapterIndex, lessonIndex);
  const uid = readSession('uid');
  if (!uid) {
    console.error(MISSING_UID_MESSAGE);
    return null;
  }
  return saveLessonProgress({ uid, language: currentLanguage(), levelIndex, chapterIndex, value });
}
