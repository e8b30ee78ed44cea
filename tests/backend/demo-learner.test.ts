// The demo learner (server/demo-learner.ts): seeded on the test emulators by the global setup as
// `npm start` does on the dev ones; never on anything but a local emulator of a demo- project.
import { afterAll, describe, expect, inject, test, vi } from 'vitest';
import { updatePassword } from 'firebase/auth';
import { signIn } from '@/lib/firebase/auth.ts';
import { getUserRecord } from '@/lib/data/users.ts';
import { DEMO_LEARNER, demoLearnerAvailable } from '@/lib/demo/demo-learner.ts';
import { readFirebaseSettings } from '@/lib/firebase/config.ts';
import { DEMO_MAX_LEVEL, DEMO_PROGRESS, assertDemoBackend, demoLetterStats, seedDemoLearner, type DemoBackend } from '../../server/demo-learner.ts';
import { AMERICAN_LEVELS } from '@/lib/data/curriculum.ts';
import { adminGet, adminUpdate } from '../../server/admin-rest.ts';
import { usernameKey } from '@/lib/data/username-rules.ts';
import { admin, closeClients, newClient } from './helpers.ts';

afterAll(closeClients);

// Usernames are indexed by their canonical key (what the rules compare).
const demoKey = usernameKey(DEMO_LEARNER.username);
const testBackend = (): DemoBackend => ({ projectId: inject('projectId'), authHost: inject('authEmulatorHost'), databaseUrl: inject('databaseUrl') });

describe('never on a real Firebase project', () => {
  test.each([
    ['a project without the demo- prefix', { projectId: 'signlearn-prod' }],
    ['a remote Auth host', { authHost: 'identitytoolkit.googleapis.com' }],
    ['a remote database', { databaseUrl: 'https://signlearn-prod-default-rtdb.firebaseio.com' }],
    ['a production-like setup', { projectId: 'my-app', authHost: 'example.com:443', databaseUrl: 'https://my-app.firebaseio.com' }],
  ])('refuses %s before sending anything', async (_label, change) => {
    const backend = { projectId: 'demo-signlearn', authHost: '127.0.0.1:9099', databaseUrl: 'http://127.0.0.1:9000?ns=demo-signlearn', ...change };
    const send = vi.fn<typeof fetch>();
    await expect(seedDemoLearner(backend, { fetch: send })).rejects.toThrow(/demo learner refused: .*local emulators only/);
    expect(send).not.toHaveBeenCalled();
  });
  test('accepts the local emulators of the demo project', () => {
    expect(() => assertDemoBackend(testBackend())).not.toThrow();
  });
  test('the login page offers it only on emulators of a demo- project', () => {
    expect(demoLearnerAvailable(readFirebaseSettings({}))).toBe(true); // the embedded default: local emulators
    expect(demoLearnerAvailable(readFirebaseSettings({ VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'demo-signlearn' }))).toBe(true);
    const production = { VITE_FIREBASE_API_KEY: 'AIza-key', VITE_FIREBASE_DATABASE_URL: 'https://p-default-rtdb.firebaseio.com', VITE_FIREBASE_PROJECT_ID: 'p' };
    expect(demoLearnerAvailable(readFirebaseSettings(production))).toBe(false);
    // Emulators of a project that is not a demo- one: not offered either.
    expect(demoLearnerAvailable(readFirebaseSettings({ VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'p' }))).toBe(false);
  });
});

