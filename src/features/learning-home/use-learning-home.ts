// The learning home's data (product.md §3 Data, §4 States): the user's record (max level, language,
// progress), the shown level's chapters from the session cache or the database, and the level
// unlock when every chapter of the highest unlocked level is complete.
import { useEffect, useRef, useState } from 'react';
import { getLevel } from '@/lib/data/content.ts';
import { getUserRecord, raiseMaxLevel } from '@/lib/data/users.ts';
import { syncLearnerSession } from '@/lib/session-storage/learner-session.ts';
import {
  clearLevelCaches,
  lessonProgress,
  readLevelChapters,
  readSession,
  removeSession,
  writeLevelChapters,
  writeSession,
  type CurrentLevelChaptersData,
  type LevelChapters,
} from '@/lib/session-storage/session-storage.ts';
import { LEVEL_COUNT } from './level-picker.tsx';

export const chapterTotal = (chapter: LevelChapters[number]): number => chapter.number_of_lessons ?? chapter.lessons.length;

/** Every chapter's completed count (progress - 1) reached its number_of_lessons. */
export function isLevelComplete(levelIndex: number, chapters: LevelChapters): boolean {
  return chapters.length > 0 && chapters.every((chapter, i) => lessonProgress(levelIndex, i) - 1 >= chapterTotal(chapter));
}

function toChaptersData(chapters: LevelChapters): CurrentLevelChaptersData {
  return Object.fromEntries(
    chapters.map((chapter, i) => [String(i), { title: chapter.title ?? `Chapter ${i + 1}`, lessons: chapter.lessons }]),
  );
}

export interface LearningHome {
  /** null until the user's record is read. */
  maxLevel: number | null;
  levelIndex: number | null;
  /** The learner's language, once their record is read. */
  language: string | null;
  /** null while loading. */
  chapters: LevelChapters | null;
  selectLevel: (levelIndex: number) => void;
}

export function useLearningHome(uid: string, endOfChapterParam: boolean, onLevelUnlocked: () => void): LearningHome {
  const [maxLevel, setMaxLevel] = useState<number | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [levelIndex, setLevelIndex] = useState<number | null>(null);
  const [chapters, setChapters] = useState<LevelChapters | null>(null);
  const unlocking = useRef(false);

  useEffect(() => {
    let live = true;
    getUserRecord(uid)
      .then((record) => {
        if (!live) return;
        if (!record) {
          console.log('No user data available');
          setChapters([]);
          return;
        }
        // The session's progress is merged only when it is this language's (progress is per language).
        const lang = syncLearnerSession(record);
        const max = Math.min(LEVEL_COUNT, Math.max(1, record.info.maxLevel));
        setLanguage(lang);
        setMaxLevel(max);
        setLevelIndex(max - 1); // product.md §4 States: the initially shown level is maxLevel - 1 (index)
      })
      .catch((error: unknown) => {
        console.error('Failed to load user data', error);
        if (live) setChapters([]);
      });
    return () => {
      live = false;
    };
  }, [uid]);

  useEffect(() => {
    if (levelIndex === null || language === null) return;
    let live = true;
    setChapters(null);
    const show = (loaded: LevelChapters) => {
      writeSession('currentLevelChaptersData', toChaptersData(loaded));
      setChapters(loaded);
    };
    const languageChanged = readSession('lastLanguage') !== language;
    if (languageChanged) clearLevelCaches();
    const endOfChapter = endOfChapterParam || readSession('endOfChapter') === true;
    const cached = !languageChanged && !endOfChapter && readSession('lastLevel') === levelIndex ? readLevelChapters(levelIndex) : null;
    if (cached) {
      show(cached);
      return;
    }
    getLevel(language, levelIndex)
      .then((level) => {
        if (!live) return;
        const loaded: LevelChapters = level.chapters.map((chapter) => ({ ...chapter }));
        writeLevelChapters(levelIndex, loaded);
        writeSession('lastLevel', levelIndex);
        writeSession('lastLanguage', language);
        removeSession('endOfChapter');
        show(loaded);
      })
      .catch((error: unknown) => {
        // product.md §8 Errors: a level load failure is logged and the chapter list becomes empty.
        console.error('Failed to load level', error);
        if (live) setChapters([]);
      });
    return () => {
      live = false;
    };
  }, [levelIndex, language, endOfChapterParam]);

  useEffect(() => {
    if (!chapters || maxLevel === null || levelIndex === null || unlocking.current) return;
    if (levelIndex + 1 !== maxLevel || maxLevel >= LEVEL_COUNT) return;
    if (!isLevelComplete(levelIndex, chapters)) return;
    unlocking.current = true;
    const next = maxLevel + 1;
    raiseMaxLevel(uid, next)
      .then(() => {
        setMaxLevel(next);
        setLevelIndex(next - 1);
        onLevelUnlocked();
      })
      .catch((error: unknown) => console.error('Failed to unlock the next level', error))
      .finally(() => {
        unlocking.current = false;
      });
  }, [chapters, maxLevel, levelIndex, uid, onLevelUnlocked]);

  const selectLevel = (index: number) => {
    // product.md §4 States: level N can be chosen only when N is at most maxLevel.
    if (maxLevel === null || index + 1 > maxLevel || index < 0) return;
    setLevelIndex(index);
  };

  return { maxLevel, levelIndex, language, chapters, selectLevel };
}
