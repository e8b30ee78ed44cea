import { angleFromCrossDot } from './angle_from_cross_dot.ts';

/**
 * The angle at joint B between the segments B->A and B->C, in degrees, 0..180 (180 = straight).
 * Inputs are pixel coordinates (square pixels). Returns -1 when a segment has zero length, never
 * NaN.
 *
 * The definition of every joint angle: both angle paths (the JavaScript one, which computes the
 * same cross and dot products bone by bone, and the WebAssembly kernel) are tested against it
 * over the triplet tables. atan2(|cross|, dot) rather than acos(dot / (|BA| |BC|)): it stays
 * accurate near 0 and 180 degrees, where acos loses precision, and needs no clamping. The
 * arctangent is angle_from_cross_dot.ts's table, as exact as the Float32 the angles are kept in.
 *
 * ref: the joint-angle feature of MediaPipe's gesture examples (angle between two bone vectors).
 */
export function jointAngle(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const ux = ax - bx;
  const uy = ay - by;
  const vx = cx - bx;
  const vy = cy - by;
  if ((ux === 0 && uy === 0) || (vx === 0 && vy === 0)) return -1;
  const cross = ux * vy - uy * vx;
  const dot = ux * vx + uy * vy;
  return angleFromCrossDot(cross < 0 ? -cross : cross, dot);
}