describe('on the local emulators', () => {
  test('signs in with the printed password and has some progress', async () => {
    const client = newClient();
    const user = await signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, client.auth);
    const record = await getUserRecord(user.uid, client.db);
    expect(record?.info).toMatchObject({ username: DEMO_LEARNER.username, email: DEMO_LEARNER.email, maxLevel: DEMO_MAX_LEVEL });
    expect(record?.progressPerLanguage.american).toEqual(DEMO_PROGRESS);
    // The letters of the lessons it has done were tried and completed: its letter chart agrees.
    const stats = (await adminGet(admin(), `users/${user.uid}/letterStats/american`)) as Record<string, { attempts: number; completions: number }> | null;
    const expected = demoLetterStats(DEMO_PROGRESS);
    expect(Object.keys(expected)).toContain('A');
    for (const letter of Object.keys(expected)) expect(stats?.[letter]?.completions, letter).toBeGreaterThanOrEqual(1);
  });

  test("the demo learner's letter statistics are those of its done lessons", () => {
    // Level 1's first two chapters done (progress 3: lessons 1 and 2) and level 2's first lesson.
    const [first, second] = AMERICAN_LEVELS[0]!.chapters;
    const lessons = [...first!.lessons.slice(0, 2), ...second!.lessons.slice(0, 2), AMERICAN_LEVELS[1]!.chapters[0]!.lessons[0]!];
    const letters = new Set(lessons.flatMap((lesson) => lesson.signs));
    const stats = demoLetterStats(DEMO_PROGRESS);
    expect(new Set(Object.keys(stats))).toEqual(letters);
    for (const value of Object.values(stats)) {
      expect(value.completions).toBe(value.attempts);
      expect(value.recentMs).toHaveLength(Math.min(9, value.completions));
    }
  });

  test('seeding again keeps the account and what the learner did; a changed password is set back', async () => {
    const first = await seedDemoLearner(testBackend());
    const client = newClient();
    const user = await signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, client.auth);
    expect(user.uid).toBe(first.uid);
    await updatePassword(user, 'changed1!');
    await expect(signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, newClient().auth)).rejects.toThrow();

    const again = await seedDemoLearner(testBackend());
    expect(again).toEqual({ uid: first.uid, created: false, recordWritten: false });
    expect((await signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, newClient().auth)).uid).toBe(first.uid);
  });

  test("an earlier demo account's record (its Auth side lost) moves to the account, with its progress", async () => {
    const { uid } = await seedDemoLearner(testBackend());
    const record = await adminGet(admin(), `users/${uid}`);
    const stale = 'stale-demo-uid';
    const progress = { '0': { '0': 3, '1': 3 }, '1': { '0': 3, '1': 2 } };
    await adminUpdate(admin(), '', {
      [`users/${uid}`]: null,
      [`users/${stale}`]: { ...(record as object), progressPerLanguage: { american: progress } },
      [`usernames/${demoKey}`]: { uid: stale },
    });
    try {
      expect(await seedDemoLearner(testBackend())).toEqual({ uid, created: false, recordWritten: true });
      expect(await adminGet(admin(), `users/${stale}`)).toBeNull();
      expect(await adminGet(admin(), `usernames/${demoKey}`)).toEqual({ uid });
      const client = newClient();
      await signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, client.auth);
      expect((await getUserRecord(uid, client.db))?.progressPerLanguage.american).toEqual(progress);
    } finally {
      // The demo learner as seeded, for the tests that follow (the browser test logs in with it).
      await adminUpdate(admin(), '', { [`users/${stale}`]: null, [`users/${uid}`]: record, [`usernames/${demoKey}`]: { uid } });
    }
  });

  test('a username held by somebody else is not taken: the seed says so', async () => {
    const { uid } = await seedDemoLearner(testBackend());
    const record = await adminGet(admin(), `users/${uid}`);
    await adminUpdate(admin(), '', { [`users/${uid}`]: null, [`usernames/${demoKey}`]: { uid: 'someone-else' }, 'users/someone-else': { info: { email: 'else@example.com' } } });
    try {
      await expect(seedDemoLearner(testBackend())).rejects.toThrow(/belongs to another account/);
      expect(await adminGet(admin(), `usernames/${demoKey}`)).toEqual({ uid: 'someone-else' });
    } finally {
      // The demo learner as seeded, for the tests that follow.
      await adminUpdate(admin(), '', { [`users/${uid}`]: record, [`usernames/${demoKey}`]: { uid }, 'users/someone-else': null });
    }
  });
});

test('leaves the demo learner as seeded (the browser test relies on it)', async () => {
  const client = newClient();
  const user = await signIn(DEMO_LEARNER.email, DEMO_LEARNER.password, client.auth);
  expect((await getUserRecord(user.uid, client.db))?.progressPerLanguage.american).toEqual(DEMO_PROGRESS);
});
