// The bench's timing loop, shared by the browser pages (bench/pages/common.ts) and the Node
// tracker run (bench/lib/node-tracker.ts), so every subject is timed the same way.
import type { RawRunResult } from './types.ts';

/** What a subject does for one frame: its per-stage times (ms) and what it found. */
export interface FrameOutcome {
  stages: Record<string, number>;
  pose: boolean;
  hands: number;
}

/** A library under test, fed frames of type F (a canvas in the browser, decoded bytes in Node). */
export interface Subject<F> {
  /** Loads models and initialises the backend; returns the backend description. */
  load(): Promise<Record<string, unknown>>;
  /** Processes one frame. */
  frame(input: F, index: number): Promise<FrameOutcome>;
}

/** Loads the subject, times the first frame, then `repeats` passes over the frames. */
export async function timeSubject<F>(repeats: number, subject: Subject<F>, frames: readonly F[]): Promise<RawRunResult> {
  const t0 = performance.now();
  const backend = await subject.load();
  const tLoaded = performance.now();
  await subject.frame(frames[0]!, 0);
  const tFirst = performance.now();

  const totalMs: number[] = [];
  const stagesMs: Record<string, number[]> = {};
  const passMedianMs: number[] = [];
  const detections = { frames: 0, pose: 0, hands: 0 };
  for (let pass = 0; pass < repeats; pass++) {
    // No reset between passes: the jump from the last frame back to the first is a cut, as in a
    // real video, for every subject alike.
    const passTimes: number[] = [];
    for (let i = 0; i < frames.length; i++) {
      const start = performance.now();
      const outcome = await subject.frame(frames[i]!, i);
      const ms = performance.now() - start;
      totalMs.push(ms);
      passTimes.push(ms);
      for (const [name, value] of Object.entries(outcome.stages)) (stagesMs[name] ??= []).push(value);
      detections.frames++;
      if (outcome.pose) detections.pose++;
      detections.hands += outcome.hands;
    }
    passTimes.sort((a, b) => a - b);
    passMedianMs.push(passTimes[Math.floor(passTimes.length / 2)] ?? NaN);
  }
  return {
    status: 'ok',
    backend,
    loadMs: tLoaded - t0,
    firstFrameMs: tFirst - t0,
    firstInferenceMs: tFirst - tLoaded,
    totalMs,
    stagesMs,
    passMedianMs,
    detections,
  };
}
