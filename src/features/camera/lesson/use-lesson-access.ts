// Whether the learner may practise a lesson: its level at most their maxLevel (product.md §6 Roles) and its
// index at most their progress in that chapter minus one (product.md §4.9 Lesson progress). The lessons
// page hides locked lessons; this check keeps a typed /camera address from opening one. The
// learner's record is read in any case, and the session's language and progress brought in step
// with it (a direct visit must practise the learner's language, not the session's default).
import { useEffect, useState } from 'react';
import { useAuthProfile } from '@/lib/auth/auth-state.ts';
import { loadLearnerSession } from '@/lib/session-storage/learner-session.ts';
import { lessonProgress, readSession } from '@/lib/session-storage/session-storage.ts';
import type { LessonAddress } from './load-lesson.ts';

export type LessonAccess = 'checking' | 'open' | 'locked';

/** `address`: the lesson asked for, or null for a practice that is no lesson (always open). */
export function useLessonAccess(address: LessonAddress | null): LessonAccess {
  const profile = useAuthProfile();
  const uid = profile?.uid ?? readSession('uid');
  const [access, setAccess] = useState<LessonAccess>('checking');
  useEffect(() => {
    if (!uid) return;
    let live = true;
    setAccess('checking');
    loadLearnerSession(uid)
      .then((record) => {
        if (!address) {
          if (live) setAccess('open');
          return;
        }
        // The session holds a just-completed lesson before the database write lands (auto-continue):
        // loadLearnerSession keeps the larger of the two.
        const progress = lessonProgress(address.levelIndex, address.chapterIndex);
        const open = address.levelIndex + 1 <= (record?.info.maxLevel ?? 1) && address.lessonIndex <= progress - 1;
        if (live) setAccess(open ? 'open' : 'locked');
      })
      .catch((error: unknown) => {
        console.error('Checking whether the lesson is unlocked failed', error);
        if (live) setAccess(address ? 'locked' : 'open');
      });
    return () => {
      live = false;
    };
  }, [uid, address]);
  return access;
}
