// The data rules' refusals, rows 1, 2, 5, 6 and 7 (rows 3 and 4 are in crash.test.ts): what an attacker
// or a careless client tried with the real SDK, and what the rules and the app's own data
// functions must refuse.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { push, ref, remove, set, update, type Database } from 'firebase/database';
import { signIn, signUp } from '@/lib/firebase/auth.ts';
import { changeUsername, getUsernameOwner, isUsernameTaken } from '@/lib/data/usernames.ts';
import { getUserRecord, getUsername, raiseMaxLevel } from '@/lib/data/users.ts';
import { adminSet, adminUpdate } from '../../server/admin-rest.ts';
import { PASSWORD, admin, allowed, closeClients, codeOf, newClient, registeredUser, unique } from './helpers.ts';

type User = Awaited<ReturnType<typeof registeredUser>>;
let owner: User;
let other: User;
beforeAll(async () => {
  owner = await registeredUser();
  other = await registeredUser();
});
afterAll(closeClients);

const write = (db: Database, path: string, value: unknown) => allowed(set(ref(db, path), value));
const patch = (db: Database, path: string, value: Record<string, unknown>) => allowed(update(path ? ref(db, path) : ref(db), value));
const erase = (db: Database, path: string) => allowed(remove(ref(db, path)));

describe('row 1: one username per account, tied both ways to info/username', () => {
  test('a signed-in user cannot reserve names beside their own', async () => {
    const names = Array.from({ length: 5 }, () => unique('spare'));
    for (const name of names) expect(await write(owner.client.db, `usernames/${name}`, { uid: owner.uid }), name).toBe(false);
    for (const name of names) expect(await isUsernameTaken(name, owner.client.db)).toBe(false);
  });

  test('info/username cannot be set to a name someone else holds, nor to a name without its index entry', async () => {
    expect(await write(owner.client.db, `users/${owner.uid}/info/username`, other.username)).toBe(false);
    expect(await write(owner.client.db, `users/${owner.uid}/info/username`, unique('free'))).toBe(false);
    expect(await getUsername(owner.uid, owner.client.db)).toBe(owner.username);
  });

  test('claiming a second name with the profile but keeping the first is refused; a change releases the old one', async () => {
    const user = await registeredUser();
    const second = unique('second');
    expect(await patch(user.client.db, '', { [`usernames/${second}`]: { uid: user.uid }, [`users/${user.uid}/info/username`]: second })).toBe(false);
    await changeUsername(user.uid, user.username, second, user.client.db);
    expect(await getUsernameOwner(second, user.client.db)).toBe(user.uid);
    expect(await isUsernameTaken(user.username, user.client.db)).toBe(false);
  });

  test("another account's index entry can be neither taken over nor released", async () => {
    expect(await write(owner.client.db, `usernames/${other.username}`, { uid: owner.uid })).toBe(false);
    expect(await erase(owner.client.db, `usernames/${other.username}`)).toBe(false);
    // Nor can an owner release its own name while its profile still carries it.
    expect(await erase(owner.client.db, `usernames/${owner.username}`)).toBe(false);
    expect(await getUsernameOwner(owner.username, owner.client.db)).toBe(owner.uid);
  });
});

describe('row 2: no client writes to feedback/ or signFeedback/ (the endpoints write as admin)', () => {
  test('push and set are refused, signed in or not', async () => {
    const entry = { feedback: 'Long enough feedback text', createdAt: Date.now(), uid: owner.uid };
    expect(await allowed(Promise.resolve(push(ref(owner.client.db, 'feedback'), entry)))).toBe(false);
    expect(await write(owner.client.db, `feedback/${unique('fb')}`, entry)).toBe(false);
    expect(await write(owner.client.db, `signFeedback/${unique('sf')}`, { ...entry, sign: 'A', email: owner.email })).toBe(false);
    expect(await write(newClient().db, `feedback/${unique('fb')}`, { feedback: entry.feedback, createdAt: entry.createdAt })).toBe(false);
  });
});

