// The stats strip's curriculum figures, computed from the content (src/lib/data/curriculum.ts):
// product.md's 'over 500 words' and '5-8 min' are claims, and users see computed figures only:
// the letters and signs taught and the words the learner fingerspells with the letters, never more.
import { CURRICULUM, curriculumStats, PICKER_LEVEL_COUNT, type CurriculumStats } from '@/lib/data/curriculum.ts';
import { SIGN_LANGUAGES } from '@/lib/data/languages.ts';

/** '26 letters, 2 signs': the letters taught, and the signs that move when there are any. */
function lettersAndSigns(stats: CurriculumStats): string {
  const letters = `${stats.signCount - stats.movingSignCount} letters`;
  return stats.movingSignCount > 0 ? `${letters}, ${stats.movingSignCount} signs` : letters;
}

/** The sign languages with content, each with its letters, signs and words: 'Austrian Sign Language (ÖGS): 31 letters'. */
export function landingLanguages(curriculum = CURRICULUM): { key: string; name: string; content: string }[] {
  return SIGN_LANGUAGES.filter((language) => (curriculum[language.key]?.length ?? 0) > 0).map((language) => {
    const stats = curriculumStats(curriculum[language.key]);
    const words = stats.wordCount > 0 ? `, ${stats.wordCount} words` : '';
    return { key: language.key, name: language.name, content: `${lettersAndSigns(stats)}${words}` };
  });
}

export function landingStats(stats: CurriculumStats = curriculumStats()) {
  const { min, max } = stats.lessonMinutes;
  const letters = lettersAndSigns(stats);
  const words = stats.wordCount > 0 ? `${stats.wordCount} words to fingerspell` : null;
  return {
    lessonLength: min === max ? `${min} min` : `${min}-${max} min`,
    curriculum: `${PICKER_LEVEL_COUNT} levels → chapters → lessons`,
    /** '26 letters, 2 signs, 576 words to fingerspell' */
    signs: words ? `${letters}, ${words}` : letters,
    /** The closing call: what is waiting, in the same computed figures. */
    waiting: words ? `${letters} with guide animations and ${words} are waiting for you.` : `${letters} with guide animations are waiting for you.`,
  };
}

/** The landing FAQ's 'Which sign language does it teach?', from the languages with content: each
 * is taught whole (its alphabet and words, a recorded signer, the 3-D hand, read practice), so the
 * answer names them all and claims nothing one of them lacks. */
export function languagesFaq(curriculum = CURRICULUM): { question: string; answer: string } {
  const names = landingLanguages(curriculum).map((language) => language.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'none yet');
  const each = names.length > 1 ? 'Each' : 'It';
  return {
    question: 'Which sign language does it teach?',
    answer: `${list}. ${each} with its own manual alphabet, recorded from a signer of that language, then everyday words to fingerspell with it; a recorded signer to watch, a 3-D hand to copy and read practice in each. Pick the language on your learning home.`,
  };
}
