// Reading practice progress (product.md §2.11 Read practice), `users/{uid}/readPractice/{language}`: the rules (owner
// only; the best pace a number from 0.5 to 8 letters per second in quarter steps and the words read
// an integer from 1 to a million, both only rising; both required, nothing else; only languages
// with content; never deleted) and the app's data functions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, ref, remove, set, update, type Database } from 'firebase/database';
import { applyWordRead, EMPTY_READ_PROGRESS, getReadProgress, recordWordRead, snapPace } from '@/lib/data/read-practice.ts';
import { adminUpdate } from '../../server/admin-rest.ts';
import { admin, allowed, anonymousClient, closeClients, registeredUser } from './helpers.ts';

type User = Awaited<ReturnType<typeof registeredUser>>;
let owner: User;
let other: User;
let anonymous: Database;
beforeAll(async () => {
  owner = await registeredUser();
  other = await registeredUser();
  anonymous = anonymousClient().db;
});
afterAll(closeClients);

const write = (db: Database, path: string, value: unknown) => allowed(set(ref(db, path), value));
const read = (db: Database, path: string) => allowed(get(ref(db, path)));
const progress = (bestPace: unknown, wordsRead: unknown) => ({ bestPace, wordsRead });

describe('readPractice rules: who', () => {
  test('the owner writes and reads their own progress; another user and an anonymous client can do neither', async () => {
    const path = `users/${owner.uid}/readPractice/american`;
    expect(await write(owner.client.db, path, progress(1, 1))).toBe(true);
    expect(await read(owner.client.db, path)).toBe(true);
    expect(await write(other.client.db, path, progress(2, 5))).toBe(false);
    expect(await read(other.client.db, path)).toBe(false);
    expect(await write(anonymous, path, progress(2, 5))).toBe(false);
    expect(await read(anonymous, path)).toBe(false);
    expect(await allowed(update(ref(other.client.db), { [`users/${owner.uid}/readPractice/american/wordsRead`]: 9 }))).toBe(false);
    expect(await getReadProgress(owner.uid, 'american', owner.client.db)).toEqual({ bestPace: 1, wordsRead: 1 });
  });
});

describe('readPractice rules: what', () => {
  test('values only rise: a lower pace or count is refused, an equal or higher one kept', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const path = `users/${user.uid}/readPractice/american`;
    expect(await write(db, path, progress(2.5, 10))).toBe(true);
    expect(await write(db, path, progress(2.25, 11))).toBe(false);
    expect(await write(db, path, progress(2.5, 9))).toBe(false);
    expect(await write(db, `${path}/wordsRead`, 3)).toBe(false);
    expect(await write(db, `${path}/bestPace`, 1)).toBe(false);
    expect(await write(db, path, progress(2.5, 11))).toBe(true);
    expect(await write(db, `${path}/bestPace`, 3)).toBe(true);
    expect(await getReadProgress(user.uid, 'american', db)).toEqual({ bestPace: 3, wordsRead: 11 });
  });

  test('types and sizes: the pace in quarter steps from 0.5 to 8, the count an integer from 1 to a million', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const path = `users/${user.uid}/readPractice/american`;
    for (const bad of [
      progress('fast', 1), progress('1', 1), progress(0.25, 1), progress(8.25, 1), progress(1.1, 1), progress(true, 1),
      progress(1, 1.5), progress(1, 0), progress(1, -1), progress(1, 1_000_001), progress(1, '2'),
    ]) {
      expect(await write(db, path, bad), JSON.stringify(bad)).toBe(false);
    }
    expect(await write(db, path, progress(0.5, 1))).toBe(true);
    expect(await write(db, path, progress(8, 1_000_000))).toBe(true);
  });

  test('both values required, nothing else; only languages with content; never deleted', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const base = `users/${user.uid}/readPractice`;
    expect(await write(db, `${base}/american`, { bestPace: 1 })).toBe(false);
    expect(await write(db, `${base}/american`, { wordsRead: 1 })).toBe(false);
    expect(await write(db, `${base}/american`, { ...progress(1, 1), isAdmin: true })).toBe(false);
    expect(await write(db, `${base}/klingon`, progress(1, 1))).toBe(false);
    expect(await write(db, `${base}/american`, progress(1.75, 4))).toBe(true);
    expect(await allowed(remove(ref(db, `${base}/american`)))).toBe(false);
    expect(await allowed(remove(ref(db, base)))).toBe(false);
    expect(await write(db, `${base}/american/wordsRead`, null)).toBe(false);
    expect(await getReadProgress(user.uid, 'american', db)).toEqual({ bestPace: 1.75, wordsRead: 4 });
  });
});

describe('readPractice data functions', () => {
  test('recordWordRead counts a word and keeps the best pace; a slower word does not lower it', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    expect(await getReadProgress(user.uid, 'american', db)).toEqual(EMPTY_READ_PROGRESS);
    expect(await recordWordRead(user.uid, 'american', 1.5, db)).toEqual({ bestPace: 1.5, wordsRead: 1 });
    expect(await recordWordRead(user.uid, 'american', 2, db)).toEqual({ bestPace: 2, wordsRead: 2 });
    expect(await recordWordRead(user.uid, 'american', 1, db)).toEqual({ bestPace: 2, wordsRead: 3 });
    expect(await getReadProgress(user.uid, 'american', db)).toEqual({ bestPace: 2, wordsRead: 3 });
    expect(snapPace(1.13)).toBe(1.25);
    expect(snapPace(0.1)).toBe(0.5);
    expect(snapPace(20)).toBe(8);
    expect(applyWordRead({ bestPace: 3, wordsRead: 7 }, 2.6)).toEqual({ bestPace: 3, wordsRead: 8 });
  });

  test('junk stored before these rules reads as nothing read', async () => {
    const user = await registeredUser();
    await adminUpdate(admin(), `users/${user.uid}/readPractice`, { american: { bestPace: 'x', wordsRead: -4 } });
    expect(await getReadProgress(user.uid, 'american', user.client.db)).toEqual(EMPTY_READ_PROGRESS);
    await adminUpdate(admin(), `users/${user.uid}/readPractice`, { american: 'junk' });
    expect(await getReadProgress(user.uid, 'american', user.client.db)).toEqual(EMPTY_READ_PROGRESS);
  });
});