describe('row 5: deletes cannot get around "maxLevel grows by one" and "progress never decreases"', () => {
  test('remove(info/maxLevel) then a jump, remove(progress), remove(info), remove(the record)', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const base = `users/${user.uid}`;
    await raiseMaxLevel(user.uid, 2, db);
    expect(await write(db, `${base}/progressPerLanguage/american/0/0`, 3)).toBe(true);
    expect(await write(db, `${base}/progress/0/0`, 3)).toBe(true);

    expect(await erase(db, `${base}/info/maxLevel`)).toBe(false);
    expect(await write(db, `${base}/info/maxLevel`, 5)).toBe(false);
    expect(await erase(db, `${base}/progressPerLanguage`)).toBe(false);
    expect(await erase(db, `${base}/progressPerLanguage/american`)).toBe(false);
    expect(await erase(db, `${base}/progressPerLanguage/american/0/0`)).toBe(false);
    expect(await write(db, `${base}/progressPerLanguage/american/0`, { 0: 1 })).toBe(false);
    expect(await erase(db, `${base}/progress`)).toBe(false);
    expect(await erase(db, `${base}/info`)).toBe(false);
    expect(await erase(db, base)).toBe(false);
    // Replacing info wholesale cannot reset maxLevel either.
    expect(await write(db, `${base}/info`, { username: user.username, email: user.email, maxLevel: 1 })).toBe(false);

    const record = await getUserRecord(user.uid, db);
    expect(record?.info.maxLevel).toBe(2);
    expect(record?.progressPerLanguage.american).toEqual({ 0: { 0: 3 } });
  });
});

describe("row 6: progress values are integers in range, at the curriculum's languages, levels and chapters", () => {
  test('junk, unknown languages and levels, fractions, huge updates are refused; a real value is accepted', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const base = `users/${user.uid}/progressPerLanguage`;
    expect(await write(db, `${base}/american/5`, 'junk')).toBe(false);
    expect(await write(db, `${base}/klingon`, 42)).toBe(false);
    expect(await write(db, `${base}/klingon/0/0`, 2)).toBe(false);
    expect(await write(db, `${base}/american/0/0`, 2.5)).toBe(false);
    expect(await write(db, `${base}/${'x'.repeat(66)}/999999/0`, 2)).toBe(false);
    expect(await write(db, `${base}/american/999999/0`, 2)).toBe(false);
    expect(await write(db, `${base}/american/0/99`, 2)).toBe(false);
    // Level 1, chapter 1 has 2 lessons: progress runs from 1 to 3 (every lesson done).
    expect(await write(db, `${base}/american/0/0`, 4)).toBe(false);
    expect(await write(db, `${base}/american/0/0`, 1e9)).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`${base}/american/${i}/0`, 2]));
    expect(await patch(db, '', many)).toBe(false);
    expect(await write(db, `${base}/american/0/0`, 3)).toBe(true);
    expect((await getUserRecord(user.uid, db))?.progressPerLanguage).toEqual({ american: { 0: { 0: 3 } } });
  });

  test('a record holding junk written before these rules still reads (the junk reads as no progress)', async () => {
    const user = await registeredUser();
    await adminUpdate(admin(), `users/${user.uid}/progressPerLanguage`, { american: { 0: { 0: 2 }, 5: 'junk' }, klingon: 42 });
    const record = await getUserRecord(user.uid, user.client.db);
    expect(record?.progressPerLanguage.american?.['0']).toEqual({ 0: 2 });
    expect(record?.progressPerLanguage.klingon).toEqual({});
  });
});

