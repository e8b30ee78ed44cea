// What the camera screen practises: a lesson of the curriculum (`?level=&chapter=&lesson=`), or a
// list of letters (`?letters=M,N,T`: the learning home's 'Practise my weakest letters'), which is
// no curriculum lesson: it unlocks nothing and saves no lesson progress, only the letters' statistics.
import { compileLesson } from '@signlearn/engine/practice/compile_lesson';
import { getSign } from '@/lib/data/content.ts';
import { loadLesson, type LessonAddress, type LoadedLesson } from './load-lesson.ts';

export type PracticeTarget = { kind: 'lesson'; address: LessonAddress } | { kind: 'letters'; letters: string[] };

/** At most this many letters in one letters practice. */
export const MAX_PRACTICE_LETTERS = 8;

/** `letters=M,N,T` -> ['M', 'N', 'T']: 1 to 8 distinct letters A-Z; anything else is null. */
export function lettersParam(search: URLSearchParams): string[] | null {
  const value = search.get('letters');
  if (value === null) return null;
  const letters = value.split(',').map((letter) => letter.trim().toUpperCase());
  if (letters.length === 0 || letters.length > MAX_PRACTICE_LETTERS || new Set(letters).size !== letters.length) return null;
  return letters.every((letter) => /^[A-Z]$/.test(letter)) ? letters : null;
}

export function loadPracticeTarget(language: string, target: PracticeTarget): Promise<LoadedLesson> {
  return target.kind === 'lesson' ? loadLesson(language, target.address) : loadLetters(language, target.letters);
}

async function loadLetters(language: string, letters: readonly string[]): Promise<LoadedLesson> {
  const records = await Promise.all(
    letters.map((name) =>
      getSign(language, name).catch((error: unknown) => {
        console.warn(`Reference data for sign "${name}" could not be used`, error);
        return null;
      }),
    ),
  );
  const compiled = compileLesson(letters.map((name, i) => ({ name, record: records[i] ?? null })));
  return { signs: letters.map((name, i) => ({ name, compiled: compiled[i]! })), lessonCount: 1 };
}

export function practiceTitle(target: PracticeTarget): string {
  if (target.kind === 'letters') return `Your weakest letters: ${target.letters.join(', ')}`;
  const { levelIndex, chapterIndex, lessonIndex } = target.address;
  return `Level ${levelIndex + 1} · Chapter ${chapterIndex + 1} · Lesson ${lessonIndex + 1}`;
}
