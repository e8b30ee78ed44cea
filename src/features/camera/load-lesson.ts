// SPEC 4 practice flow, step 1: the lesson's signs (from the session cache the learning home
// wrote, else the level fetched and cached) and each sign's reference record. A sign without a
// usable record is kept with a null reference: the session skips it with a message. The lesson's
// references are compiled as one set, so that precise mode's tolerances are narrowed against the
// lesson's other signs (engine/src/reference/contrast_precise_tolerances.ts).
import { compileReference } from '@signlearn/engine/reference/compile_reference';
import type { CompiledReference } from '@signlearn/engine/reference/compiled_reference';
import { contrastPreciseTolerances } from '@signlearn/engine/reference/contrast_precise_tolerances';
import type { PracticeSign } from '@signlearn/engine/practice/practice_session';
import { loadChapter } from '@/lib/content/load-chapter.ts';
import { getSign } from '@/lib/data/content.ts';

export interface LessonAddress {
  levelIndex: number;
  chapterIndex: number;
  lessonIndex: number;
}

export interface LoadedLesson {
  signs: PracticeSign[];
  /** Lessons in this chapter: decides where 'Next Lesson' goes. */
  lessonCount: number;
}

export const MISSING_PARAMS_MESSAGE = 'Missing chapter or level number in URL parameters.';

const indexParam = (value: string | null): number | null => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** level, chapter and lesson from the address (SPEC 5: all three needed), or null. */
export function lessonAddress(search: URLSearchParams): LessonAddress | null {
  const levelIndex = indexParam(search.get('level'));
  const chapterIndex = indexParam(search.get('chapter'));
  const lessonIndex = indexParam(search.get('lesson'));
  if (levelIndex === null || chapterIndex === null || lessonIndex === null) return null;
  return { levelIndex, chapterIndex, lessonIndex };
}

async function loadSign(language: string, name: string): Promise<CompiledReference | null> {
  try {
    const record = await getSign(language, name);
    if (!record) {
      console.warn(`No reference data for sign "${name}"`);
      return null;
    }
    return compileReference(name, record);
  } catch (error) {
    console.warn(`Reference data for sign "${name}" could not be used`, error);
    return null;
  }
}

/** The compiled references narrowed against each other (precise mode), the missing ones left null. */
function contrastLesson(references: (CompiledReference | null)[]): (CompiledReference | null)[] {
  const present = references.filter((reference): reference is CompiledReference => reference !== null);
  const contrasted = contrastPreciseTolerances(present);
  return references.map((reference) => (reference === null ? null : contrasted[present.indexOf(reference)]!));
}

export async function loadLesson(language: string, address: LessonAddress): Promise<LoadedLesson> {
  const { lessons } = await loadChapter(language, address.levelIndex, address.chapterIndex);
  const lesson = lessons[address.lessonIndex];
  if (!lesson || lesson.signs.length === 0) {
    console.error('Session data is missing or undefined.');
    throw new Error('This lesson has no signs. Go back to the lesson list and pick another one.');
  }
  const references = contrastLesson(await Promise.all(lesson.signs.map((name) => loadSign(language, name))));
  return { signs: lesson.signs.map((name, i) => ({ name, reference: references[i]! })), lessonCount: lessons.length };
}
