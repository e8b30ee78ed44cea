// A lock between test files that run at the same time (the browser tests run two files at once:
// vitest.config.ts) for the one thing they share and some of them change: the test services'
// database content. A file that changes content others count on holds the lock while it does;
// a file that counts on it holds the lock while it counts. A directory made with mkdir (atomic),
// holding the owner's pid: a lock whose owner died (a killed run) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_DIR = join(import.meta.dirname, '..', '..', '.cache', 'test-locks');
const POLL_MS = 200;

function ownerAlive(dir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
  } catch {
    return true; // being made right now: its owner writes the pid next
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until `name` is free, takes it, and returns the function that frees it (once). */
export async function acquireExclusive(name: string, timeoutMs = 600_000): Promise<() => void> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`exclusive: "${name}" is not a lock name (a-z, 0-9, -)`);
  mkdirSync(LOCK_DIR, { recursive: true });
  const dir = join(LOCK_DIR, name);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        rmSync(dir, { recursive: true, force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (!ownerAlive(dir)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`exclusive: "${name}" still held by another test file after ${timeoutMs} ms (${dir})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs `work` holding `name`. */
export async function withExclusive<T>(name: string, work: () => Promise<T>, timeoutMs?: number): Promise<T> {
  const release = await acquireExclusive(name, timeoutMs);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Level 1's lessons as the curriculum has them: the teacher's test adds one for a while, and a
 * learner who completes level 1 needs every lesson it has (learning.test.ts). */
export const LEVEL_1_LESSONS = 'level-1-lessons';
