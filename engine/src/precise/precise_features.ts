import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HandPoint, Part, POINT_STRIDE, X, Y } from '../core/landmark_layout.ts';
import { angleFramePixelSize } from '../angles/angle_frame_pixel_size.ts';
import { HandMotion, MOTION_SPEED_OFFSET } from '../motion/hand_motion.ts';
import { SHAPE_FEATURE_COUNT, SHAPE_LIMIT } from '../core/constants.ts';

/**
 * Precise mode's hand-shape features (beyond the angle rule's 16 angles and the hand orientation), per
 * hand, in this order in AngleFrame.leftHandShape / rightHandShape and in a record's `shape`:
 *
 *   0..9   the five fingertips (thumb, index, middle, ring, pinky) in the palm's own frame: for each,
 *          u = along wrist -> middle MCP, v = across it (to the right of that axis in the image,
 *          y down), both in percent of the palm length |wrist -> middle MCP|. Where the thumb tip
 *          lies against the fist (A, S, T, M, N, E) and how far each finger reaches show here,
 *          where the 2D joint angles are foreshortened.
 *   10     index/middle crossing: (middle tip - index tip) along the knuckle line (index MCP ->
 *          pinky MCP), in percent of the palm length. Positive when the middle tip lies on the
 *          pinky side of the index tip (U, V); negative when the fingers cross (R).
 *   11     motion: 10 * log2(0.6 + speed), speed = the mean net displacement of the wrist and the
 *          index tip over the last MOTION_WINDOW_MS (hand_motion.ts: the same at any frame rate),
 *          in palm lengths per second. Held letters' medians lie between -6 and -2 (P and Q, whose
 *          palm looks short pointing down, near +3 and +4); Z's tracing near +19 (on the
 *          asl-alphabet data).
 *   12     index/middle spread: (middle direction - index direction) along the knuckle line, each
 *          direction the unit vector MCP -> tip, x 100. About -5 for parallel fingers (U, H),
 *          +28 spread (V), below -10 where the fingers lean into each other to cross (R), also in
 *          R's frames where the tracker draws the tips side by side and the crossing reads 0.
 *
 * Under mirroring (learner's left hand against the reference's right) the v coordinates change
 * sign (SHAPE_MIRROR_SIGN); the u coordinates, the crossing, the motion and the spread (dot
 * products, unchanged by a mirror) do not.
 */
export const SHAPE_TIP_COUNT = 5;
export const SHAPE_CROSS = 10;
export const SHAPE_MOTION = 11;
export const SHAPE_INDEX_MIDDLE_SPREAD = 12;
/** +1 or -1 per shape feature: its sign under an x-mirror of the image. */
export const SHAPE_MIRROR_SIGN = new Float32Array([1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, 1, 1]);


// Shape features are kept within +-SHAPE_LIMIT (a record's schema bound): a collapsed palm in a
// bad tracking frame must not produce values a record cannot store.
const clampShape = (value: number) => (value > SHAPE_LIMIT ? SHAPE_LIMIT : value < -SHAPE_LIMIT ? -SHAPE_LIMIT : value);

const TIPS = new Int8Array([HandPoint.thumbTip, HandPoint.indexTip, HandPoint.middleTip, HandPoint.ringTip, HandPoint.pinkyTip]);

/**
 * The static shape features (0..10, 12) of one hand, from its landmarks measured on a pixel grid
 * of `pixelWidth` x `pixelHeight`. Writes them into `out` (not out[SHAPE_MOTION]); returns false
 * when the palm is degenerate (then `out` must not be read). Allocates nothing.
 */
