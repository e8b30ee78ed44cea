// Level unlock (maxLevel) and lesson progress saving (product.md §4.6 Levels and chapter data, §4.9 Lesson progress, §5 Validation, §7 Calls).
import { afterAll, describe, expect, test } from 'vitest';
import { child, get, ref } from 'firebase/database';
import { errorCode } from '@/lib/data/errors.ts';
import { saveLessonProgress } from '@/lib/data/progress.ts';
import { sanitizeProgress } from '@/lib/data/progress-rule.ts';
import { getUserInfo, getUserRecord, progressForLanguage, raiseMaxLevel } from '@/lib/data/users.ts';
import { adminSet } from '../../server/admin-rest.ts';
import { admin, closeClients, registeredUser } from './helpers.ts';

afterAll(closeClients);

describe('level unlock', () => {
  test('maxLevel starts at 1 and rises one level at a time up to 10', async () => {
    const { client, uid } = await registeredUser();
    expect((await getUserInfo(uid, client.db))?.maxLevel).toBe(1);
    for (let level = 2; level <= 10; level += 1) {
      await raiseMaxLevel(uid, level, client.db);
      expect((await getUserInfo(uid, client.db))?.maxLevel).toBe(level);
    }
    // 11 is refused by the data layer before any write.
    await expect(raiseMaxLevel(uid, 11, client.db)).rejects.toMatchObject({ code: 'invalid-data' });
  });

  test('skipping a level or going back is refused by the rules', async () => {
    const { client, uid } = await registeredUser();
    await expect(raiseMaxLevel(uid, 3, client.db)).rejects.toMatchObject({ code: 'permission-denied' });
    await raiseMaxLevel(uid, 2, client.db);
    await expect(raiseMaxLevel(uid, 1, client.db)).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await getUserInfo(uid, client.db))?.maxLevel).toBe(2);
  });
});

describe('progress saving', () => {
  test('sanitising: non-numeric is 0, the result at least 1 and never below the previous value', () => {
    expect(sanitizeProgress('abc')).toBe(1);
    expect(sanitizeProgress(undefined)).toBe(1);
    expect(sanitizeProgress(Number.NaN)).toBe(1);
    expect(sanitizeProgress(0)).toBe(1);
    expect(sanitizeProgress(3)).toBe(3);
    expect(sanitizeProgress('4')).toBe(4);
    expect(sanitizeProgress(2, 5)).toBe(5);
    expect(sanitizeProgress('x', 3)).toBe(3);
    expect(sanitizeProgress(6, 'junk')).toBe(6);
  });

  test('writes users/{uid}/progressPerLanguage/{language}/{level}/{chapter} and never decreases', async () => {
    const { client, uid } = await registeredUser();
    // Level 3, chapter 3 has 3 lessons: progress runs from 1 to 4.
    const save = (value: unknown, previous?: unknown) =>
      saveLessonProgress({ uid, language: 'american', levelIndex: 2, chapterIndex: 2, value, previous }, client.db);
    expect(await save(2)).toBe(2);
    expect(await save(3)).toBe(3);
    expect(await save(2)).toBe(3);
    expect(await save('garbage')).toBe(3);
    expect(await save(1, 4)).toBe(4);
    const stored = await get(child(ref(client.db), `users/${uid}/progressPerLanguage/american/2/2`));
    expect(stored.val()).toBe(4);
    const record = await getUserRecord(uid, client.db);
    expect(progressForLanguage(record, 'american')).toEqual({ '2': { '2': 4 } });
  });

  test('a first save of a non-numeric value stores 1', async () => {
    const { client, uid } = await registeredUser();
    expect(await saveLessonProgress({ uid, language: 'american', levelIndex: 2, chapterIndex: 0, value: null }, client.db)).toBe(1);
  });

  test('keeps languages apart (a language with content under language/{language}/)', async () => {
    await adminSet(admin(), 'language/british/levels', [{ chapters: [{ title: 'Greetings', lessons: [{ signs: ['A'] }, { signs: ['B'] }, { signs: ['C'] }], number_of_lessons: 3 }] }]);
    const { client, uid } = await registeredUser();
    await saveLessonProgress({ uid, language: 'american', levelIndex: 0, chapterIndex: 0, value: 2 }, client.db);
    await saveLessonProgress({ uid, language: 'british', levelIndex: 0, chapterIndex: 0, value: 3 }, client.db);
    const record = await getUserRecord(uid, client.db);
    expect(progressForLanguage(record, 'american')).toEqual({ '0': { '0': 2 } });
    expect(progressForLanguage(record, 'british')).toEqual({ '0': { '0': 3 } });
  });

  test('is skipped (null, nothing written) when the uid is missing', async () => {
    const { client, uid } = await registeredUser();
    expect(await saveLessonProgress({ uid: undefined, language: 'american', levelIndex: 0, chapterIndex: 0, value: 3 }, client.db)).toBeNull();
    expect(await saveLessonProgress({ uid: '', language: 'american', levelIndex: 0, chapterIndex: 0, value: 3 }, client.db)).toBeNull();
    expect((await getUserRecord(uid, client.db))?.progressPerLanguage).toEqual({});
  });

  test("another user's progress cannot be written", async () => {
    const alice = await registeredUser();
    const bob = await registeredUser();
    const code = await saveLessonProgress({ uid: alice.uid, language: 'american', levelIndex: 0, chapterIndex: 0, value: 3 }, bob.client.db).then(
      () => 'resolved',
      (e: unknown) => String((e as Error).message ?? errorCode(e)),
    );
    expect(code).toMatch(/permission/i);
  });
});
