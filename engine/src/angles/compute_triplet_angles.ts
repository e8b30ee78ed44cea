import { POINT_STRIDE, SCORE, X, Y } from '../core/landmark_layout.ts';
import { jointAngle } from './joint_angle.ts';

/**
 * Fills `out[i]` with the angle of the i-th [a, b, c] triplet of `triplets`, measured on
 * `points` (POINT_STRIDE numbers per point, x and y normalised) scaled to pixels by
 * `pixelWidth` x `pixelHeight`.
 * Returns false (the part is missing) as soon as a point scores below `minScore`, or a joint is
 * degenerate; `out` is then partly written and must not be read.
 *
 * ref: MediaPipe's landmarks-to-angles step of the gesture-recognition examples, on
 * image-space (pixel) coordinates as LandmarksToRenderDataCalculator draws them.
 */
export function computeTripletAngles(
  points: Float32Array,
  triplets: Int8Array,
  pixelWidth: number,
  pixelHeight: number,
  minScore: number,
  out: Float32Array,
): boolean {
  for (let i = 0, t = 0; t < triplets.length; i++, t += 3) {
    const a = triplets[t]! * POINT_STRIDE;
    const b = triplets[t + 1]! * POINT_STRIDE;
    const c = triplets[t + 2]! * POINT_STRIDE;
    // Comparisons written so that a NaN score also counts as missing.
    if (!(points[a + SCORE]! >= minScore && points[b + SCORE]! >= minScore && points[c + SCORE]! >= minScore)) {
      return false;
    }
    const angle = jointAngle(
      points[a + X]! * pixelWidth, points[a + Y]! * pixelHeight,
      points[b + X]! * pixelWidth, points[b + Y]! * pixelHeight,
      points[c + X]! * pixelWidth, points[c + Y]! * pixelHeight,
    );
    if (!(angle >= 0)) return false;
    out[i] = angle;
  }
  return true;
}
