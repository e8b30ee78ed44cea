// Our tracker in Node (TF.js WASM backend, SIMD, single-threaded build), on the same clip frames
// as the browser runs: JPEG frames decoded to RGB before timing; the timed part is `track` on the
// RGB bytes (its imageToTensor stage is the bytes to the float tensor, as in the browser after
// the canvas read-back).
import { join } from 'node:path';
import type { PageRunConfig, RawRunResult } from './types.ts';

export async function runNodeTracker(root: string, config: PageRunConfig): Promise<RawRunResult> {
  const { createNodeTracker, rgbPixels } = await import('../../engine/src/tracker/node_tracker.ts');
  const { decodeImageFile } = await import('../../engine/src/tracker/node_image.ts');
  const { createLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
  const { Part } = await import('../../engine/src/core/landmark_layout.ts');
  const { TRACKER_STAGE_COUNT, TRACKER_STAGE_NAMES, TrackerStage } = await import('../../engine/src/tracker/constants.ts');

  const frames: Array<Awaited<ReturnType<typeof decodeImageFile>>> = [];
  for (let i = 0; i < config.frames; i++) {
    frames.push(await decodeImageFile(join(root, '.cache', 'clips', config.clip, `${String(i).padStart(3, '0')}.jpg`)));
  }
  const out = createLandmarkFrame(frames[0]!.width, frames[0]!.height);
  const timings = new Float64Array(TRACKER_STAGE_COUNT);
  let timestamp = 0;

  const t0 = performance.now();
  const { tracker, backend } = await createNodeTracker({ modelBaseUrl: join(root, 'node_modules', '@vladmandic', 'human-models', 'models') });
  const tLoaded = performance.now();
  const step = async (i: number): Promise<number> => {
    const start = performance.now();
    timestamp += 1000 / 30;
    await tracker.track(rgbPixels(frames[i]!), timestamp, out, timings);
    return performance.now() - start;
  };
  await step(0);
  const tFirst = performance.now();

  const totalMs: number[] = [];
  const stagesMs: Record<string, number[]> = {};
  const passMedianMs: number[] = [];
  const detections = { frames: 0, pose: 0, hands: 0 };
  for (let pass = 0; pass < config.repeats; pass++) {
    const passTimes: number[] = [];
    for (let i = 0; i < frames.length; i++) {
      const ms = await step(i);
      totalMs.push(ms);
      passTimes.push(ms);
      TRACKER_STAGE_NAMES.forEach((name, k) => {
        if (name !== 'total') (stagesMs[name] ??= []).push(timings[k]!);
      });
      detections.frames++;
      if (out.present[Part.pose]) detections.pose++;
      detections.hands += out.present[Part.leftHand]! + out.present[Part.rightHand]!;
    }
    passTimes.sort((a, b) => a - b);
    passMedianMs.push(passTimes[Math.floor(passTimes.length / 2)]!);
  }
  tracker.dispose();
  return {
    status: 'ok',
    backend: { library: 'signlearn engine tracker', ...backend, node: process.version },
    loadMs: tLoaded - t0,
    firstFrameMs: tFirst - t0,
    firstInferenceMs: tFirst - tLoaded,
    totalMs,
    stagesMs,
    passMedianMs,
    detections,
  };
}
