import { POINT_STRIDE, X, Y, Z } from '../core/landmark_layout.ts';

/**
 * The hand's rigid bones (palm and fingers; the thumb's base moves too freely), as pairs of hand
 * landmark indices, and each bone's length relative to the others: the natural log of its length
 * minus the mean over these bones. Measured as the median 2-D length over the recorded letter B of
 * data/asl-alphabet (fingers straight, palm to the camera, so every one of these bones lies in the
 * image plane); tests/engine/handshape.test.ts checks them against the recording.
 */
export const RIGID_BONES: readonly (readonly [number, number])[] = [
  [0, 5], [5, 6], [6, 7], [7, 8],
  [0, 9], [9, 10], [10, 11], [11, 12],
  [0, 13], [13, 14], [14, 15], [15, 16],
  [0, 17], [17, 18], [18, 19], [19, 20],
  [5, 9], [9, 13], [13, 17],
];
export const RIGID_BONE_LOG_LENGTHS = new Float64Array([
  1.097, 0.205, -0.301, -0.448, 1.102, 0.285, -0.192, -0.355, 1.058, 0.226, -0.262, -0.446, 0.975, -0.006, -0.43, -0.605, -0.68, -0.699, -0.523,
]);

const BONE_COUNT = RIGID_BONES.length;
const FROM = Int8Array.from(RIGID_BONES, (b) => b[0]);
const TO = Int8Array.from(RIGID_BONES, (b) => b[1]);
const CANON = RIGID_BONE_LOG_LENGTHS;
const deviations = new Float64Array(BONE_COUNT);

/** Scales tried: 1/8 to 8 in steps of 2^(1/4), then refined in steps of 2^(1/32) around the best. */
const COARSE_STEP = Math.LN2 / 4;
const FINE_STEP = Math.LN2 / 32;

function misfit(hand: Float32Array, pixelWidth: number, pixelHeight: number, logScale: number): number {
  const s = Math.exp(logScale) * pixelWidth;
  let mean = 0;
  for (let b = 0; b < BONE_COUNT; b++) {
    const p = FROM[b]! * POINT_STRIDE;
    const q = TO[b]! * POINT_STRIDE;
    const dx = (hand[q + X]! - hand[p + X]!) * pixelWidth;
    const dy = (hand[q + Y]! - hand[p + Y]!) * pixelHeight;
    const dz = (hand[q + Z]! - hand[p + Z]!) * s;
    const d = 0.5 * Math.log(dx * dx + dy * dy + dz * dz + 1e-12) - CANON[b]!;
    deviations[b] = d;
    mean += d;
  }
  mean /= BONE_COUNT;
  let sum = 0;
  for (let b = 0; b < BONE_COUNT; b++) sum += (deviations[b]! - mean) ** 2;
  return sum;
}

/**
 * The factor by which a hand's depth (z, in units of the image width as MediaPipe gives it) must
 * be multiplied so that its rigid bones keep their proportions in 3-D. Trackers disagree on the
 * scale of z (MediaPipe Hands in Python gives about half of what the rest of the pipeline needs,
 * and other runtimes differ again), and a finger curled towards the camera is all depth: with the
 * wrong scale its 3-D length, and every angle measured from it, is wrong. Chosen per frame as the
 * scale whose bone lengths deviate least (in log) from RIGID_BONE_LOG_LENGTHS up to one overall
 * size. Returns 1 when the bones leave depth undetermined (a flat hand in the image plane).
 * Allocates nothing.
 *
 * ref: none in MediaPipe (its hand graph passes z through unscaled).
 */
export function estimateDepthScale(hand: Float32Array, pixelWidth: number, pixelHeight: number): number {
  let best = 0;
  let bestMisfit = misfit(hand, pixelWidth, pixelHeight, 0);
  const flat = bestMisfit;
  for (let k = -12; k <= 12; k++) {
    if (k === 0) continue;
    const m = misfit(hand, pixelWidth, pixelHeight, k * COARSE_STEP);
    if (m < bestMisfit) {
      bestMisfit = m;
      best = k * COARSE_STEP;
    }
  }
  const centre = best;
  for (let k = -7; k <= 7; k++) {
    if (k === 0) continue;
    const m = misfit(hand, pixelWidth, pixelHeight, centre + k * FINE_STEP);
    if (m < bestMisfit) {
      bestMisfit = m;
      best = centre + k * FINE_STEP;
    }
  }
  // Depth that changes nothing (every bone in the image plane) leaves the scale undetermined.
  if (flat - bestMisfit < 1e-6) return 1;
  return Math.exp(best);
}
