// Our tracker in Node (TF.js WASM backend, SIMD, single-threaded build), on the same clip frames
// as the browser runs: JPEG frames decoded to RGB before timing; the timed part is `track` on the
// RGB bytes (its imageToTensor stage is the bytes to the float tensor, as in the browser after
// the canvas read-back).
import { join } from 'node:path';
import { timeSubject, type Subject } from './time_subject.ts';
import type { PageRunConfig, RawRunResult } from './types.ts';

export async function runNodeTracker(root: string, config: PageRunConfig): Promise<RawRunResult> {
  const { createNodeTracker, rgbPixels } = await import('../../engine/src/tracker/node/node_tracker.ts');
  const { decodeImageFile } = await import('../../engine/src/tracker/node/node_image.ts');
  const { createLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
  const { Part } = await import('../../engine/src/core/landmark_layout.ts');
  const { TRACKER_STAGE_COUNT, TRACKER_STAGE_NAMES } = await import('../../engine/src/tracker/constants.ts');

  const frames: Array<Awaited<ReturnType<typeof decodeImageFile>>> = [];
  for (let i = 0; i < config.frames; i++) {
    frames.push(await decodeImageFile(join(root, '.cache', 'clips', config.clip, `${String(i).padStart(3, '0')}.jpg`)));
  }
  const out = createLandmarkFrame(frames[0]!.width, frames[0]!.height);
  const timings = new Float64Array(TRACKER_STAGE_COUNT);
  let timestamp = 0;
  let tracker: Awaited<ReturnType<typeof createNodeTracker>>['tracker'] | undefined;
  const subject: Subject<(typeof frames)[number]> = {
    async load() {
      const created = await createNodeTracker({ modelBaseUrl: join(root, 'node_modules', '@vladmandic', 'human-models', 'models') });
      tracker = created.tracker;
      return { library: 'signlearn engine tracker', ...created.backend, node: process.version };
    },
    async frame(frame) {
      timestamp += 1000 / 30;
      await tracker!.track(rgbPixels(frame), timestamp, out, timings);
      const stages: Record<string, number> = {};
      TRACKER_STAGE_NAMES.forEach((name, k) => {
        if (name !== 'total') stages[name] = timings[k]!;
      });
      return { stages, pose: out.present[Part.pose] === 1, hands: out.present[Part.leftHand]! + out.present[Part.rightHand]! };
    },
  };
  try {
    return await timeSubject(config.repeats, subject, frames);
  } finally {
    tracker?.dispose();
  }
}
