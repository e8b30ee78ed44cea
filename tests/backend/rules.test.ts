// database.rules.json, proven rule by rule against the test database with the owner (a
// signed-in user), another signed-in user, and an anonymous client.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { child, get, ref, remove, set, update, type Database } from 'firebase/database';
import { adminGet, adminSet } from '../../server/admin-rest.ts';
import { admin, allowed, anonymousClient, closeClients, registeredUser, unique } from './helpers.ts';
import { CURRICULUM } from '@/lib/data/curriculum.ts';

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

const read = (db: Database, path: string) => allowed(get(path ? child(ref(db), path) : ref(db)));
const write = (db: Database, path: string, value: unknown) => allowed(set(ref(db, path), value));
const patch = (db: Database, path: string, value: Record<string, unknown>) => allowed(update(ref(db, path), value));

describe('users/{uid}: only the owner reads and writes', () => {
  test('owner reads and writes own record', async () => {
    expect(await read(owner.client.db, `users/${owner.uid}`)).toBe(true);
    expect(await write(owner.client.db, `users/${owner.uid}/currentLanguage`, 'american')).toBe(true);
    expect(await patch(owner.client.db, `users/${owner.uid}/info`, { email: owner.email })).toBe(true);
  });
  test('another user can neither read nor write it', async () => {
    expect(await read(other.client.db, `users/${owner.uid}`)).toBe(false);
    expect(await read(other.client.db, `users/${owner.uid}/info`)).toBe(false);
    expect(await write(other.client.db, `users/${owner.uid}/currentLanguage`, 'british')).toBe(false);
    expect(await patch(other.client.db, `users/${owner.uid}/info`, { username: 'hijack' })).toBe(false);
  });
  test('anonymous can neither read nor write it, nor list users', async () => {
    expect(await read(anonymous, `users/${owner.uid}`)).toBe(false);
    expect(await read(anonymous, 'users')).toBe(false);
    expect(await read(owner.client.db, 'users')).toBe(false);
    expect(await write(anonymous, `users/${owner.uid}/currentLanguage`, 'british')).toBe(false);
  });
  test('unknown fields are refused', async () => {
    expect(await write(owner.client.db, `users/${owner.uid}/isAdmin`, true)).toBe(false);
    expect(await write(owner.client.db, `users/${owner.uid}/info/role`, 'admin')).toBe(false);
  });
});

describe('users/{uid}/info/maxLevel: grows by one at a time, up to 10', () => {
  test('owner raises by one; skipping, lowering, non-numbers and 11 are refused', async () => {
    const user = await registeredUser();
    const path = `users/${user.uid}/info/maxLevel`;
    expect(await write(user.client.db, path, 3)).toBe(false);
    expect(await write(user.client.db, path, '2')).toBe(false);
    expect(await write(user.client.db, path, 2)).toBe(true);
    expect(await write(user.client.db, path, 1)).toBe(false);
    expect(await write(user.client.db, path, 0)).toBe(false);
    for (let level = 3; level <= 10; level += 1) expect(await write(user.client.db, path, level)).toBe(true);
    expect(await write(user.client.db, path, 11)).toBe(false);
    expect(await write(other.client.db, path, 10)).toBe(false);
  });
});

describe('progress values: integers within the chapter that never decrease', () => {
  test('per language and the legacy progress array', async () => {
    const user = await registeredUser();
    // Level 3, chapter 3 has 3 lessons: progress runs from 1 to 4 (every lesson done).
    for (const path of [`users/${user.uid}/progressPerLanguage/american/2/2`, `users/${user.uid}/progress/2/2`]) {
      expect(await write(user.client.db, path, 'three')).toBe(false);
      expect(await write(user.client.db, path, 0)).toBe(false);
      expect(await write(user.client.db, path, 5)).toBe(false);
      expect(await write(user.client.db, path, 1001)).toBe(false);
      expect(await write(user.client.db, path, 3)).toBe(true);
      expect(await write(user.client.db, path, 2)).toBe(false);
      expect(await write(user.client.db, path, 3)).toBe(true);
      expect(await write(user.client.db, path, 4)).toBe(true);
      expect(await write(other.client.db, path, 4)).toBe(false);
      expect(await write(anonymous, path, 4)).toBe(false);
    }
  });
});

