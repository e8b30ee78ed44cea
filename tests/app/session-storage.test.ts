import { beforeEach, describe, expect, test } from 'vitest';
import {
  clearLevelCaches,
  clearSession,
  completedLessons,
  currentLanguage,
  lessonProgress,
  readLevelChapters,
  readSession,
  recordLessonCompleted,
  writeLevelChapters,
  writeSession,
} from '@/lib/session-storage/session-storage.ts';
import { sanitizeProgress } from '@/lib/data/progress-rule.ts';
import { MemoryStorage } from './memory-storage.ts';

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  (globalThis as { sessionStorage?: Storage }).sessionStorage = store;
});

describe('session storage', () => {
  test('typed values round-trip', () => {
    writeSession('uid', 'u1');
    writeSession('lastLevel', 3);
    writeSession('endOfChapter', true);
    writeSession('userProgress', { '0': { '1': 2 } });
    writeSession('currentLevelChaptersData', { '0': { title: 'T', lessons: [{ signs: ['A'] }] } });
    expect(readSession('uid')).toBe('u1');
    expect(readSession('lastLevel')).toBe(3);
    expect(store.getItem('lastLevel')).toBe('3');
    expect(readSession('endOfChapter')).toBe(true);
    expect(readSession('userProgress')).toEqual({ '0': { '1': 2 } });
    expect(readSession('currentLevelChaptersData')?.['0']?.title).toBe('T');
  });

  test('corrupted values read as absent and are discarded, never thrown', () => {
    store.setItem('userProgress', '{not json');
    store.setItem('currentLevelChaptersData', '[1,2,3]');
    store.setItem('lastLevel', 'three');
    store.setItem('endOfChapter', 'maybe');
    store.setItem('level_0', '{"chapters": "nope"}');
    store.setItem('uid', '');
    expect(readSession('userProgress')).toBeNull();
    expect(readSession('currentLevelChaptersData')).toBeNull();
    expect(readSession('lastLevel')).toBeNull();
    expect(readSession('endOfChapter')).toBeNull();
    expect(readSession('uid')).toBeNull();
    expect(readLevelChapters(0)).toBeNull();
    expect(store.getItem('userProgress')).toBeNull();
    expect(store.getItem('level_0')).toBeNull();
    expect(lessonProgress(0, 0)).toBe(1);
  });

  test('wrong value types inside valid JSON are rejected', () => {
    store.setItem('userProgress', JSON.stringify({ '0': { '0': 'many' } }));
    expect(readSession('userProgress')).toBeNull();
    store.setItem('userProgress', JSON.stringify([1, 2]));
    expect(readSession('userProgress')).toBeNull();
  });

  test('level caches: write, read, clear only level_{n}', () => {
    writeLevelChapters(2, [{ title: 'A', number_of_lessons: 1, lessons: [{ signs: ['A'] }] }]);
    writeSession('uid', 'u');
    expect(readLevelChapters(2)?.[0]?.title).toBe('A');
    clearLevelCaches();
    expect(readLevelChapters(2)).toBeNull();
    expect(readSession('uid')).toBe('u');
  });

  test('language defaults to american; clearSession empties everything', () => {
    expect(currentLanguage()).toBe('american');
    writeSession('currentLanguage', 'french');
    expect(currentLanguage()).toBe('french');
    clearSession();
    expect(store.length).toBe(0);
  });
});

describe('lesson progress', () => {
  test('defaults to 1 (lesson 1 open, nothing done)', () => {
    expect(lessonProgress(0, 0)).toBe(1);
    expect(completedLessons(1, 3)).toBe(0);
  });

  test('completing a lesson unlocks the next and never lowers progress', () => {
    expect(recordLessonCompleted(0, 1, 0)).toBe(2);
    expect(lessonProgress(0, 1)).toBe(2);
    expect(recordLessonCompleted(0, 1, 2)).toBe(4);
    expect(recordLessonCompleted(0, 1, 0)).toBe(4); // redoing lesson 1 keeps the progress
    expect(completedLessons(lessonProgress(0, 1), 3)).toBe(3);
    expect(completedLessons(9, 3)).toBe(3);
  });

  test('sanitizing: non-numeric becomes 0, the stored value is at least 1 and the previous', () => {
    expect(sanitizeProgress('x', undefined)).toBe(1);
    expect(sanitizeProgress(0, 0)).toBe(1);
    expect(sanitizeProgress(3, 5)).toBe(5);
    expect(sanitizeProgress('7', 2)).toBe(7);
    expect(sanitizeProgress(Number.NaN, 'junk')).toBe(1);
  });
});
