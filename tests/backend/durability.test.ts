// The pieces that make the local stack keep what it acknowledged (docs/engineer/backend.md, "Durability"):
// the journal (group commit, rotation, a crash-cut tail), the tree replay and its compaction
// property, the stand-in acknowledging only journalled writes, the Auth proxy's reading of what a
// request changed, and the start-up reconciliation plan. crash.test.ts kills the real stack.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { child, get, ref } from 'firebase/database';
import { Journal, journalFiles, readJournals } from '../../server/durable-file.ts';
import { applyWrite, type TreeValue, type TreeWrite } from '../../server/tree-operations.ts';
import { journalPrefix, recoverDatabase } from '../../server/database-store.ts';
import { startDatabaseStandIn } from '../../server/database-standin.ts';
import { adminSet } from '../../server/admin-rest.ts';
import { changeOf } from '../../server/auth-proxy.ts';
import { planReconcile } from '../../server/reconcile.ts';
import { createFirebaseClient, closeFirebaseClient } from '@/lib/firebase/client.ts';
import { readFirebaseSettings } from '@/lib/firebase/config.ts';
import { registerUserRecord } from '@/lib/data/usernames.ts';

const OFFSET = Number(process.env.SIGNLEARN_TEST_PORT_OFFSET ?? 0) || 0;
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'signlearn-durability-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('journal', () => {
  test('an append resolves once its line is in the file; concurrent appends share syncs', async () => {
    const prefix = join(folder(), 'j');
    const journal = new Journal(prefix, 1);
    await journal.append({ n: 0 });
    expect(readFileSync(`${prefix}.1.jsonl`, 'utf8')).toBe('{"n":0}\n');
    await Promise.all(Array.from({ length: 200 }, (_, i) => journal.append({ n: i + 1 })));
    expect(readJournals<{ n: number }>([`${prefix}.1.jsonl`]).entries.map((e) => e.n)).toEqual(Array.from({ length: 201 }, (_, i) => i));
    expect(journal.stats.appends).toBe(201);
    expect(journal.stats.syncs).toBeLessThan(201);
    await journal.close();
  });

  test('past rotateBytes the next batch goes to a new file and the older files are handed over, all on disk', async () => {
    const prefix = join(folder(), 'j');
    const rotated: string[][] = [];
    const journal = new Journal(prefix, 1, { rotateBytes: 100, onRotate: (older) => rotated.push(older) });
    for (let i = 0; i < 20; i += 1) await journal.append({ line: i, pad: 'x'.repeat(20) });
    await journal.close();
    expect(rotated.length).toBeGreaterThan(2);
    const files = journalFiles(prefix).map((j) => j.file);
    expect(readJournals<{ line: number }>(files).entries.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(await new Journal(prefix, 99).rotate()).toEqual(files);
  });

  test('a line a crash cut off at the end of the last file is dropped; an unreadable line in an older file is an error', () => {
    const dir = folder();
    writeFileSync(join(dir, 'j.1.jsonl'), '{"a":1}\n{"a":2}\n');
    writeFileSync(join(dir, 'j.2.jsonl'), '{"a":3}\n{"a":4}\n{"a":');
    const files = journalFiles(join(dir, 'j')).map((j) => j.file);
    expect(readJournals(files)).toEqual({ entries: [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }], droppedLines: 1 });
    // Beyond the last sync, a power cut can leave zeros before later bytes: all of it is dropped.
    appendFileSync(join(dir, 'j.2.jsonl'), '\u0000\u0000\n{"a":5}\n');
    expect(readJournals(files)).toEqual({ entries: [{ a: 1 }, { a: 2 }, { a: 3 }, { a: 4 }], droppedLines: 2 });
    writeFileSync(join(dir, 'j.1.jsonl'), '{"a":1}\nnot json\n{"a":2}\n');
    expect(() => readJournals(files)).toThrow(/j\.1\.jsonl line 2 is unreadable/);
  });
});

