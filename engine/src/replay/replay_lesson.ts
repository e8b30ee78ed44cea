import { createLandmarkFrame } from '../core/landmark_frame.ts';
import type { MatchMode } from '../practice/match_mode.ts';
import type { PracticeEvent } from '../practice/practice_events.ts';
import { PracticeLoop } from '../practice/practice_loop.ts';
import type { PracticeSign } from '../practice/practice_session.ts';
import type { LandmarkSource } from '../recordings/landmark_source.ts';

export interface ReplayResult {
  events: PracticeEvent[];
  framesFed: number;
  /** Frame count at which the last sign completed (1-based), or null if the lesson did not. */
  framesToComplete: number | null;
  /** Highest fraction of its slice each sign reached. */
  bestFractionPerSign: number[];
  signsDone: number;
  lessonCompleted: boolean;
}

/**
 * Feeds a recorded session through the practice loop (practice/practice_loop.ts: angles, the
 * mode's features and matcher, the practice state machine) at the recording's own timestamps, then
 * lets `tailMs` more time pass so the timed events (completed card, continue) fire. The camera
 * screen's path, minus the tracker.
 */
export function replayLesson(
  source: LandmarkSource,
  signs: readonly PracticeSign[],
  options: { mode?: MatchMode; tailMs?: number } = {},
): ReplayResult {
  const events: PracticeEvent[] = [];
  const bestFractionPerSign = signs.map(() => 0);
  let framesToComplete: number | null = null;
  let framesFed = 0;
  const loop = new PracticeLoop(signs, {
    mode: options.mode,
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'progress') {
        bestFractionPerSign[event.signIndex] = Math.max(bestFractionPerSign[event.signIndex]!, event.fraction);
      }
      if (event.type === 'signComplete') {
        if (!event.skipped) bestFractionPerSign[event.signIndex] = 1;
        if (event.signsDone === event.signCount) framesToComplete = framesFed;
      }
    },
  });
  const landmarks = createLandmarkFrame();
  let lastMs = 0;
  loop.start(0);
  for (let i = 0; i < source.frameCount && loop.phase === 'practising'; i++) {
    source.read(i, landmarks);
    framesFed = i + 1;
    lastMs = landmarks.timestampMs;
    loop.onLandmarks(landmarks, lastMs);
  }
  loop.tick(lastMs + (options.tailMs ?? 5000));
  return {
    events,
    framesFed,
    framesToComplete,
    bestFractionPerSign,
    signsDone: loop.signsDone,
    lessonCompleted: events.some((e) => e.type === 'lessonComplete'),
  };
}