describe("row 7: usernames follow product.md §5 Validation's charset everywhere, trimmed, single-spaced, unique in any case", () => {
  const badNames = ['<script>alert(1)', '   ', 'Admin\u200b', '\u202Eevil', 'John/Doe', 'john.doe', 'tab\tname', 'no\u00a0break'];

  test.each(badNames.map((name) => [JSON.stringify(name), name]))('signUp refuses %s (invalid-username) and creates no account', async (_label, name) => {
    const client = newClient();
    const email = `${unique('bad')}@example.com`;
    expect(await codeOf(signUp({ username: name, email, password: PASSWORD }, client.auth, client.db))).toBe('invalid-username');
    expect(client.auth.currentUser).toBeNull();
    expect(await codeOf(signIn(email, PASSWORD, newClient().auth))).toBe('auth/invalid-credential');
  });

  test('the rules refuse the same names written straight with the SDK', async () => {
    const client = newClient();
    const { user } = await createUserWithEmailAndPassword(client.auth, `${unique('raw')}@example.com`, PASSWORD);
    for (const name of [...badNames.filter((n) => !/[./\t]/.test(n)), 'admin ', ' admin', 'two  spaces']) {
      const key = name.toLowerCase();
      const changes = { [`users/${user.uid}/info`]: { username: name, email: user.email, maxLevel: 1 }, [`usernames/${key}`]: { uid: user.uid } };
      expect(await patch(client.db, '', changes), JSON.stringify(name)).toBe(false);
    }
    // A key that is not the profile's name lowercased is refused too.
    const name = unique('Case');
    expect(await patch(client.db, '', { [`users/${user.uid}/info`]: { username: name, email: user.email, maxLevel: 1 }, [`usernames/${name}`]: { uid: user.uid } })).toBe(false);
    expect(await patch(client.db, '', { [`users/${user.uid}/info`]: { username: name, email: user.email, maxLevel: 1 }, [`usernames/${name.toLowerCase()}`]: { uid: user.uid } })).toBe(true);
  });

  test("'Admin' and 'admin ' are one name: trimmed, spaces collapsed, case ignored", async () => {
    const name = `Ad${unique('m')}`;
    const first = await registeredUser(name);
    expect(await getUsername(first.uid, first.client.db)).toBe(name);
    for (const variant of [name.toLowerCase(), `${name.toUpperCase()} `, ` ${name}`]) {
      const client = newClient();
      expect(await codeOf(signUp({ username: variant, email: `${unique('dup')}@example.com`, password: PASSWORD }, client.auth, client.db)), variant).toBe('username-taken');
    }
    const spaced = await registeredUser(`  Ana   ${unique('b').slice(0, 8)}  `);
    const display = (await getUsername(spaced.uid, spaced.client.db))!;
    expect(display).toMatch(/^Ana [a-z0-9]+$/);
    expect(await getUsernameOwner(display.toUpperCase(), spaced.client.db)).toBe(spaced.uid);
  });

  test('changeUsername applies the same rule', async () => {
    const user = await registeredUser();
    for (const name of badNames) expect(await codeOf(changeUsername(user.uid, user.username, name, user.client.db)), JSON.stringify(name)).toBe('invalid-username');
    expect(await codeOf(changeUsername(user.uid, user.username, other.username.toUpperCase(), user.client.db))).toBe('username-taken');
    expect(await getUsername(user.uid, user.client.db)).toBe(user.username);
  });
});

describe('product.md §8 Errors: changing your username to your current name', () => {
  test("says it is already your name (username-unchanged), not that it is in use; a change of case is a change", async () => {
    const name = `Mia${unique('x').slice(0, 10)}`;
    const user = await registeredUser(name);
    expect(await codeOf(changeUsername(user.uid, name, name, user.client.db))).toBe('username-unchanged');
    expect(await codeOf(changeUsername(user.uid, name, ` ${name} `, user.client.db))).toBe('username-unchanged');
    await changeUsername(user.uid, name, name.toLowerCase(), user.client.db);
    expect(await getUsername(user.uid, user.client.db)).toBe(name.toLowerCase());
    expect(await getUsernameOwner(name, user.client.db)).toBe(user.uid);
  });

  test('an account without a profile cannot take a name (no user record without its index entry, nor the reverse)', async () => {
    const client = newClient();
    const { user } = await createUserWithEmailAndPassword(client.auth, `${unique('noprofile')}@example.com`, PASSWORD);
    const name = unique('lone');
    expect(await codeOf(changeUsername(user.uid, null, name, client.db))).toBe('username-change-failed');
    expect(await isUsernameTaken(name, client.db)).toBe(false);
    await adminSet(admin(), `users/${user.uid}/currentLanguage`, 'american');
    expect(await codeOf(changeUsername(user.uid, null, name, client.db))).toBe('username-change-failed');
  });
});
