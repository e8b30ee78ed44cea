import { POINT_STRIDE, SCORE, X, Y } from '../core/landmark_layout.ts';
import { jointAngle } from './joint_angle.ts';

/** Pixel x, y of up to 33 points: the used points of one part, converted once per frame. */
const pixels = new Float64Array(33 * 2);

/**
 * Fills `out[i]` with the angle of the i-th [a, b, c] triplet of `triplets`, measured on
 * `points` (POINT_STRIDE numbers per point, x and y normalised) scaled to pixels by
 * `pixelWidth` x `pixelHeight`. `usedPoints` lists every point the triplets name: each is checked
 * and converted once, not once per angle it takes part in.
 * Returns false (the part is missing) when a used point scores below `minScore` (or NaN), or a
 * joint is degenerate; `out` is then partly written and must not be read. Allocates nothing.
 *
 * ref: MediaPipe's landmarks-to-angles step of the gesture-recognition examples, on
 * image-space (pixel) coordinates as LandmarksToRenderDataCalculator draws them.
 */
export function computeTripletAngles(
  points: Float32Array,
  usedPoints: Int8Array,
  triplets: Int8Array,
  pixelWidth: number,
  pixelHeight: number,
  minScore: number,
  out: Float32Array,
): boolean {
  for (let k = 0; k < usedPoints.length; k++) {
    const p = usedPoints[k]!;
    const o = p * POINT_STRIDE;
    // Written so that a NaN score also counts as missing.
    if (!(points[o + SCORE]! >= minScore)) return false;
    pixels[p * 2] = points[o + X]! * pixelWidth;
    pixels[p * 2 + 1] = points[o + Y]! * pixelHeight;
  }
  for (let i = 0, t = 0; t < triplets.length; i++, t += 3) {
    const a = triplets[t]! * 2;
    const b = triplets[t + 1]! * 2;
    const c = triplets[t + 2]! * 2;
    const angle = jointAngle(pixels[a]!, pixels[a + 1]!, pixels[b]!, pixels[b + 1]!, pixels[c]!, pixels[c + 1]!);
    if (!(angle >= 0)) return false;
    out[i] = angle;
  }
  return true;
}
