// Words in difficulty order -> levels of chapters of lessons, the curriculum's shape (product.md §3 Data).

export const WORD_LEVEL_LAYOUT = {
  /** Levels 4-10: the picker's levels after the three letter levels. */
  levels: 7,
  /** A lesson takes words in order while it stays within both limits: four short words, or two
   * long ones; 12-16 letters, about a minute or two of spelling. */
  maxLessonWords: 4,
  maxLessonLetters: 16,
  lessonsPerChapter: 6,
} as const;

export interface WordChapter {
  title: string;
  lessons: string[][];
}
export interface WordLevel {
  chapters: WordChapter[];
}

/** How many letters a word is fingerspelled with: its characters for American; fewer where a letter is
 * written with several (ÖGS SCH). */
export type LetterCount = (word: string) => number;
const characters: LetterCount = (word) => word.length;

/** Splits `words` (easiest first) into `levels` runs as equal as can be, then each into lessons and chapters. */
export function layOutWordLevels(words: readonly string[], layout = WORD_LEVEL_LAYOUT, letterCount: LetterCount = characters): WordLevel[] {
  const levels: WordLevel[] = [];
  for (let level = 0; level < layout.levels; level++) {
    const from = Math.round((level * words.length) / layout.levels);
    const to = Math.round(((level + 1) * words.length) / layout.levels);
    const lessons = packLessons(words.slice(from, to).map((w) => w.toUpperCase()), layout, letterCount);
    const chapters: WordChapter[] = [];
    for (let start = 0; start < lessons.length; start += layout.lessonsPerChapter) {
      const chapterLessons = lessons.slice(start, start + layout.lessonsPerChapter);
      chapters.push({ title: chapterTitle(chapterLessons, letterCount), lessons: chapterLessons });
    }
    levels.push({ chapters });
  }
  return levels;
}

function packLessons(words: readonly string[], layout: typeof WORD_LEVEL_LAYOUT, letterCount: LetterCount): string[][] {
  const lessons: string[][] = [];
  let lesson: string[] = [];
  let letters = 0;
  for (const word of words) {
    if (lesson.length > 0 && (lesson.length >= layout.maxLessonWords || letters + letterCount(word) > layout.maxLessonLetters)) {
      lessons.push(lesson);
      lesson = [];
      letters = 0;
    }
    lesson.push(word);
    letters += letterCount(word);
  }
  if (lesson.length > 0) lessons.push(lesson);
  return lessons;
}

/** 'Words of 3-5 letters: AND, THE, YOU…': what the chapter holds, from its words. */
function chapterTitle(lessons: readonly string[][], letterCount: LetterCount): string {
  const words = lessons.flat();
  const lengths = words.map(letterCount);
  const [min, max] = [Math.min(...lengths), Math.max(...lengths)];
  return `Words of ${min === max ? min : `${min}-${max}`} letters: ${words.slice(0, 3).join(', ')}…`;
}
