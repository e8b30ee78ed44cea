import { HAND_POINT_COUNT, POINT_STRIDE, X, Y, Z } from '../core/landmark_layout.ts';
import { estimateDepthScale } from './estimate_depth_scale.ts';

/**
 * A hand's points (normalized image points of a `width` x `height` pixel frame) in 3-D pixels:
 * x and y in the image's pixels, z scaled by estimateDepthScale into the same unit (the hand model's
 * depth is relative). Writes x, y, z per point to `out` (HAND_POINT_COUNT x 3), x negated when
 * `mirror` (a left hand measured as a right one), and returns z's factor, so that a caller moving
 * points can write them back (z / the factor). Allocates nothing.
 *
 * ref: none in MediaPipe; hand_landmark's z is in roughly the x scale, which the depth scale
 * recovers from the hand's own bones (estimate_depth_scale.ts).
 */
export function handInPixels(hand: Float32Array, width: number, height: number, out: Float64Array, mirror = false): number {
  const depth = estimateDepthScale(hand, width, height) * width;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const x = hand[i * POINT_STRIDE + X]! * width;
    out[i * 3] = mirror ? -x : x;
    out[i * 3 + 1] = hand[i * POINT_STRIDE + Y]! * height;
    out[i * 3 + 2] = hand[i * POINT_STRIDE + Z]! * depth;
  }
  return depth;
}

/** The inverse of handInPixels (unmirrored): `points` (3-D pixels) written back into `hand`'s normalized x, y, z, with `depth` the factor handInPixels returned. */
export function handFromPixels(points: Float64Array, width: number, height: number, depth: number, hand: Float32Array): void {
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    hand[i * POINT_STRIDE + X] = points[i * 3]! / width;
    hand[i * POINT_STRIDE + Y] = points[i * 3 + 1]! / height;
    hand[i * POINT_STRIDE + Z] = points[i * 3 + 2]! / depth;
  }
}
