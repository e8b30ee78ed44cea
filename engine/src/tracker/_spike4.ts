import { createNodeTracker, rgbFrameToTensor } from './node_tracker.ts';
import { decodeImageFile } from './node_image.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
const { tracker } = await createNodeTracker({ smoothing: false });
for (const flop of [false, true]) {
  tracker.mirrored = flop;
  const img = await decodeImageFile('/work/shared/fixtures/images/messi5.jpg', { flop });
  const t = rgbFrameToTensor(img); const out = createLandmarkFrame();
  await tracker.trackStill(t, out); t.dispose();
  const P = (a: Float32Array, i: number) => `(${(flop ? 1 - a[i*4]! : a[i*4]!).toFixed(3)},${a[i*4+1]!.toFixed(3)})`;
  console.log(flop, Array.from(out.present), [11,12,15,16].map(i => P(out.pose, i)).join(' '), 'L', P(out.leftHand,0), 'R', P(out.rightHand,0));
}
const img = await decodeImageFile('/work/shared/fixtures/images/messi5.jpg');
const t = rgbFrameToTensor(img); const out = createLandmarkFrame(); const tm = new Float64Array(7);
tracker.mirrored = false;
for (let i = 0; i < 15; i++) { await tracker.track(t, i * 33, out, tm); if (i > 10) console.log(Array.from(tm).map(x => x.toFixed(1)).join(' ')); }
