// The curriculum (SPEC.md sections 1 and 3): levels -> chapters -> lessons -> sign names.
// Real content is the 26 recorded letters of the ASL manual alphabet: levels 1 and 2 teach them
// in order, level 3 reviews them grouped by handshapes that are easy to confuse. Levels 4-10
// have no content yet (the lessons page shows its empty text). Stats shown to users are
// computed from this data, never claimed.
import type { Level } from './schemas.ts';

/** SPEC 9: the level picker always offers 10 levels. */
export const PICKER_LEVEL_COUNT = 10;

const lesson = (...signs: string[]) => ({ signs });
const chapter = (title: string, ...lessons: Array<{ signs: string[] }>) => ({
  title,
  lessons,
  number_of_lessons: lessons.length,
});

/** `levels/{levelIndex}` for american, by 0-based level index. */
export const AMERICAN_LEVELS: Level[] = [
  {
    chapters: [
      chapter('Letters A to F', lesson('A', 'B', 'C'), lesson('D', 'E', 'F')),
      chapter('Letters G to M', lesson('G', 'H', 'I'), lesson('J', 'K', 'L', 'M')),
    ],
  },
  {
    chapters: [
      chapter('Letters N to S', lesson('N', 'O', 'P'), lesson('Q', 'R', 'S')),
      chapter('Letters T to Z', lesson('T', 'U', 'V'), lesson('W', 'X', 'Y', 'Z')),
    ],
  },
  {
    chapters: [
      chapter('Closed fists', lesson('A', 'E', 'S', 'T'), lesson('M', 'N', 'S', 'A', 'E')),
      chapter('Pointing fingers', lesson('D', 'G', 'H', 'I'), lesson('J', 'L', 'X', 'Y', 'Z')),
      chapter('Open and two-finger hands', lesson('B', 'C', 'O', 'F'), lesson('K', 'P', 'Q', 'R'), lesson('U', 'V', 'W', 'K', 'R', 'F')),
    ],
  },
];

/** Content per language; a language without an entry has no levels yet. */
export const CURRICULUM: Record<string, Level[]> = { american: AMERICAN_LEVELS };

/** Every sign a language's lessons use (each needs a reference record). */
export function curriculumSigns(levels: Level[]): string[] {
  return [...new Set(levels.flatMap((level) => level.chapters.flatMap((c) => c.lessons.flatMap((l) => l.signs))))].sort();
}

/**
 * Estimated practice time per sign, in seconds: watching the guide animation and matching the
 * reference's middle slice (about 150 frames at 30 frames/s is 5 s) takes a learner several
 * attempts; one minute a sign is the estimate the stats use.
 */
export const ESTIMATED_SECONDS_PER_SIGN = 60;

export interface CurriculumStats {
  /** Distinct signs taught. */
  signCount: number;
  levelsWithContent: number;
  chapterCount: number;
  lessonCount: number;
  /** Shortest and longest lesson, in signs and in estimated minutes. */
  signsPerLesson: { min: number; max: number };
  lessonMinutes: { min: number; max: number };
}

export function curriculumStats(levels: Level[] = AMERICAN_LEVELS): CurriculumStats {
  const lessons = levels.flatMap((level) => level.chapters.flatMap((c) => c.lessons));
  const sizes = lessons.map((l) => l.signs.length);
  const min = sizes.length ? Math.min(...sizes) : 0;
  const max = sizes.length ? Math.max(...sizes) : 0;
  const minutes = (signs: number) => Math.round((signs * ESTIMATED_SECONDS_PER_SIGN) / 60);
  return {
    signCount: curriculumSigns(levels).length,
    levelsWithContent: levels.filter((level) => level.chapters.length > 0).length,
    chapterCount: levels.reduce((n, level) => n + level.chapters.length, 0),
    lessonCount: lessons.length,
    signsPerLesson: { min, max },
    lessonMinutes: { min: minutes(min), max: minutes(max) },
  };
}
