// The practice screen's lesson: loading while its signs are fetched and compiled, then ready, or
// the error to show. The screen also sets an error when the lesson cannot start (no landmark
// source), hence the setter.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { LoadedLesson } from './load-lesson.ts';
import { loadPracticeTarget, type PracticeTarget } from './practice-target.ts';

export type LessonState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; lesson: LoadedLesson };

export function usePracticeLesson(language: string, target: PracticeTarget): [LessonState, Dispatch<SetStateAction<LessonState>>] {
  const [lessonState, setLessonState] = useState<LessonState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadPracticeTarget(language, target)
      .then((lesson) => live && setLessonState({ status: 'ready', lesson }))
      .catch((error: unknown) => {
        console.error('Loading the lesson failed', error);
        if (live) setLessonState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [language, target]);
  return [lessonState, setLessonState];
}
