import * as layout from '../core/landmark_layout.ts';
import * as frameScale from './angle_frame_y_scale.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { HandPoint, POINT_STRIDE, X, Y } = layout;
const { angleFrameYScale } = frameScale;

/**
 * Where a hand points and which side of it faces the camera, in the image:
 *   out[0], out[1]: unit vector from the wrist to the middle-finger MCP, in pixels (y down);
 *   out[2]: palm facing, the sine of the angle from (wrist -> index MCP) to (wrist -> pinky MCP),
 *           in -1..1. For a right hand seen unmirrored, positive means the back of the hand faces
 *           the camera; it changes sign for the other side, the other hand and under mirroring.
 * Joint angles cannot see either: H and U, K and P, G and Q have the same finger angles and differ
 * only here. Measured on the angle frame of a source of `imageWidth` x `imageHeight`. Returns
 * false when the points are degenerate.
 *
 * ref: MediaPipe's hand rotation (HandLandmarksToRectCalculator: the wrist -> middle MCP
 * direction), plus the palm normal's sign from the same three palm points.
 */
export function computeHandOrientation(
  hand: Float32Array,
  imageWidth: number,
  imageHeight: number,
  out: Float32Array,
): boolean {
  // On the angle frame divided by its width, as the angles: x as stored, y scaled (see computeHandAngles).
  const yScale = angleFrameYScale(imageWidth, imageHeight);
  const w = HandPoint.wrist * POINT_STRIDE;
  const m = HandPoint.middleMcp * POINT_STRIDE;
  const i = HandPoint.indexMcp * POINT_STRIDE;
  const p = HandPoint.pinkyMcp * POINT_STRIDE;
  const wx = hand[w + X]!;
  const wy = hand[w + Y]! * yScale;
  const dx = hand[m + X]! - wx;
  const dy = hand[m + Y]! * yScale - wy;
  const ix = hand[i + X]! - wx;
  const iy = hand[i + Y]! * yScale - wy;
  const px = hand[p + X]! - wx;
  const py = hand[p + Y]! * yScale - wy;
  const dSquared = dx * dx + dy * dy;
  const iSquared = ix * ix + iy * iy;
  const pSquared = px * px + py * py;
  if (!(dSquared > 0 && iSquared > 0 && pSquared > 0)) return false;
  // Math.sqrt, not Math.hypot: V8 does not inline hypot here and it allocates on every call.
  // Two square roots, not three: |i| |p| = sqrt(|i|^2 |p|^2).
  const inverseLength = 1 / Math.sqrt(dSquared);
  out[0] = dx * inverseLength;
  out[1] = dy * inverseLength;
  out[2] = (ix * py - iy * px) / Math.sqrt(iSquared * pSquared);
  return true;
}
