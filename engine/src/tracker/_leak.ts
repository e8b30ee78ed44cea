import * as tf from '@tensorflow/tfjs-core';
import { createNodeTracker, rgbFrameToTensor } from './node_tracker.ts';
import { decodeImageFile } from './node_image.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
const { tracker } = await createNodeTracker({ poseModel: 'lite', handModel: 'lite' });
const img = await decodeImageFile('/work/shared/fixtures/images/messi5.jpg');
const flopped = await decodeImageFile('/work/shared/fixtures/images/messi5.jpg', { flop: true });
const blank = { data: new Uint8Array(img.data.length).fill(120), width: img.width, height: img.height };
const out = createLandmarkFrame();
const counts: number[] = [];
for (let i = 0; i < 1000; i++) {
  // alternate scenes so tracking is lost and regained (detector, pose-rect and landmark-rect paths)
  const src = i % 100 < 70 ? img : i % 100 < 85 ? flopped : blank;
  const t = rgbFrameToTensor(src);
  await tracker.track(t, i * 33, out);
  t.dispose();
  if (i % 100 === 99) counts.push(tf.memory().numTensors);
}
console.log(JSON.stringify({ frames: 1000, numTensorsEvery100: counts, detectorRuns: tracker.detectorRuns }));