export function computeHandShape(hand: Float32Array, pixelWidth: number, pixelHeight: number, out: Float32Array): boolean {
  const w = HandPoint.wrist * POINT_STRIDE;
  const m = HandPoint.middleMcp * POINT_STRIDE;
  const wx = hand[w + X]! * pixelWidth;
  const wy = hand[w + Y]! * pixelHeight;
  const ux = hand[m + X]! * pixelWidth - wx;
  const uy = hand[m + Y]! * pixelHeight - wy;
  const length2 = ux * ux + uy * uy;
  if (!(length2 > 0)) return false;
  for (let k = 0; k < SHAPE_TIP_COUNT; k++) {
    const t = TIPS[k]! * POINT_STRIDE;
    const dx = hand[t + X]! * pixelWidth - wx;
    const dy = hand[t + Y]! * pixelHeight - wy;
    // Clamped with Math.min/max inline: a ternary mixing a small-integer constant with a double,
    // or a helper returning a double, can make V8 allocate a heap number per value.
    out[2 * k] = Math.max(-SHAPE_LIMIT, Math.min(SHAPE_LIMIT, ((dx * ux + dy * uy) / length2) * 100));
    out[2 * k + 1] = Math.max(-SHAPE_LIMIT, Math.min(SHAPE_LIMIT, ((ux * dy - uy * dx) / length2) * 100));
  }
  const i = HandPoint.indexMcp * POINT_STRIDE;
  const p = HandPoint.pinkyMcp * POINT_STRIDE;
  const kx = (hand[p + X]! - hand[i + X]!) * pixelWidth;
  const ky = (hand[p + Y]! - hand[i + Y]!) * pixelHeight;
  const kLength = Math.sqrt(kx * kx + ky * ky);
  const a = HandPoint.indexTip * POINT_STRIDE;
  const b = HandPoint.middleTip * POINT_STRIDE;
  const cx = (hand[b + X]! - hand[a + X]!) * pixelWidth;
  const cy = (hand[b + Y]! - hand[a + Y]!) * pixelHeight;
  const palmLength = Math.sqrt(length2);
  out[SHAPE_CROSS] = kLength > 0 ? Math.max(-SHAPE_LIMIT, Math.min(SHAPE_LIMIT, ((cx * kx + cy * ky) / kLength / palmLength) * 100)) : 0;
  // Unit finger directions: a finger foreshortened to a point contributes nothing rather than NaN.
  const ax = (hand[a + X]! - hand[i + X]!) * pixelWidth;
  const ay = (hand[a + Y]! - hand[i + Y]!) * pixelHeight;
  const aLength = Math.sqrt(ax * ax + ay * ay);
  const bx = (hand[b + X]! - hand[m + X]!) * pixelWidth;
  const by = (hand[b + Y]! - hand[m + Y]!) * pixelHeight;
  const bLength = Math.sqrt(bx * bx + by * by);
  const indexAlong = aLength > 0 ? (ax * kx + ay * ky) / aLength : 0;
  const middleAlong = bLength > 0 ? (bx * kx + by * ky) / bLength : 0;
  out[SHAPE_INDEX_MIDDLE_SPREAD] = kLength > 0 ? ((middleAlong - indexAlong) / kLength) * 100 : 0;
  return true;
}

/** The motion feature for a speed in palm lengths per second. */
export function motionFeature(speedPalmsPerSecond: number): number {
  return clampShape(10 * Math.log2(MOTION_SPEED_OFFSET + speedPalmsPerSecond));
}

const pixelSize = new Float64Array(2);

/**
 * Computes precise mode's per-frame shape features into an AngleFrame (after computeAngleFrame),
 * keeping each hand's recent positions for the motion feature. One per learner stream (a practice
 * session, a scored recording): it has state. Frames must come in time order; a time that goes
 * back or jumps more than MOTION_MAX_GAP_MS restarts the history. Allocates nothing per frame
 * (the shape arrays are added to the AngleFrame once, on first use).
 */
export interface PreciseFeatureTracker {
  update(landmarks: LandmarkFrame, out: AngleFrame): void;
  reset(): void;
}

export function ensureShapeArrays(frame: AngleFrame): void {
  frame.leftHandShape ??= new Float32Array(SHAPE_FEATURE_COUNT);
  frame.rightHandShape ??= new Float32Array(SHAPE_FEATURE_COUNT);
  frame.shapePresent ??= new Uint8Array(2);
}

export function createPreciseFeatureTracker(): PreciseFeatureTracker {
  const histories = [new HandMotion(), new HandMotion()];
  return {
    reset() {
      histories[0]!.reset();
      histories[1]!.reset();
    },
    update(landmarks, out) {
      ensureShapeArrays(out);
      angleFramePixelSize(landmarks.imageWidth, landmarks.imageHeight, pixelSize);
      const width = pixelSize[0]!;
      const height = pixelSize[1]!;
      for (let side = 0; side < 2; side++) {
        const part = side === 0 ? Part.leftHand : Part.rightHand;
        const history = histories[side]!;
        const shape = side === 0 ? out.leftHandShape! : out.rightHandShape!;
        if (out.present[part] !== 1) {
          out.shapePresent![side] = 0;
          history.reset();
          continue;
        }
        const hand = side === 0 ? landmarks.leftHand : landmarks.rightHand;
        if (!computeHandShape(hand, width, height, shape)) {
          out.shapePresent![side] = 0;
          history.reset();
          continue;
        }
        history.push(landmarks, hand, pixelSize);
        shape[SHAPE_MOTION] = Math.min(SHAPE_LIMIT, 10 * Math.log2(MOTION_SPEED_OFFSET + history.speed[0]!));
        out.shapePresent![side] = 1;
      }
    },
  };
}
