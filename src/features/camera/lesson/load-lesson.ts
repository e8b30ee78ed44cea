// product.md §4.7 Practice flow, step 1: the lesson's signs (from the session cache the learning home
// wrote, else the level fetched and cached) and each sign's reference record, compiled as one
// lesson by the engine (every matching mode's data). A sign without a usable record is kept
// without one: the session skips it with a message.
import type { CompiledMovement } from '@signlearn/engine/movement/compiled_movement';
import { compileLesson } from '@signlearn/engine/practice/compile_lesson';
import type { PracticeSign } from '@signlearn/engine/practice/practice_session';
import { spellWords, wordPracticeSigns } from '@signlearn/engine/practice/word_practice_signs';
import type { ReferenceSign, SkeletonGuide } from '@signlearn/engine/reference/reference_sign_schema';
import { loadChapter } from '@/lib/content/load-chapter.ts';
import { movementsOfSigns, signsOfChapter } from '@/lib/content/chapter-moving-signs.ts';
import { getSign } from '@/lib/data/content.ts';
import { wordLettersOf } from '@/lib/data/languages.ts';

export interface LessonAddress {
  levelIndex: number;
  chapterIndex: number;
  lessonIndex: number;
}

export interface LoadedLesson {
  signs: PracticeSign[];
  /** Lessons in this chapter: decides where 'Next Lesson' goes. */
  lessonCount: number;
  /** A word lesson's words (its signs are their letters, in order); absent for a lesson of signs. */
  words?: string[];
  /** The recorded skeletons of signs recorded from a clip (a record's `guide`), by sign name: their guides. */
  guides?: Record<string, SkeletonGuide>;
  /** When the lesson has a sign that moves: the chapter's other signs that move, which the judge
   * follows alongside (a sign completes only while none of them fits the learner better). */
  otherMovingSigns?: CompiledMovement[];
}

export const MISSING_PARAMS_MESSAGE = 'Missing chapter or level number in URL parameters.';

const indexParam = (value: string | null): number | null => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** level, chapter and lesson from the address (product.md §5 Validation: all three needed), or null. */
export function lessonAddress(search: URLSearchParams): LessonAddress | null {
  const levelIndex = indexParam(search.get('level'));
  const chapterIndex = indexParam(search.get('chapter'));
  const lessonIndex = indexParam(search.get('lesson'));
  if (levelIndex === null || chapterIndex === null || lessonIndex === null) return null;
  return { levelIndex, chapterIndex, lessonIndex };
}

async function loadRecord(language: string, name: string): Promise<ReferenceSign | null> {
  try {
    const record = await getSign(language, name);
    if (!record) console.warn(`No reference data for sign "${name}"`);
    return record ?? null;
  } catch (error) {
    console.warn(`Reference data for sign "${name}" could not be used`, error);
    return null;
  }
}

export async function loadLesson(language: string, address: LessonAddress): Promise<LoadedLesson> {
  const { lessons } = await loadChapter(language, address.levelIndex, address.chapterIndex);
  const lesson = lessons[address.lessonIndex];
  if (!lesson || lesson.signs.length === 0) {
    console.error('Session data is missing or undefined.');
    throw new Error('This lesson has no signs. Go back to the lesson list and pick another one.');
  }
  if (lesson.words && lesson.words.length > 0) {
    // A word lesson: each distinct letter's record once; the words' letters spelled in order, in
    // the language's alphabet (ÖGS SCHÖN is SCH, Ö, N).
    const lettersOf = wordLettersOf(language);
    const letters = [...new Set(spellWords(lesson.words, lettersOf).map((spelled) => spelled.letter))];
    const loaded = await Promise.all(letters.map((name) => loadRecord(language, name)));
    const signs = wordPracticeSigns(lesson.words, new Map(letters.map((name, i) => [name, loaded[i]!])), lettersOf);
    return { signs, lessonCount: lessons.length, words: lesson.words };
  }
  const records = await Promise.all(lesson.signs.map((name) => loadRecord(language, name)));
  const compiled = compileLesson(lesson.signs.map((name, i) => ({ name, record: records[i]! })));
  const guides = Object.fromEntries(lesson.signs.flatMap((name, i) => (records[i]?.guide ? [[name, records[i].guide]] : [])));
  // A lesson of one sign that moves (as a teacher publishes it) has no other sign in it to be told
  // apart from: the chapter's other signs that move are.
  const moves = compiled.some((sign) => sign?.movement);
  const otherMovingSigns = moves ? await movementsOfSigns(language, signsOfChapter(lessons, address.lessonIndex)) : [];
  return { signs: lesson.signs.map((name, i) => ({ name, compiled: compiled[i]! })), lessonCount: lessons.length, guides, otherMovingSigns };
}