describe('usernames/{key}: claimed only with your own uid and profile, released only by its owner', () => {
  /** One update: the profile's name, its index entry, and the release of the old one. */
  const rename = (user: User, name: string, entry: unknown = { uid: user.uid }) =>
    allowed(update(ref(user.client.db), { [`users/${user.uid}/info/username`]: name, [`usernames/${name.toLowerCase()}`]: entry, [`usernames/${user.username.toLowerCase()}`]: null })).then((ok) => {
      if (ok) user.username = name;
      return ok;
    });
  test('claiming with your own uid (with your profile, in one update) works; with someone else’s uid or anonymously it does not', async () => {
    const name = unique('claim');
    expect(await rename(other, name, { uid: owner.uid })).toBe(false);
    expect(await write(anonymous, `usernames/${name}`, { uid: owner.uid })).toBe(false);
    expect(await rename(owner, name)).toBe(true);
  });
  test('a claimed name cannot be taken over, and only its owner releases it (by changing name)', async () => {
    const name = unique('held');
    expect(await rename(owner, name)).toBe(true);
    expect(await rename(other, name)).toBe(false);
    expect(await write(owner.client.db, `usernames/${name}`, { uid: other.uid })).toBe(false);
    expect(await allowed(remove(ref(other.client.db, `usernames/${name}`)))).toBe(false);
    expect(await allowed(remove(ref(anonymous, `usernames/${name}`)))).toBe(false);
    expect(await rename(owner, unique('next'))).toBe(true);
    expect((await get(child(ref(other.client.db), `usernames/${name}`))).exists()).toBe(false);
  });
  test('entries must be {uid} and names 3-20 characters', async () => {
    expect(await rename(owner, unique('bad'), { uid: owner.uid, extra: 1 })).toBe(false);
    expect(await rename(owner, unique('bad'), owner.uid)).toBe(false);
    expect(await rename(owner, 'ab')).toBe(false);
    expect(await rename(owner, 'a'.repeat(21))).toBe(false);
  });
  test('a single name can be looked up by anyone (registration checks it first); the index cannot be listed', async () => {
    expect(await read(anonymous, `usernames/${owner.username}`)).toBe(true);
    expect(await read(other.client.db, `usernames/${owner.username}`)).toBe(true);
    expect(await read(anonymous, 'usernames')).toBe(false);
    expect(await read(owner.client.db, 'usernames')).toBe(false);
  });
});

describe('content: readable by signed-in users, writable by nobody from the client', () => {
  beforeAll(async () => {
    // Another language's content lives under language/{language}/...
    await adminSet(admin(), 'language/rulestest', { levels: [{ chapters: [{ title: 'x', lessons: [{ signs: ['A'] }], number_of_lessons: 1 }] }] });
  });
  for (const path of ['levels', 'levels/0', 'signs', 'signs/A', 'language/rulestest/levels/0']) {
    test(`${path}`, async () => {
      expect(await read(owner.client.db, path)).toBe(true);
      expect(await read(other.client.db, path)).toBe(true);
      expect(await read(anonymous, path)).toBe(false);
      expect(await write(owner.client.db, `${path}/hack`, { x: 1 })).toBe(false);
      expect(await write(anonymous, `${path}/hack`, { x: 1 })).toBe(false);
    });
  }
  test('the root is neither readable nor writable', async () => {
    expect(await read(owner.client.db, '')).toBe(false);
    expect(await write(owner.client.db, 'anything', 1)).toBe(false);
  });
});

describe('feedback: written by the endpoints only (as admin), never by a client', () => {
  test('a signed-in user can neither add an entry nor read one back', async () => {
    const id = unique('fb');
    const entry = { feedback: 'The camera view is great.', createdAt: Date.now(), uid: owner.uid };
    expect(await write(owner.client.db, `feedback/${id}`, entry)).toBe(false);
    await adminSet(admin(), `feedback/${id}`, entry);
    expect(await read(owner.client.db, `feedback/${id}`)).toBe(false);
    expect(await read(owner.client.db, 'feedback')).toBe(false);
    expect(await write(owner.client.db, `feedback/${id}`, { ...entry, feedback: 'Overwritten text here' })).toBe(false);
    expect(await allowed(remove(ref(owner.client.db, `feedback/${id}`)))).toBe(false);
    expect(await adminGet(admin(), `feedback/${id}`)).toEqual(entry);
  });
  test('anonymous clients cannot write either, and sign feedback is the same', async () => {
    expect(await write(anonymous, `feedback/${unique('fb')}`, { feedback: 'Long enough text', createdAt: 1 })).toBe(false);
    const base = { feedback: 'This sign looks wrong', email: owner.email, createdAt: Date.now() };
    expect(await write(owner.client.db, `signFeedback/${unique('sf')}`, { ...base, sign: 'A' })).toBe(false);
    expect(await read(owner.client.db, 'signFeedback')).toBe(false);
    expect(await read(anonymous, 'signFeedback')).toBe(false);
  });
});

