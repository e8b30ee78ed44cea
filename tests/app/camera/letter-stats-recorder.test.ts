// A letter's statistics count an attempt only once the learner's hand was seen trying
// it. Opening a lesson and signing nothing once made the home page call N and Q weak; here the
// recorder's writes go to an in-memory store through the real applyLetterEvent, and the real
// strength and weakest-letters rules read the result.
import { describe, expect, it } from 'vitest';
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { applyLetterEvent, EMPTY_LETTER_STATS, letterStrength, weakestLetters, type LetterEvent, type LetterStats } from '../../../src/lib/data/letter-stats.ts';
import { createLetterStatsRecorder } from '../../../src/features/camera/practice/letter-stats-recorder.ts';

function memoryStore() {
  const stats: Record<string, LetterStats> = {};
  const writes: Array<{ letter: string; event: LetterEvent }> = [];
  const write = async (_uid: string, _language: string, letter: string, event: LetterEvent) => {
    writes.push({ letter, event });
    stats[letter] = applyLetterEvent(stats[letter] ?? EMPTY_LETTER_STATS, event);
  };
  return { stats, writes, write };
}

const started = (signIndex: number, signName: string, atMs = 0): PracticeEvent => ({
  type: 'signStarted', atMs, signIndex, signName, guideFileName: `${signName}.gif`, frameCount: 45, judgedFromMs: atMs, awaitsRelease: false,
});
const completed = (signIndex: number, signName: string, atMs: number, skipped = false): PracticeEvent => ({
  type: 'signComplete', atMs, signIndex, signName, skipped, signsDone: signIndex + 1, signCount: 2,
});

describe('letter statistics count only letters the learner tried', () => {
  it('a lesson opened and left with nothing signed writes nothing: no letter is weak', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder('uid-1', 'american', store.write);
    recorder.onEvent(started(0, 'N'));
    // The learner walks away; N stays current. Then a second visit reaches Q by a flag.
    recorder.onEvent(completed(0, 'N', 5000, true));
    recorder.onEvent(started(1, 'Q', 5000));
    await recorder.settled();
    expect(store.writes).toEqual([]);
    expect(weakestLetters(store.stats)).toEqual([]);
    expect(letterStrength(store.stats.N)).toBe('untried');
    expect(letterStrength(store.stats.Q)).toBe('untried');
  });

  it('an attempted letter that was never completed is weak; one attempt is counted however many frames showed the hand', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder('uid-1', 'american', store.write);
    recorder.onEvent(started(0, 'N'));
    for (let frame = 0; frame < 90; frame++) recorder.handSeen(0);
    await recorder.settled();
    expect(store.stats.N).toEqual({ attempts: 1, completions: 0, flags: 0, recentMs: [] });
    expect(letterStrength(store.stats.N)).toBe('weak');
    expect(weakestLetters(store.stats)).toEqual(['N']);
  });

  it('a tried letter completed quickly is strong, with its time from when judging began', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder('uid-1', 'american', store.write);
    recorder.onEvent(started(0, 'A', 1000));
    recorder.handSeen(0);
    recorder.onEvent(completed(0, 'A', 3500));
    await recorder.settled();
    expect(store.stats.A).toEqual({ attempts: 1, completions: 1, flags: 0, recentMs: [2500] });
    expect(letterStrength(store.stats.A)).toBe('strong');
  });

  it('a hand seen for a letter that is no longer current (or never was) counts for nothing', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder('uid-1', 'american', store.write);
    recorder.handSeen(0);
    recorder.onEvent(started(0, 'B'));
    recorder.onEvent(completed(0, 'B', 2000, true));
    recorder.handSeen(0);
    await recorder.settled();
    expect(store.writes).toEqual([]);
  });

  it('a tried letter then flagged counts the attempt and the flag', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder('uid-1', 'american', store.write);
    recorder.onEvent(started(0, 'R'));
    recorder.handSeen(0);
    recorder.onEvent(completed(0, 'R', 4000, true));
    await recorder.settled();
    expect(store.stats.R).toEqual({ attempts: 1, completions: 0, flags: 1, recentMs: [] });
  });

  it('with nobody to write for (the recorded signer) nothing is written, even for a hand seen and a completion', async () => {
    const store = memoryStore();
    const recorder = createLetterStatsRecorder(null, 'american', store.write);
    recorder.onEvent(started(0, 'A'));
    recorder.handSeen(0);
    recorder.onEvent(completed(0, 'A', 2000));
    await recorder.settled();
    expect(store.writes).toEqual([]);
  });
});
