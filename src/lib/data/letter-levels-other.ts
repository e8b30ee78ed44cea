// Levels 1-3 of the languages other than American: their manual alphabets' letters, as
// American levels 1-3 teach theirs (curriculum.ts): two levels of alphabetical chapters, lessons of
// 3-5 letters, then a review level of the handshapes that are easy to confuse. The letters are
// those of the fingerspelling lexicons (data/fingerspelling-asq, -bzs) and their alphabets
// (engine/src/handshape/alphabets/); the review groups come from the alphabets' definitions (the
// same fingers extended and folded) and the wrong pairs the acceptance measured
// (docs/engineer/second-language.md: Ü>U, Ä>A, Ö>O, J>I, ẞ>S, Z>Q, R>Ü; Ç>C, H>R, H>U, J>I, K>R, X>G, Z>G, W>B).
import type { Lesson, Level } from './schemas.ts';

const lesson = (...signs: string[]): Lesson => ({ signs });
const chapter = (title: string, ...lessons: Lesson[]) => ({ title, lessons, number_of_lessons: lessons.length });

/** Austrian Sign Language (ÖGS): 31 letters, with SCH, the umlauts and ẞ. */
export const ASQ_LETTER_LEVELS: Level[] = [
  {
    chapters: [
      chapter('Letters A to I', lesson('A', 'B', 'C'), lesson('D', 'E', 'F'), lesson('G', 'H', 'I')),
      chapter('Letters J to R', lesson('J', 'K', 'L'), lesson('M', 'N', 'O'), lesson('P', 'Q', 'R')),
    ],
  },
  {
    chapters: [
      chapter('Letters S to Z', lesson('S', 'SCH', 'T'), lesson('U', 'V', 'W'), lesson('X', 'Y', 'Z')),
      chapter('Umlauts and ẞ', lesson('A', 'Ä', 'O', 'Ö'), lesson('U', 'Ü', 'S', 'ẞ')),
    ],
  },
  {
    chapters: [
      chapter('Closed fists', lesson('A', 'E', 'S', 'T'), lesson('D', 'G', 'L', 'T')),
      chapter('Two fingers', lesson('H', 'K', 'N', 'P'), lesson('Q', 'R', 'U', 'V'), lesson('R', 'Ü', 'Z', 'Q')),
      chapter('Open and round hands', lesson('B', 'SCH', 'F', 'W'), lesson('C', 'O', 'M', 'X'), lesson('I', 'J', 'Y')),
    ],
  },
];

/** Brazilian Sign Language (Libras): 27 letters, with Ç. */
export const BZS_LETTER_LEVELS: Level[] = [
  {
    chapters: [
      chapter('Letters A to H', lesson('A', 'B', 'C'), lesson('Ç', 'D', 'E'), lesson('F', 'G', 'H')),
      chapter('Letters I to O', lesson('I', 'J', 'K'), lesson('L', 'M', 'N', 'O')),
    ],
  },
  {
    chapters: [
      chapter('Letters P to U', lesson('P', 'Q', 'R'), lesson('S', 'T', 'U')),
      chapter('Letters V to Z', lesson('V', 'W', 'X', 'Y', 'Z')),
    ],
  },
  {
    chapters: [
      chapter('Closed hands', lesson('A', 'S', 'E', 'I'), lesson('D', 'G', 'L', 'X', 'Z')),
      chapter('Two fingers', lesson('H', 'K', 'N', 'P'), lesson('R', 'U', 'V', 'H', 'K')),
      chapter('Open and round hands', lesson('B', 'W', 'M', 'F', 'T'), lesson('C', 'Ç', 'O', 'Q'), lesson('I', 'J', 'Y')),
    ],
  },
];
