// Helpers shared by the bench pages: loading a clip's frames (decoded before any timing, so that
// every subject is fed the same pixels the same way) and the timing loop.
import { failedRun, type PageRunConfig, type RawRunResult } from '../lib/types.ts';

export interface Frames {
  /** One canvas per frame, 640x480, drawn once: what every subject gets as its input image. */
  canvases: HTMLCanvasElement[];
  width: number;
  height: number;
}

export async function loadFrames(config: PageRunConfig): Promise<Frames> {
  const canvases: HTMLCanvasElement[] = [];
  let width = 0;
  let height = 0;
  for (let i = 0; i < config.frames; i++) {
    const url = `${config.base}/clips/${config.clip}/${String(i).padStart(3, '0')}.jpg`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`bench: ${url}: ${res.status}`);
    const bitmap = await createImageBitmap(await res.blob());
    const canvas = document.createElement('canvas');
    canvas.width = width = bitmap.width;
    canvas.height = height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    canvases.push(canvas);
  }
  return { canvases, width, height };
}

/** What a subject does for one frame: its per-stage times (ms) and what it found. */
export interface FrameOutcome {
  stages: Record<string, number>;
  pose: boolean;
  hands: number;
}

export interface Subject {
  /** Loads models and initialises the backend; returns the backend description. */
  load(): Promise<Record<string, unknown>>;
  /** Processes one frame. */
  frame(canvas: HTMLCanvasElement, index: number): Promise<FrameOutcome>;
}

/** Loads the subject, times the first frame, then `repeats` passes over the frames. */
export async function timeSubject(config: PageRunConfig, subject: Subject, frames: Frames): Promise<RawRunResult> {
  const t0 = performance.now();
  const backend = await subject.load();
  const tLoaded = performance.now();
  await subject.frame(frames.canvases[0]!, 0);
  const tFirst = performance.now();

  const totalMs: number[] = [];
  const stagesMs: Record<string, number[]> = {};
  const passMedianMs: number[] = [];
  const detections = { frames: 0, pose: 0, hands: 0 };
  for (let pass = 0; pass < config.repeats; pass++) {
    // No reset between passes: the jump from the last frame back to the first is a cut, as in a
    // real video, for every subject alike.
    const passTimes: number[] = [];
    for (let i = 0; i < frames.canvases.length; i++) {
      const start = performance.now();
      const outcome = await subject.frame(frames.canvases[i]!, i);
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

export function installRunner(makeSubject: (config: PageRunConfig) => Promise<Subject> | Subject): void {
  window.runBench = async (config) => {
    try {
      const frames = await loadFrames(config);
      const subject = await makeSubject(config);
      return await timeSubject(config, subject, frames);
    } catch (error) {
      const e = error as Error & { unavailable?: boolean };
      return failedRun(e.unavailable ? 'unavailable' : 'error', e.unavailable ? e.message : String(e?.stack ?? e?.message ?? e));
    }
  };
  window.benchReady = true;
}

/** An error that marks the run as not available here (e.g. no WebGPU hardware adapter). */
export function unavailable(reason: string): Error {
  return Object.assign(new Error(reason), { unavailable: true });
}
