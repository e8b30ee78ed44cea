// Helpers shared by the bench pages: loading a clip's frames (decoded before any timing, so that
// every subject is fed the same pixels the same way) and the runner around the shared timing loop
// (bench/lib/time_subject.ts).
import { timeSubject, type FrameOutcome, type Subject as GenericSubject } from '../lib/time_subject.ts';
import { failedRun, type PageRunConfig } from '../lib/types.ts';

export interface Frames {
  /** One canvas per frame, 640x480, drawn once: what every subject gets as its input image. */
  canvases: HTMLCanvasElement[];
  width: number;
  height: number;
}

/**
 * The clip's frames as canvases. `inMemory`: canvases kept in the page's memory
 * (`willReadFrequently`), as a camera's frames are on a machine without a GPU; otherwise the
 * browser's default, which with the bench's flags is SwiftShader's GPU raster, where every read of a
 * frame's pixels is a read-back from it (10-20 ms a 640x480 frame here, against 2 ms from memory).
 */
export async function loadFrames(config: PageRunConfig, inMemory = false): Promise<Frames> {
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
    canvas.getContext('2d', inMemory ? { willReadFrequently: true } : {})!.drawImage(bitmap, 0, 0);
    bitmap.close();
    canvases.push(canvas);
  }
  return { canvases, width, height };
}

/** A subject of the browser pages: fed one canvas per frame. */
export type Subject = GenericSubject<HTMLCanvasElement>;
export type { FrameOutcome };

export function installRunner(makeSubject: (config: PageRunConfig) => Promise<Subject> | Subject): void {
  window.runBench = async (config) => {
    try {
      const frames = await loadFrames(config);
      const subject = await makeSubject(config);
      return await timeSubject(config.repeats, subject, frames.canvases);
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
