import * as constants from '../core/constants.ts';
import * as layout from '../core/landmark_layout.ts';
import * as batch from './cross_dots_to_angles.ts';
import * as frameScale from './angle_frame_y_scale.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { HAND_ANGLE_COUNT } = constants;
const { HAND_POINT_COUNT, HandPoint, POINT_STRIDE, SCORE, X, Y } = layout;
const { crossDotsToAngles } = batch;
const { angleFrameYScale } = frameScale;

const W = HandPoint.wrist * POINT_STRIDE;
const T = HandPoint.thumbTip * POINT_STRIDE;
const I = HandPoint.indexTip * POINT_STRIDE;
const FINGER_COUNT = 5;
/** A finger's chain is wrist -> first -> first+1 -> first+2 -> first+3 (the tip); fingers are
 * numbered consecutively from the thumb's CMC, 4 points each. */
const FIRST_FINGER_POINT = HandPoint.thumbCmc;
/** Each angle's |cross| and dot, converted to degrees after the loop. */
const crossDots = new Float64Array(2 * HAND_ANGLE_COUNT);

/**
 * A hand's 16 angles (hand_angle_definitions.ts, in that order) into `out`: the three bends of
 * each finger, then the thumb spread (at the wrist, thumb tip to index tip).
 *
 * Finger by finger: along the chain wrist -> CMC/MCP -> ... -> tip each bone is computed once and
 * shared by the joints at its ends. At a joint the angle is the one jointAngle(previous, joint,
 * next) measures (180 = straight): between (previous - joint) = -in and (next - joint) = out, so
 * its cross and dot products are those of the bones in and out, negated. The loop is written out
 * in one function for the same reason. The 16 cross and dot products come first, then
 * crossDotsToAngles turns them into degrees in one loop.
 *
 * Angles are measured on the angle frame (product.md §9 Constants) for a source of `imageWidth` x `imageHeight`
 * divided by its width (angleFrameYScale): the same angles, as they do not change under uniform
 * scale. The image size comes in as integers, not as a scale factor: V8 does not inline a
 * function this long, and a computed double argument would be boxed on every call.
 * Returns false (the hand is missing) when one of its 21 points scores below `minScore` (or NaN),
 * or a bone has zero length (or a coordinate is NaN); `out` is then partly written (zeros, never
 * NaN) and must not be read. Allocates nothing.
 *
 * ref: MediaPipe's landmarks-to-angles step of the gesture-recognition examples, along
 * HAND_ANGLE_TRIPLETS (tests check the two agree).
 */
export function computeHandAngles(hand: Float32Array, imageWidth: number, imageHeight: number, minScore: number, out: Float32Array): boolean {
  const yScale = angleFrameYScale(imageWidth, imageHeight);
  for (let o = SCORE; o < HAND_POINT_COUNT * POINT_STRIDE; o += POINT_STRIDE) {
    // Written so that a NaN score also counts as missing.
    if (!(hand[o]! >= minScore)) return false;
  }
  const wristX = hand[W + X]!;
  const wristY = hand[W + Y]! * yScale;
  for (let finger = 0; finger < FINGER_COUNT; finger++) {
    const o = (FIRST_FINGER_POINT + 4 * finger) * POINT_STRIDE;
    const x1 = hand[o + X]!;
    const y1 = hand[o + Y]! * yScale;
    const x2 = hand[o + POINT_STRIDE + X]!;
    const y2 = hand[o + POINT_STRIDE + Y]! * yScale;
    const x3 = hand[o + 2 * POINT_STRIDE + X]!;
    const y3 = hand[o + 2 * POINT_STRIDE + Y]! * yScale;
    const x4 = hand[o + 3 * POINT_STRIDE + X]!;
    const y4 = hand[o + 3 * POINT_STRIDE + Y]! * yScale;
    const ax = x1 - wristX;
    const ay = y1 - wristY;
    const bx = x2 - x1;
    const by = y2 - y1;
    const cx = x3 - x2;
    const cy = y3 - y2;
    const dx = x4 - x3;
    const dy = y4 - y3;
    const j = 6 * finger;
    crossDots[j] = Math.abs(ax * by - ay * bx);
    crossDots[j + 1] = -(ax * bx + ay * by);
    crossDots[j + 2] = Math.abs(bx * cy - by * cx);
    crossDots[j + 3] = -(bx * cx + by * cy);
    crossDots[j + 4] = Math.abs(cx * dy - cy * dx);
    crossDots[j + 5] = -(cx * dx + cy * dy);
  }
  const tx = hand[T + X]! - wristX;
  const ty = hand[T + Y]! * yScale - wristY;
  const ix = hand[I + X]! - wristX;
  const iy = hand[I + Y]! * yScale - wristY;
  crossDots[30] = Math.abs(tx * iy - ty * ix);
  crossDots[31] = tx * ix + ty * iy;
  return crossDotsToAngles(crossDots, HAND_ANGLE_COUNT, out);
}
