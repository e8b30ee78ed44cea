import { createNodeTracker, rgbFrameToTensor } from './node_tracker.ts';
import { decodeImageFile } from './node_image.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
const { tracker } = await createNodeTracker({ smoothing: false });
const img = await decodeImageFile('/work/shared/fixtures/images/messi5.jpg');
for (let k = 0; k < 4; k++) {
  const t = rgbFrameToTensor(img); const out = createLandmarkFrame();
  const tm = new Float64Array(7);
  await tracker.trackStill(t, out, tm); t.dispose();
  const P = (a: Float32Array, i: number) => `(${(a[i*4]!*img.width).toFixed(0)},${(a[i*4+1]!*img.height).toFixed(0)})`;
  console.log(k, Array.from(tm).map(x=>x.toFixed(0)).join(' '), [11,12,13,14,15,16].map(i => P(out.pose, i)).join(' '), 'L', P(out.leftHand,0), 'R', P(out.rightHand,0));
}
