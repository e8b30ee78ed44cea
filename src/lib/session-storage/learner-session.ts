// The session's copy of the learner's record: their language and that language's lesson progress,
// as the learning home writes them. A page opened directly (a new tab, a bookmark, a reload after
// the session was cleared) has no copy yet, and would otherwise read every chapter as untouched
// (lesson 1 open, the rest locked) and the language as American: each page that reads progress or
// the language first brings the session in step with the record here.
import { getUserRecord, progressForLanguage } from '@/lib/data/users.ts';
import type { UserRecord } from '@/lib/data/schemas.ts';
import { currentLanguage, readSession, writeSession, writeUserProgress, type UserProgress } from './session-storage.ts';

/** Remote progress merged into the session's, keeping the larger value of each chapter (a lesson
 * finished while the remote save failed, or whose save is still on its way, is not lost). */
export function mergeProgress(session: UserProgress | null, remote: UserProgress): UserProgress {
  const merged: UserProgress = structuredClone(remote);
  for (const [level, chapters] of Object.entries(session ?? {})) {
    const target = (merged[level] ??= {});
    for (const [chapter, value] of Object.entries(chapters)) target[chapter] = Math.max(target[chapter] ?? 0, value);
  }
  return merged;
}

/**
 * Writes the record's language and its progress (merged with the session's when the session holds
 * that language's) into the session. Returns the record's language.
 */
export function syncLearnerSession(record: UserRecord): string {
  const language = record.currentLanguage;
  const sessionProgress = currentLanguage() === language ? readSession('userProgress') : null;
  writeSession('currentLanguage', language);
  writeUserProgress(mergeProgress(sessionProgress, progressForLanguage(record, language)));
  return language;
}

/** Reads the learner's record and brings the session in step with it; null when there is none. */
export async function loadLearnerSession(uid: string): Promise<UserRecord | null> {
  const record = await getUserRecord(uid);
  if (record) syncLearnerSession(record);
  return record;
}
