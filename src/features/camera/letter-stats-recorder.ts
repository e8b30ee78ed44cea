// Writes each letter's practice statistics (src/lib/data/letter-stats.ts) as the lesson goes: a
// letter that became current and is judged counts an attempt; its completion counts with its time
// (from when judging began, after the pause, to done, on the session's clock, which stands still
// while the tab is hidden or the camera lost); a flag counts as flagged. A sign without a reference
// is never attempted. Writes go one after the other, so a letter's attempt lands before its
// completion; a failed write is logged and the lesson goes on.
import type { PracticeEvent } from '@signlearn/engine/practice/practice_events';
import { recordLetterEvent, type LetterEvent } from '@/lib/data/letter-stats.ts';

export type LetterEventWriter = (uid: string, language: string, letter: string, event: LetterEvent) => Promise<unknown>;

export function createLetterStatsRecorder(uid: string | null, language: string, write: LetterEventWriter = recordLetterEvent) {
  const open = new Map<number, { letter: string; judgedFromMs: number }>();
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
        open.set(event.signIndex, { letter: event.signName, judgedFromMs: event.judgedFromMs });
        enqueue(event.signName, { kind: 'attempt' });
      } else if (event.type === 'signComplete') {
        const attempt = open.get(event.signIndex);
        if (!attempt) return;
        open.delete(event.signIndex);
        enqueue(attempt.letter, event.skipped ? { kind: 'flagged' } : { kind: 'completed', timeMs: Math.max(0, event.atMs - attempt.judgedFromMs) });
      }
    },
    /** Resolves when every write so far has been answered. */
    settled: (): Promise<unknown> => chain,
  };
}