describe('replaying writes', () => {
  const segment = fc.constantFrom('a', 'b', 'c');
  const path = fc.array(segment, { minLength: 0, maxLength: 3 }).map((s) => s.join('/'));
  const leaf = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant(null), fc.constant('x'));
  const value = fc.oneof(leaf, fc.dictionary(segment, leaf, { maxKeys: 2 }), fc.array(leaf, { maxLength: 2 }));
  const write: fc.Arbitrary<TreeWrite> = fc.oneof(
    fc.record({ op: fc.constant('set' as const), path, value }),
    fc.record({ op: fc.constant('update' as const), path, value: fc.dictionary(fc.array(segment, { minLength: 1, maxLength: 2 }).map((s) => s.join('/')), value, { maxKeys: 3 }) }),
  );
  const replay = (base: TreeValue | null, writes: TreeWrite[]) => writes.reduce((tree, w) => applyWrite(tree, w), structuredClone(base));

  test('a journal replayed over a snapshot that already holds any prefix of it gives the same tree (compaction is crash-safe)', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 12 }), fc.array(write, { maxLength: 4 }), fc.nat(), (writes, before, cut) => {
        const snapshot = replay(null, before);
        const expected = replay(snapshot, writes);
        const prefix = writes.slice(0, cut % (writes.length + 1));
        expect(replay(replay(snapshot, prefix), writes)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  test('nulls delete, emptied parents vanish, arrays are objects, a multi-path update sets each path', () => {
    let tree = applyWrite(null, { op: 'set', path: 'levels', value: [{ t: 'a' }, { t: 'b' }] });
    expect(tree).toEqual({ levels: { 0: { t: 'a' }, 1: { t: 'b' } } });
    tree = applyWrite(tree, { op: 'update', path: '', value: { 'users/u1/info': { username: 'Ana', maxLevel: 1 }, 'usernames/ana': { uid: 'u1' } } });
    tree = applyWrite(tree, { op: 'set', path: 'levels', value: null });
    tree = applyWrite(tree, { op: 'update', path: 'users/u1', value: { 'info/maxLevel': 2 } });
    expect(tree).toEqual({ users: { u1: { info: { username: 'Ana', maxLevel: 2 } } }, usernames: { ana: { uid: 'u1' } } });
    expect(applyWrite(tree, { op: 'set', path: 'usernames/ana/uid', value: null })).toEqual({ users: { u1: { info: { username: 'Ana', maxLevel: 2 } } } });
  });
});

describe('a damaged snapshot', () => {
  test('start-up stops with the file named and a way on, and the file is left as it was', () => {
    const dataFile = join(folder(), 'database.json');
    const damaged = '{"users":{"u1":{"info":{"username":"ana"';
    writeFileSync(dataFile, damaged);
    expect(() => recoverDatabase(dataFile)).toThrow(new RegExp(`database file ${dataFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged .* left untouched\\. Restore it from a copy, or move it aside .*mv "`));
    expect(readFileSync(dataFile, 'utf8')).toBe(damaged);
    expect(readdirSync(join(dataFile, '..'))).toEqual(['database.json']);
  });
});

describe('the database stand-in acknowledges only what is on disk', () => {
  test('a client write, once acknowledged, is in the journal (the data folder copied at that moment recovers it); a clean stop compacts', async () => {
    const dir = folder();
    const dataFile = join(dir, 'database.json');
    const port = 9182 + OFFSET;
    const standIn = await startDatabaseStandIn({ port, rulesFile: join(process.cwd(), 'database.rules.json'), dataFile });
    const admin = { databaseUrl: `http://127.0.0.1:${port}?ns=demo-signlearn`, accessToken: 'owner' };
    let uid = '';
    // The test Auth emulator signs the client in; this stand-in checks its token as any other.
    const settings = readFirebaseSettings({ VITE_USE_EMULATORS: 'true', VITE_DATABASE_EMULATOR_HOST: `127.0.0.1:${port}`, VITE_AUTH_EMULATOR_HOST: inject('authEmulatorHost') });
    const client = createFirebaseClient(settings, `durability-${Date.now()}`);
    try {
      await adminSet(admin, 'levels', [{ chapters: [{ title: 'x', lessons: [{ signs: ['A'] }, { signs: ['B'] }], number_of_lessons: 2 }] }]);
      // An unchanged value (the seed on every start) writes no journal line.
      const lines = () => readJournals(journalFiles(journalPrefix(dataFile)).map((j) => j.file)).entries.length;
      const before = lines();
      await adminSet(admin, 'levels', [{ chapters: [{ title: 'x', lessons: [{ signs: ['A'] }, { signs: ['B'] }], number_of_lessons: 2 }] }]);
      expect(lines()).toBe(before);
      const email = `durable${Date.now()}@example.com`;
      const { user } = await createUserWithEmailAndPassword(client.auth, email, 'secret1!');
      uid = user.uid;
      await registerUserRecord(uid, { username: 'Ana', email }, client.db);
      expect(lines()).toBe(before + 1);
      // As a crash would leave it: copy the folder now, recover the copy.
      const crashed = join(folder(), 'copy');
      cpSync(dir, crashed, { recursive: true });
      const recovered = recoverDatabase(join(crashed, 'database.json'));
      expect((recovered.tree as { users: unknown }).users).toEqual({ [uid]: { info: { username: 'Ana', email, maxLevel: 1 } } });
      expect(journalFiles(journalPrefix(join(crashed, 'database.json')))).toEqual([]);
      expect((await get(child(ref(client.db), 'usernames/ana'))).val()).toEqual({ uid });
    } finally {
      await closeFirebaseClient(client);
      await standIn.close();
    }
    expect(readdirSync(dir).filter((name) => name.includes('journal'))).toEqual([]);
    expect(JSON.parse(readFileSync(dataFile, 'utf8')).usernames).toEqual({ ana: { uid } });
    expect(existsSync(`${dataFile}.tmp`)).toBe(false);
  });
});

