// Per-letter statistics (docs/engineer/backend.md, "Per-learner statistics"), `users/{uid}/letterStats/{language}/{letter}`: the rules
// (owner only; integer counters that never decrease; completions + flags within attempts; times
// within 10 minutes; only signs the language has; never deleted) and the app's data functions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { get, ref, remove, set, update, type Database } from 'firebase/database';
import { applyLetterEvent, type LetterStats, getLetterStats, letterStrength, medianTimeMs, recordLetterEvent, weakestLetters, EMPTY_LETTER_STATS } from '@/lib/data/letter-stats.ts';
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
const patch = (db: Database, value: Record<string, unknown>) => allowed(update(ref(db), value));
const read = (db: Database, path: string) => allowed(get(ref(db, path)));
const stats = (attempts: number, completions: number, flags: number, recentMs?: number[]) => ({ attempts, completions, flags, ...(recentMs ? { recentMs } : {}) });

describe('letterStats rules: who', () => {
  test('the owner writes and reads their own letter; another user and an anonymous client can do neither', async () => {
    const path = `users/${owner.uid}/letterStats/american/A`;
    expect(await write(owner.client.db, path, stats(1, 0, 0))).toBe(true);
    expect(await read(owner.client.db, path)).toBe(true);
    expect(await write(other.client.db, path, stats(5, 5, 0))).toBe(false);
    expect(await read(other.client.db, path)).toBe(false);
    expect(await write(anonymous, path, stats(5, 5, 0))).toBe(false);
    expect(await read(anonymous, path)).toBe(false);
    expect(await patch(other.client.db, { [`users/${owner.uid}/letterStats/american/B`]: stats(1, 1, 0) })).toBe(false);
    expect(await getLetterStats(owner.uid, 'american', owner.client.db)).toEqual({ A: { attempts: 1, completions: 0, flags: 0, recentMs: [] } });
  });
});

describe('letterStats rules: what', () => {
  test('counters are integers that never decrease; non-numbers, fractions, negatives and huge values are refused', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const path = `users/${user.uid}/letterStats/american/M`;
    expect(await write(db, path, stats(3, 2, 1, [2100, 3400]))).toBe(true);
    for (const bad of [stats(2, 2, 0), stats(3, 1, 1), stats(3, 2, 0)]) expect(await write(db, path, bad), JSON.stringify(bad)).toBe(false);
    for (const bad of [{ attempts: 'four', completions: 2, flags: 1 }, stats(4.5, 2, 1), stats(-1, 0, 0), stats(2e6, 2, 1), { attempts: '4', completions: 2, flags: 1 }]) {
      expect(await write(db, path, bad), JSON.stringify(bad)).toBe(false);
    }
    // Leaf by leaf too: a lower or non-numeric counter is refused.
    expect(await write(db, `${path}/attempts`, 2)).toBe(false);
    expect(await write(db, `${path}/flags`, 'x')).toBe(false);
    expect(await write(db, `${path}/attempts`, 4)).toBe(true);
    expect((await getLetterStats(user.uid, 'american', db)).M).toEqual({ attempts: 4, completions: 2, flags: 1, recentMs: [2100, 3400] });
  });

  test('completions + flags never exceed attempts; all three counters are required; unknown fields are refused', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const path = `users/${user.uid}/letterStats/american/T`;
    expect(await write(db, path, stats(2, 2, 1))).toBe(false);
    expect(await write(db, path, { attempts: 2, completions: 1 })).toBe(false);
    expect(await write(db, path, { ...stats(2, 1, 0), isAdmin: true })).toBe(false);
    expect(await write(db, path, stats(2, 1, 1))).toBe(true);
  });

  test('times: integers from 0 to 10 minutes in slots 0-8', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const path = `users/${user.uid}/letterStats/american/S`;
    expect(await write(db, path, stats(1, 1, 0, [1.5]))).toBe(false);
    expect(await write(db, path, stats(1, 1, 0, [-5]))).toBe(false);
    expect(await write(db, path, stats(1, 1, 0, [600_001]))).toBe(false);
    expect(await write(db, path, stats(1, 1, 0, ['fast' as unknown as number]))).toBe(false);
    expect(await write(db, path, { ...stats(1, 1, 0), recentMs: { 9: 1000 } })).toBe(false);
    expect(await write(db, path, stats(1, 1, 0, [2500]))).toBe(true);
  });

  test('only signs the language has, only languages with content; never deleted', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    const base = `users/${user.uid}/letterStats`;
    expect(await write(db, `${base}/american/NOT_A_SIGN`, stats(1, 0, 0))).toBe(false);
    expect(await write(db, `${base}/klingon/A`, stats(1, 0, 0))).toBe(false);
    expect(await write(db, `${base}/american/E`, stats(1, 1, 0, [3000]))).toBe(true);
    expect(await allowed(remove(ref(db, `${base}/american/E`)))).toBe(false);
    expect(await allowed(remove(ref(db, `${base}/american`)))).toBe(false);
    expect(await allowed(remove(ref(db, base)))).toBe(false);
    expect(await write(db, `${base}/american/E`, null)).toBe(false);
    expect((await getLetterStats(user.uid, 'american', db)).E?.completions).toBe(1);
  });
});

