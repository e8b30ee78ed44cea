const RAD_TO_DEG = 180 / Math.PI;
/** Table steps per unit of the diamond coordinate (2 * STEPS + 1 entries span -1..1). */
const STEPS = 1024;
// Outside this range `crossAbs + |dot|` rounds in the subnormals or overflows. Scaling both
// arguments by a power of two is exact and leaves the angle unchanged.
const SMALLEST_EXACT = 1e-280;
const LARGEST_EXACT = 1e280;
const SCALE_UP = 2 ** 600;
const SCALE_DOWN = 2 ** -600;

/**
 * The angle, in degrees, of the point on the upper half of the L1 unit circle ("diamond",
 * |d| + c = 1, c >= 0) whose d coordinate is k / STEPS - 1. One guard entry past the end lets
 * d = 1 interpolate without a bounds branch.
 */
const DIAMOND_ANGLE = new Float64Array(2 * STEPS + 2);
for (let k = 0; k < DIAMOND_ANGLE.length; k++) {
  const d = Math.min(1, k / STEPS - 1);
  DIAMOND_ANGLE[k] = Math.atan2(1 - Math.abs(d), d) * RAD_TO_DEG;
}

/**
 * atan2(crossAbs, dot) in degrees, 0..180, for crossAbs >= 0, without calling Math.atan2.
 *
 * Math.atan2 is a call into C++ that costs about as much as the rest of a joint's angle, and a
 * range-reduced polynomial (Cephes' atanf) needs three data-dependent branches that the 36 angles
 * of a frame mispredict. Here the vector (dot, crossAbs) is projected onto the L1 unit circle,
 * d = dot / (crossAbs + |dot|) in -1..1, a smooth monotone stand-in for the angle, and the angle is
 * read from a 2049-entry table by linear interpolation: one division, no branches. The angle
 * as a function of d has a second derivative below 4, so the interpolation error is under
 * 2e-5 degrees (tests/engine/angles.test.ts bounds it at 1e-4 against Math.atan2 over all finite
 * doubles), about the resolution of the Float32 the angles are stored in (1.5e-5 at 180).
 *
 * ref: table-driven arctangent with linear interpolation (as in fixed-point DSP atan2), on the
 * "diamond angle" parametrisation of the direction.
 */
export function angleFromCrossDot(crossAbs: number, dot: number): number {
  let y = crossAbs;
  let x = dot;
  const magnitude = y + Math.abs(x);
  if (magnitude < SMALLEST_EXACT) {
    y *= SCALE_UP;
    x *= SCALE_UP;
  } else if (magnitude > LARGEST_EXACT) {
    y *= SCALE_DOWN;
    x *= SCALE_DOWN;
  }
  const position = (x / (y + Math.abs(x)) + 1) * STEPS;
  const index = position | 0;
  const low = DIAMOND_ANGLE[index]!;
  return low + (position - index) * (DIAMOND_ANGLE[index + 1]! - low);
}
