// The teacher role of database.rules.json: `teachers/{uid}`, written by an administrator only, lets
// a user publish signs (`signs/{name}`, or a language's) and add lessons to a chapter; a learner can
// do neither, nor make themselves a teacher, nor replace a seeded sign. Proven against the test
// database with a teacher, a learner and an anonymous client, through the app's own publishing
// function (src/features/teacher/publish-sign.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { child, get, ref, set, update, type Database } from 'firebase/database';
import { adminGet, adminSet, adminUpdate } from '../../server/admin-rest.ts';
import { getLevel, getSign } from '@/lib/data/content.ts';
import { isTeacher, publishSign } from '@/features/teacher/publish-sign.ts';
import { admin, allowed, anonymousClient, closeClients, registeredUser } from './helpers.ts';

type User = Awaited<ReturnType<typeof registeredUser>>;
let teacher: User;
let learner: User;
let anonymous: Database;

/** A small record of a sign that moves, as the teacher's page writes it. */
const record = {
  configs: { 'WAVE.gif': [{ right_hand: { config: { degreesOfFreedom: 20 }, angles: Array.from({ length: 16 }, () => 170) } }] },
  fps: 30,
  movement: { features: ['palmAcross', 'palmDown'], hand: 'right' as const, seconds: 1, keys: [[0.5, 0.1], [0.8, 0.1]] },
};

/** The same record as stored (the guide's file name encoded: src/lib/data/keys.ts), for writes by hand. */
const stored = { ...record, configs: { 'WAVE%2Egif': record.configs['WAVE.gif'] } };

beforeAll(async () => {
  teacher = await registeredUser();
  learner = await registeredUser();
  anonymous = anonymousClient().db;
  await adminUpdate(admin(), '', { [`teachers/${teacher.uid}`]: true });
});
afterAll(closeClients);

const write = (db: Database, path: string, value: unknown) => allowed(set(ref(db, path), value));
const patch = (db: Database, value: Record<string, unknown>) => allowed(update(ref(db), value));

describe('who is a teacher', () => {
  test('an administrator makes a teacher; nobody can make themselves one', async () => {
    expect(await isTeacher(teacher.uid, teacher.client.db)).toBe(true);
    expect(await isTeacher(learner.uid, learner.client.db)).toBe(false);
    expect(await write(learner.client.db, `teachers/${learner.uid}`, true)).toBe(false);
    expect(await write(teacher.client.db, `teachers/${learner.uid}`, true)).toBe(false);
    // Each reads only their own entry.
    expect(await allowed(get(child(ref(learner.client.db), `teachers/${teacher.uid}`)))).toBe(false);
    expect(await allowed(get(child(ref(anonymous), 'teachers')))).toBe(false);
  });
});

describe('a learner cannot write a sign', () => {
  test('neither a new sign, nor a seeded one, nor a lesson, at the root or in a language', async () => {
    const db = learner.client.db;
    expect(await write(db, 'signs/WAVE', { ...stored, publishedBy: learner.uid })).toBe(false);
    expect(await write(db, 'signs/A', { ...stored, publishedBy: learner.uid })).toBe(false);
    expect(await write(db, 'language/asq/signs/WAVE', { ...stored, publishedBy: learner.uid })).toBe(false);
    expect(await patch(db, { 'levels/0/chapters/2/lessons/5': { signs: ['WAVE'] }, 'levels/0/chapters/2/number_of_lessons': 6 })).toBe(false);
    await expect(publishSign({ uid: learner.uid, language: 'american', name: 'WAVE', levelIndex: 0, chapterIndex: 2 }, record, db)).rejects.toThrow(/permission/i);
    expect(await adminGet(admin(), 'signs/WAVE')).toBeNull();
    expect(await write(anonymous, 'signs/WAVE', stored)).toBe(false);
  });
});

describe('a teacher publishes a sign', () => {
  test('the record and a new lesson of it at the end of the chapter, in one update; learners read both', async () => {
    const before = await getLevel('american', 0, learner.client.db);
    const chapter = before.chapters.findIndex((c) => c.title === 'Greetings');
    const published = await publishSign({ uid: teacher.uid, language: 'american', name: 'WAVE', levelIndex: 0, chapterIndex: chapter }, record, teacher.client.db);
    expect(published.lessonIndex).toBe(before.chapters[chapter]!.lessons.length);
    const after = await getLevel('american', 0, learner.client.db);
    expect(after.chapters[chapter]!.lessons.at(-1)).toEqual({ signs: ['WAVE'] });
    expect(after.chapters[chapter]!.number_of_lessons).toBe(published.lessonIndex + 1);
    const sign = await getSign('american', 'WAVE', learner.client.db);
    expect(sign?.movement?.keys).toEqual(record.movement.keys);
    expect(Object.keys(sign!.configs)).toEqual(['WAVE.gif']);
    // Put the chapter back for the other tests of this run.
    await adminSet(admin(), `levels/0/chapters/${chapter}`, before.chapters[chapter]);
  });

  test('but not a seeded letter, a record without a movement, another name than the rules allow, or in another teacher\'s name', async () => {
    const db = teacher.client.db;
    expect(await write(db, 'signs/A', { ...stored, publishedBy: teacher.uid })).toBe(false);
    expect(await write(db, 'signs/WAVE2', { configs: stored.configs, publishedBy: teacher.uid })).toBe(false);
    expect(await write(db, 'signs/WAVE_2', { ...stored, publishedBy: teacher.uid })).toBe(false);
    expect(await write(db, 'signs/WAVE  TWO', { ...stored, publishedBy: teacher.uid })).toBe(false);
    expect(await write(db, 'signs/WAVE3', { ...stored, publishedBy: learner.uid })).toBe(false);
    // Nor remove a lesson or a chapter.
    expect(await patch(db, { 'levels/0/chapters/0/number_of_lessons': 1 })).toBe(false);
    expect(await write(db, 'levels/0/chapters/0', null)).toBe(false);
    expect(await write(db, 'levels/0/chapters/40', { title: 'x', lessons: [{ signs: ['A'] }], number_of_lessons: 1 })).toBe(false);
  });
});
