const TAN_PI_8 = 0.41421356237309503; // tan(pi/8)
const TAN_3PI_8 = 2.414213562373095; // tan(3pi/8)
const RAD_TO_DEG = 180 / Math.PI;
// Outside this range the branch tests below (crossAbs against tan(k pi/8) * |dot|) round in the
// subnormals or overflow, and a ratio past tan(pi/8) reaches the polynomial. Scaling both
// arguments by a power of two is exact and leaves the angle unchanged.
const SMALLEST_EXACT = 1e-280;
const LARGEST_EXACT = 1e280;
const SCALE_UP = 2 ** 600;
const SCALE_DOWN = 2 ** -600;

/**
 * atan2(crossAbs, dot) in degrees, 0..180, for crossAbs >= 0, without calling Math.atan2.
 * Math.atan2 is a call into C++ that costs about as much as the rest of a joint's angle; the
 * engine measures 36 angles a frame. This is Cephes' single-precision arctangent: reduce the
 * ratio to |t| <= tan(pi/8), then an odd polynomial of degree 9. Its error is about 1e-5 degrees
 * (tests/engine/angles.test.ts bounds it at 1e-4 against Math.atan2 over all finite doubles), finer than the Float32 the
 * angles are stored in (1.5e-5 degrees at 180).
 *
 * ref: Cephes Math Library, atanf.c (Stephen L. Moshier), range reduction and coefficients.
 */
export function angleFromCrossDot(crossAbs: number, dot: number): number {
  let ax = dot < 0 ? -dot : dot;
  let ay = crossAbs;
  const magnitude = ay + ax;
  if (magnitude < SMALLEST_EXACT) {
    ay *= SCALE_UP;
    ax *= SCALE_UP;
  } else if (magnitude > LARGEST_EXACT) {
    ay *= SCALE_DOWN;
    ax *= SCALE_DOWN;
  }
  // Angle between the vectors and the nearer of the two directions of the first segment.
  let base = 0;
  let t: number;
  if (ay > TAN_3PI_8 * ax) {
    base = Math.PI / 2;
    t = -ax / ay;
  } else if (ay > TAN_PI_8 * ax) {
    base = Math.PI / 4;
    t = (ay - ax) / (ay + ax);
  } else {
    t = ay / ax;
  }
  const z = t * t;
  const radians = base + ((((8.05374449538e-2 * z - 1.38776856032e-1) * z + 1.99777106478e-1) * z - 3.33329491539e-1) * z * t + t);
  return (dot < 0 ? Math.PI - radians : radians) * RAD_TO_DEG;
}
