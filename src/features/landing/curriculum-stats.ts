// The stats strip's curriculum figures, computed from the content (src/lib/data/curriculum.ts):
// the SPEC's 'over 500 words' and '5-8 min' are claims, and users see computed figures only.
import { curriculumStats, PICKER_LEVEL_COUNT, type CurriculumStats } from '@/lib/data/curriculum.ts';

export function landingStats(stats: CurriculumStats = curriculumStats()) {
  const { min, max } = stats.lessonMinutes;
  return {
    lessonLength: min === max ? `${min} min` : `${min}-${max} min`,
    curriculum: `${PICKER_LEVEL_COUNT} levels → chapters → lessons`,
    signs: `${stats.signCount} signs`,
  };
}
