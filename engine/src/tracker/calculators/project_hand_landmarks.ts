import { HAND_POINT_COUNT, POINT_STRIDE, SCORE, X, Y, Z } from '../../core/landmark_layout.ts';
import type { NormalizedRect } from '../types.ts';

/**
 * Hand landmarks from crop pixels back to the whole image. In: the model's 21 x (x, y, z) in crop
 * pixels, the crop size, the rect the crop was taken from, the presence score. Out: `out` in the
 * engine layout (normalised x, y; z scaled like x; score = presence).
 * ref: mediapipe/calculators/util/landmark_projection_calculator.cc, after
 * mediapipe/calculators/tensor/tensors_to_landmarks_calculator.cc (normalise by input size)
 */
export function projectHandLandmarks(
  raw: Float32Array,
  rawOffset: number,
  cropSize: number,
  rect: NormalizedRect,
  presence: number,
  out: Float32Array,
): void {
  const cos = Math.cos(rect.rotation);
  const sin = Math.sin(rect.rotation);
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const r = rawOffset + i * 3;
    const x = raw[r]! / cropSize - 0.5;
    const y = raw[r + 1]! / cropSize - 0.5;
    const o = i * POINT_STRIDE;
    out[o + X] = (cos * x - sin * y) * rect.width + rect.xCenter;
    out[o + Y] = (sin * x + cos * y) * rect.height + rect.yCenter;
    out[o + Z] = (raw[r + 2]! / cropSize) * rect.width;
    out[o + SCORE] = presence;
  }
}
