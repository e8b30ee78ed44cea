// Writes each letter's practice statistics (src/lib/data/letter-stats.ts) as the lesson goes. An
// attempt counts only once the learner's hand was seen trying the letter: the controller calls
// `handSeen` when, on a judged frame of the current letter, the camera has steadily seen a hand
// (camera-presence.ts). A letter that only became current (a lesson opened, nobody signing, or
// the learner gone) writes nothing, so it can never turn weak. A tried letter's completion counts
// with its time (from when judging began, after the pause, to done, on the session's clock, which
// stands still while the tab is hidden or the camera lost); a flag counts as flagged. A completion
// or flag of a letter whose hand was never seen writes nothing either: it says nothing about the
// learner's signing. A sign without a reference is never attempted. Writes go one after the
// other, so a letter's attempt lands before its completion; a failed write is logged and the
// lesson goes on.
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { recordLetterEvent, type LetterEvent } from '@/lib/data/letter-stats.ts';

export type LetterEventWriter = (uid: string, language: string, letter: string, event: LetterEvent) => Promise<unknown>;

export interface LetterStatsRecorder {
  onEvent(event: PracticeEvent): void;
  /** The learner's hand was seen trying the sign at `signIndex` (called per judged frame; counts once). */
  handSeen(signIndex: number): void;
  /** Resolves when every write so far has been answered. */
  settled(): Promise<unknown>;
}

/** `uid` null: nobody to write for (a recorded signer, a signed-out page): nothing is written. */
export function createLetterStatsRecorder(uid: string | null, language: string, write: LetterEventWriter = recordLetterEvent): LetterStatsRecorder {
  const open = new Map<number, { letter: string; judgedFromMs: number; tried: boolean }>();
  let chain: Promise<unknown> = Promise.resolve();
  const enqueue = (letter: string, event: LetterEvent) => {
    if (!uid) return;
    chain = chain
      .then(() => write(uid, language, letter, event))
      .catch((error: unknown) => console.warn(`Saving the statistics of "${letter}" failed`, error));
  };
  return {
    onEvent(event: PracticeEvent): void {
      if (event.type === 'signStarted') {
        open.set(event.signIndex, { letter: event.signName, judgedFromMs: event.judgedFromMs, tried: false });
      } else if (event.type === 'signComplete') {
        const sign = open.get(event.signIndex);
        if (!sign) return;
        open.delete(event.signIndex);
        if (!sign.tried) return;
        enqueue(sign.letter, event.skipped ? { kind: 'flagged' } : { kind: 'completed', timeMs: Math.max(0, event.atMs - sign.judgedFromMs) });
      }
    },
    handSeen(signIndex: number): void {
      const sign = open.get(signIndex);
      if (!sign || sign.tried) return;
      sign.tried = true;
      enqueue(sign.letter, { kind: 'attempt' });
    },
    settled: (): Promise<unknown> => chain,
  };
}
