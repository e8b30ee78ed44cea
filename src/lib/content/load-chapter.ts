// One chapter's title and lessons, as the lessons page and the camera screen both need them
// (product.md §4.6 Levels and chapter data): from the session cache the learning home wrote (level_{n}, or
// currentLevelChaptersData for the last level shown), else fetched and cached.
import { getLevel } from '@/lib/data/content.ts';
import { readLevelChapters, readSession, writeLevelChapters, type Lesson } from '@/lib/session-storage/session-storage.ts';

export interface ChapterContent {
  title: string;
  lessons: Lesson[];
}

const fallbackTitle = (chapterIndex: number) => `Chapter ${chapterIndex + 1}`;

export function chapterFromSession(levelIndex: number, chapterIndex: number): ChapterContent | null {
  const cached = readLevelChapters(levelIndex)?.[chapterIndex];
  if (cached) return { title: cached.title || fallbackTitle(chapterIndex), lessons: cached.lessons };
  if (readSession('lastLevel') === levelIndex) {
    const data = readSession('currentLevelChaptersData')?.[String(chapterIndex)];
    if (data) return { title: data.title || fallbackTitle(chapterIndex), lessons: data.lessons };
  }
  return null;
}

/** The chapter, or an empty one (logged, as the product's console errors say) when the level lacks it. */
export async function loadChapter(language: string, levelIndex: number, chapterIndex: number): Promise<ChapterContent> {
  const cached = chapterFromSession(levelIndex, chapterIndex);
  if (cached) return cached;
  const level = await getLevel(language, levelIndex);
  writeLevelChapters(levelIndex, level.chapters);
  const chapter = level.chapters[chapterIndex];
  if (!chapter) {
    console.error('Current chapter data is undefined.');
    return { title: fallbackTitle(chapterIndex), lessons: [] };
  }
  return { title: chapter.title || fallbackTitle(chapterIndex), lessons: chapter.lessons };
}
