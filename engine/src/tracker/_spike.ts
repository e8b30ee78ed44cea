import * as tf from '@tensorflow/tfjs-core';
import { createNodeTracker, rgbFrameToTensor } from './node_tracker.ts';
import { decodeImageFile } from './node_image.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
const { tracker, backend } = await createNodeTracker({ smoothing: false });
console.log(backend, 'handBatch', tracker.handBatch);
for (const name of ['messi5.jpg', 'handSrc.jpg']) {
  const img = await decodeImageFile('/work/shared/fixtures/images/' + name);
  const t = rgbFrameToTensor(img);
  const out = createLandmarkFrame();
  const timings = new Float64Array(7);
  await tracker.trackStill(t, out, timings);
  console.log(name, img.width, img.height, Array.from(out.present), Array.from(timings).map((x) => x.toFixed(1)).join(' '));
  const P = (a: Float32Array, i: number) => `(${(a[i*4]!*img.width).toFixed(0)},${(a[i*4+1]!*img.height).toFixed(0)} s${a[i*4+3]!.toFixed(2)})`;
  console.log(' pose', [11,12,13,14,15,16,17,18,19,20].map(i => i + P(out.pose, i)).join(' '));
  if (out.present[1]) console.log(' L', [0,4,8,12,16,20].map(i => P(out.leftHand, i)).join(' '));
  if (out.present[2]) console.log(' R', [0,4,8,12,16,20].map(i => P(out.rightHand, i)).join(' '));
  t.dispose();
}
console.log(tf.memory().numTensors);
import sharp from 'sharp';
for (const name of ['messi5.jpg', 'handSrc.jpg']) {
  const img = await decodeImageFile('/work/shared/fixtures/images/' + name);
  const t = rgbFrameToTensor(img); const out = createLandmarkFrame();
  await tracker.trackStill(t, out); t.dispose();
  let svg = `<svg width="${img.width}" height="${img.height}" xmlns="http://www.w3.org/2000/svg">`;
  const pts = (a: Float32Array, n: number, color: string) => { for (let i = 0; i < n; i++) svg += `<circle cx="${a[i*4]!*img.width}" cy="${a[i*4+1]!*img.height}" r="2" fill="${color}"/><text x="${a[i*4]!*img.width+2}" y="${a[i*4+1]!*img.height}" font-size="8" fill="${color}">${i}</text>`; };
  if (out.present[0]) pts(out.pose, 33, 'yellow');
  if (out.present[1]) pts(out.leftHand, 21, 'red');
  if (out.present[2]) pts(out.rightHand, 21, 'cyan');
  svg += '</svg>';
  await sharp('/work/shared/fixtures/images/' + name).composite([{ input: Buffer.from(svg) }]).resize(1000).png().toFile('/tmp/dbg_' + name + '.png');
}