describe('Auth proxy: what a request changed', () => {
  const token = (uid: string) => `x.${Buffer.from(JSON.stringify({ user_id: uid })).toString('base64url')}.`;
  const v1 = '/identitytoolkit.googleapis.com/v1';
  test.each([
    ['sign-up', 'POST', `${v1}/accounts:signUp`, { email: 'a@b.co' }, { localId: 'u1', idToken: token('u1') }, { uids: ['u1'] }],
    ['password change (by ID token)', 'POST', `${v1}/accounts:update`, { idToken: token('u2'), password: 'x' }, { localId: 'u2' }, { uids: ['u2'] }],
    ['account deletion', 'POST', `${v1}/accounts:delete`, { idToken: token('u3') }, {}, { uids: ['u3'] }],
    ['admin batch delete', 'POST', `${v1}/projects/p/accounts:batchDelete`, { localIds: ['a', 'b'] }, {}, { uids: ['a', 'b'] }],
    ['password reset by code (no uid said)', 'POST', `${v1}/accounts:resetPassword`, { oobCode: 'c', newPassword: 'x' }, { email: 'a@b.co' }, 'all'],
    ['clearing all accounts', 'DELETE', '/emulator/v1/projects/p/accounts', null, {}, 'all'],
    ['config', 'PATCH', '/emulator/v1/projects/p/config', {}, {}, 'config'],
    ['sign-in', 'POST', `${v1}/accounts:signInWithPassword`, {}, { localId: 'u1' }, null],
    ['lookup', 'POST', `${v1}/accounts:lookup`, { idToken: token('u1') }, {}, null],
    ['token refresh', 'POST', '/securetoken.googleapis.com/v1/token', {}, {}, null],
    ['a read of the outbox', 'GET', '/emulator/v1/projects/p/oobCodes', null, {}, null],
  ])('%s', (_label, method, path, body, answer, expected) => {
    expect(changeOf(method, path, body, answer)).toEqual(expected);
  });
});

describe('reconciling Auth and the database on start', () => {
  test('records without accounts go, accounts without records go, names follow the profiles', () => {
    const plan = planReconcile({
      authUids: ['alive', 'renamed', 'legacy', 'unfinished', 'clash', 'noindex'],
      users: {
        alive: { info: { username: 'Ana' } },
        gone: { info: { username: 'Ben' } },
        renamed: { info: { username: 'Cleo' } },
        legacy: { info: { username: 'Dora Day' } },
        clash: { info: { username: 'ana' } },
        noindex: { info: { username: 'Eve' } },
      },
      usernames: {
        ana: { uid: 'alive' },
        ben: { uid: 'gone' },
        spare: { uid: 'renamed' },
        cleo: { uid: 'renamed' },
        'Dora Day': { uid: 'legacy' },
        Ana: { uid: 'clash' },
      },
    });
    expect(plan.authDeletes).toEqual(['unfinished']);
    expect(plan.databaseChanges).toEqual({
      'users/gone': null,
      'usernames/ben': null,
      'usernames/spare': null,
      'usernames/Dora Day': null,
      'usernames/dora day': { uid: 'legacy' },
      'usernames/Ana': null,
      'usernames/eve': { uid: 'noindex' },
    });
  });

  test('agreeing data needs nothing', () => {
    const plan = planReconcile({ authUids: ['u1'], users: { u1: { info: { username: 'Ana' } } }, usernames: { ana: { uid: 'u1' } } });
    expect(plan).toEqual({ databaseChanges: {}, authDeletes: [], notes: [] });
  });
});