describe('the seeded languages other than American (product.md §4.10 Sign language): asq and bzs', () => {
  const stats = { attempts: 2, completions: 1, flags: 0 };
  test('currentLanguage: american or a language with seeded levels, nothing else', async () => {
    const user = await registeredUser();
    const path = `users/${user.uid}/currentLanguage`;
    expect(await write(user.client.db, path, 'asq')).toBe(true);
    expect(await write(user.client.db, path, 'bzs')).toBe(true);
    expect(await write(user.client.db, path, 'american')).toBe(true);
    expect(await write(user.client.db, path, 'cse')).toBe(false); // a lexicon language without content
    expect(await write(user.client.db, path, 'ASQ')).toBe(false);
    expect(await write(other.client.db, path, 'asq')).toBe(false);
  });
  test('progressPerLanguage/{language}: bounded by that language’s own chapter', async () => {
    const user = await registeredUser();
    // asq level 1, chapter 1 has 3 lessons (1-4); bzs level 1, chapter 2 has 2 lessons (1-3).
    const asq = `users/${user.uid}/progressPerLanguage/asq/0/0`;
    expect(await write(user.client.db, asq, 5)).toBe(false);
    expect(await write(user.client.db, asq, 4)).toBe(true);
    expect(await write(user.client.db, asq, 3)).toBe(false);
    const bzs = `users/${user.uid}/progressPerLanguage/bzs/0/1`;
    expect(await write(user.client.db, bzs, 4)).toBe(false);
    expect(await write(user.client.db, bzs, 3)).toBe(true);
    // A chapter only the language lacks: bzs level 1 has 2 chapters.
    expect(await write(user.client.db, `users/${user.uid}/progressPerLanguage/bzs/0/2`, 1)).toBe(false);
    expect(await write(user.client.db, `users/${user.uid}/progressPerLanguage/cse/0/0`, 1)).toBe(false);
    // American progress is untouched by them.
    expect(await read(user.client.db, `users/${user.uid}/progressPerLanguage/american`)).toBe(true);
    expect(await adminGet(admin(), `users/${user.uid}/progressPerLanguage/american`)).toBeNull();
  });
  test('progressPerLanguage/{language} in the word levels 4-10: bounded by that language’s word chapter', async () => {
    const user = await registeredUser();
    for (const language of ['asq', 'bzs']) {
      const levels = CURRICULUM[language]!;
      // Level 4's first chapter and level 10's last, as seeded: 1 to its lessons + 1.
      for (const [level, chapter] of [[3, 0], [9, levels[9]!.chapters.length - 1]] as const) {
        const lessons = levels[level]!.chapters[chapter]!.number_of_lessons;
        expect(await adminGet(admin(), `language/${language}/levels/${level}/chapters/${chapter}/number_of_lessons`)).toBe(lessons);
        const path = `users/${user.uid}/progressPerLanguage/${language}/${level}/${chapter}`;
        expect(await write(user.client.db, path, lessons + 2), `${language} ${path}`).toBe(false);
        expect(await write(user.client.db, path, lessons + 1), `${language} ${path}`).toBe(true);
      }
      // No chapter past level 10's last, and no level 11.
      expect(await write(user.client.db, `users/${user.uid}/progressPerLanguage/${language}/9/${levels[9]!.chapters.length}`, 1)).toBe(false);
      expect(await write(user.client.db, `users/${user.uid}/progressPerLanguage/${language}/10/0`, 1)).toBe(false);
    }
  });
  test('letterStats/{language}/{letter}: only that language’s letters', async () => {
    const user = await registeredUser();
    const base = `users/${user.uid}/letterStats`;
    expect(await write(user.client.db, `${base}/asq/SCH`, stats)).toBe(true);
    expect(await write(user.client.db, `${base}/american/SCH`, stats)).toBe(false);
    expect(await write(user.client.db, `${base}/bzs/SCH`, stats)).toBe(false);
    expect(await write(user.client.db, `${base}/bzs/Ç`, stats)).toBe(true);
    expect(await write(user.client.db, `${base}/asq/Ç`, stats)).toBe(false);
    expect(await write(other.client.db, `${base}/asq/A`, stats)).toBe(false);
  });
  test('their content is readable by signed-in users only and writable by nobody', async () => {
    for (const path of ['language/asq/levels/0', 'language/asq/levels/3', 'language/bzs/levels/9', 'language/asq/signs/SCH', 'language/bzs/signs/Ç']) {
      expect(await read(owner.client.db, path)).toBe(true);
      expect(await read(anonymous, path)).toBe(false);
      expect(await write(owner.client.db, path, { configs: {} })).toBe(false);
    }
    expect(await adminGet(admin(), 'language/asq/levels/0/chapters/0/number_of_lessons')).toBe(3);
  });
});