describe('letterStats data functions', () => {
  test('recordLetterEvent counts an attempt, a completion with its time, a flag; the median is of the last 9 times', async () => {
    const user = await registeredUser();
    const db = user.client.db;
    await recordLetterEvent(user.uid, 'american', 'B', { kind: 'attempt' }, db);
    await recordLetterEvent(user.uid, 'american', 'B', { kind: 'completed', timeMs: 2400 }, db);
    await recordLetterEvent(user.uid, 'american', 'B', { kind: 'attempt' }, db);
    const stored = await recordLetterEvent(user.uid, 'american', 'B', { kind: 'flagged' }, db);
    expect(stored).toEqual({ attempts: 2, completions: 1, flags: 1, recentMs: [2400] });
    expect(await getLetterStats(user.uid, 'american', db)).toEqual({ B: stored });
    let s = EMPTY_LETTER_STATS;
    for (let i = 1; i <= 12; i++) s = applyLetterEvent(applyLetterEvent(s, { kind: 'attempt' }), { kind: 'completed', timeMs: i * 1000 });
    // The slots hold completions 4-12 (times 4 s to 12 s, slot = (n - 1) mod 9): the median is 8 s.
    expect(s.recentMs).toHaveLength(9);
    expect(medianTimeMs(s)).toBe(8000);
  });

  test('junk stored before these rules reads as nothing practised; strength and the weakest letters come from the stats', async () => {
    const user = await registeredUser();
    await adminUpdate(admin(), `users/${user.uid}/letterStats/american`, { A: 'junk', B: { attempts: 'x', completions: 1, flags: 0 } });
    const read = await getLetterStats(user.uid, 'american', user.client.db);
    expect(read.A).toEqual(EMPTY_LETTER_STATS);
    expect(read.B?.completions).toBe(1);
    const all: Record<string, LetterStats> = {
      A: { attempts: 2, completions: 2, flags: 0, recentMs: [2000, 3000] },
      E: { attempts: 4, completions: 1, flags: 2, recentMs: [9000] },
      M: { attempts: 3, completions: 2, flags: 1, recentMs: [6000, 7000] },
      S: { attempts: 0, completions: 0, flags: 0, recentMs: [] },
    };
    expect(letterStrength(all.A)).toBe('strong');
    expect(letterStrength(all.E)).toBe('weak');
    expect(letterStrength(all.S)).toBe('untried');
    expect(letterStrength(undefined)).toBe('untried');
    expect(weakestLetters(all)).toEqual(['E', 'M', 'A']);
    expect(weakestLetters(all, 1)).toEqual(['E']);
  });
});
