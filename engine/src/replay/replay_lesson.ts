import { computeAngleFrame } from '../angles/compute_angle_frame.ts';
import { createAngleFrame } from '../core/angle_frame.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
import type { LandmarkSource } from '../fixtures/landmark_source.ts';
import type { PracticeEvent } from '../practice/practice_events.ts';
import { PracticeSession, type FrameMatcher, type PracticeSign } from '../practice/practice_session.ts';

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
 * Feeds a recorded session through angles -> match -> practice state machine, at the recording's
 * own timestamps, then lets `tailMs` more time pass so the timed events (completed card,
 * continue) fire. The same path the camera screen runs, minus the tracker.
 */
export function replayLesson(
  source: LandmarkSource,
  signs: readonly PracticeSign[],
  options: { matcher?: FrameMatcher; tailMs?: number } = {},
): ReplayResult {
  const events: PracticeEvent[] = [];
  const bestFractionPerSign = signs.map(() => 0);
  let framesToComplete: number | null = null;
  let framesFed = 0;
  const session = new PracticeSession(signs, {
    matcher: options.matcher,
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
  const angles = createAngleFrame();
  let lastMs = 0;
  session.start(0);
  for (let i = 0; i < source.frameCount && session.phase === 'practising'; i++) {
    source.read(i, landmarks);
    computeAngleFrame(landmarks, angles);
    framesFed = i + 1;
    lastMs = landmarks.timestampMs;
    session.onFrame(angles, lastMs);
  }
  session.tick(lastMs + (options.tailMs ?? 5000));
  return {
    events,
    framesFed,
    framesToComplete,
    bestFractionPerSign,
    signsDone: session.signsDone,
    lessonCompleted: events.some((e) => e.type === 'lessonComplete'),
  };
}
