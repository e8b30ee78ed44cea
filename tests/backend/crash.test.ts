// What a crash must not lose, rows 3 and 4 (rows 1, 2, 5, 6 and 7 are in rules-promises.test.ts):
// the `npm start` stack (server/dev.ts, on its own ports and data folder) is SIGKILLed and
// restarted. Row 3: an account made just before the kill keeps its Auth record beside its data
// records; row 4: a write acknowledged just before the kill is still there (both emulators journal
// each write and sync it before acknowledging: docs/engineer/backend.md, "Durability"). The fault
// run, kills at random moments, is crash-faults.test.ts: a file of its own, on ports of its own, so
// the two run side by side (each mostly waits for the Auth emulator to start again).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { signIn, signUp } from '@/lib/firebase/auth.ts';
import { closeFirebaseClient } from '@/lib/firebase/client.ts';
import { saveLessonProgress } from '@/lib/data/progress.ts';
import { getUsernameOwner } from '@/lib/data/usernames.ts';
import { getUserRecord } from '@/lib/data/users.ts';
import { errorCode } from '@/lib/data/errors.ts';
import { findOrphans, orphanCount } from '../../bench/backend/crash_faults.ts';
import { startStack, type Stack } from '../../bench/backend/stack.ts';
import { PASSWORD, unique } from './helpers.ts';

const OFFSET = Number(process.env.SIGNLEARN_TEST_PORT_OFFSET ?? 0) || 0;
// Ports of its own (stackPorts in bench/backend/stack.ts), clear of crash-faults.test.ts's 550.
const PORT_OFFSET = 400 + OFFSET;
const folders: string[] = [];
const stacks: Stack[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'signlearn-crash-test-'));
  folders.push(dir);
  return dir;
};
const start = async (dataDir: string) => {
  const stack = await startStack({ portOffset: PORT_OFFSET, dataDir });
  stacks.push(stack);
  return stack;
};
afterAll(async () => {
  for (const stack of stacks) await stack.stop().catch(() => undefined);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('SIGKILL of the whole stack', () => {
  test('rows 3 and 4: a sign-up and a progress write acknowledged 58 ms before the kill are there after the restart, and Auth agrees with the database', { timeout: 600_000 }, async () => {
    const dataDir = folder();
    const first = await start(dataDir);
    const client = first.client('row3');
    const username = unique('Crash');
    const email = `${username.toLowerCase()}@example.com`;
    const user = await signUp({ username, email, password: PASSWORD }, client.auth, client.db);
    expect(await saveLessonProgress({ uid: user.uid, language: 'american', levelIndex: 0, chapterIndex: 0, value: 3 }, client.db)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 58));
    await first.kill();
    await closeFirebaseClient(client);

    const second = await start(dataDir);
    const reader = second.client('row3-after');
    try {
      // Row 3: the account is still there (it signs in with the same uid), so are its records,
      // and the same email cannot register a second account.
      expect((await signIn(email, PASSWORD, reader.auth)).uid).toBe(user.uid);
      expect(await getUsernameOwner(username, reader.db)).toBe(user.uid);
      const again = second.client('row3-again');
      const code = await signUp({ username: unique('Other'), email, password: PASSWORD }, again.auth, again.db).then(() => 'resolved', (e: unknown) => errorCode(e));
      await closeFirebaseClient(again);
      expect(code).toBe('auth/email-already-in-use');
      // Row 4: the write acknowledged 58 ms before the kill.
      expect((await getUserRecord(user.uid, reader.db))?.progressPerLanguage.american).toEqual({ 0: { 0: 3 } });
      expect(orphanCount(await findOrphans(second))).toBe(0);
    } finally {
      await closeFirebaseClient(reader);
      await second.stop();
    }
  });
});
