// Whether the learner may practise a lesson: its level at most their maxLevel (SPEC 6) and its
// index at most their progress in that chapter minus one (SPEC 4, lesson list rule). The lessons
// page hides locked lessons; this check keeps a typed /camera address from opening one.
import { useEffect, useState } from 'react';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { getUserRecord, progressForLanguage } from '@/lib/data/users.ts';
import { currentLanguage, lessonProgress, readSession } from '@/lib/session-storage/session-storage.ts';
import type { LessonAddress } from './load-lesson.ts';

export type LessonAccess = 'checking' | 'open' | 'locked';

export function useLessonAccess(address: LessonAddress | null): LessonAccess {
  const profile = useAuthProfile();
  const uid = profile?.uid ?? readSession('uid');
  const [access, setAccess] = useState<LessonAccess>('checking');
  useEffect(() => {
    if (!address || !uid) return;
    let live = true;
    setAccess('checking');
    getUserRecord(uid)
      .then((record) => {
        const stored = progressForLanguage(record, currentLanguage())[String(address.levelIndex)]?.[String(address.chapterIndex)] ?? 1;
        // The session holds a just-completed lesson before the database write lands (auto-continue).
        const progress = Math.max(stored, lessonProgress(address.levelIndex, address.chapterIndex));
        const open = address.levelIndex + 1 <= (record?.info.maxLevel ?? 1) && address.lessonIndex <= progress - 1;
        if (live) setAccess(open ? 'open' : 'locked');
      })
      .catch((error: unknown) => {
        console.error('Checking whether the lesson is unlocked failed', error);
        if (live) setAccess('locked');
      });
    return () => {
      live = false;
    };
  }, [uid, address]);
  return access;
}
