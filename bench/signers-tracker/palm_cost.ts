// What the palm detector adds to a video frame (Node, TF.js WASM), in the frame's own stage timings:
// - a 640x480 frame with no one in it: the detector looks every 10th frame and finds nothing;
//   frames with it against frames without;
// - a hand held close with no body (data/real-photos/lauren/G.jpg, 785x785), re-acquired: the
//   detector and the hand model on its palm, on the first frame; the hand tracked from its own
//   landmarks after that.
//   node --import tsx bench/signers-tracker/palm_cost.ts
import { join } from 'node:path';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { TRACKER_STAGE_COUNT, TrackerStage } from '../../engine/src/tracker/constants.ts';
import { decodeImageFile } from '../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../engine/src/tracker/node/node_tracker.ts';
import type { PixelFrame } from '../../engine/src/tracker/types.ts';

const { tracker } = await createNodeTracker({});
await tracker.warmUp(640, 480);
const timings = new Float64Array(TRACKER_STAGE_COUNT);
const out = createLandmarkFrame();
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

async function video(pixels: PixelFrame, frames: number) {
  tracker.reset();
  const withPalm: { total: number; palm: number; hand: number }[] = [];
  const without: number[] = [];
  for (let i = 0; i < frames; i++) {
    const runs = tracker.palmDetectorRuns;
    await tracker.track(pixels, i * 33, out, timings);
    if (tracker.palmDetectorRuns > runs) {
      withPalm.push({ total: timings[TrackerStage.total]!, palm: timings[TrackerStage.palmDetector]!, hand: timings[TrackerStage.handCrop]! + timings[TrackerStage.handLandmarks]! });
    } else without.push(timings[TrackerStage.total]!);
  }
  tracker.reset();
  return {
    framesWithPalm: withPalm.length,
    msPerFrameWithPalm: +mean(withPalm.map((f) => f.total)).toFixed(1),
    msPerFrameWithout: +mean(without).toFixed(1),
    palmDetectorMs: +mean(withPalm.map((f) => f.palm)).toFixed(1),
    handModelMsOnThoseFrames: +mean(withPalm.map((f) => f.hand)).toFixed(1),
  };
}

const blank: PixelFrame = { data: new Uint8Array(640 * 480 * 3).fill(128), width: 640, height: 480, channels: 3 };
const emptyRoom = await video(blank, 60);
const hand = await decodeImageFile(join(import.meta.dirname, '..', '..', 'data', 'real-photos', 'lauren', 'G.jpg'));
const handClose = await video(rgbPixels(hand), 20);
console.log(JSON.stringify({ backend: 'wasm (Node)', emptyRoom, handClose }, null, 1));
tracker.dispose();
