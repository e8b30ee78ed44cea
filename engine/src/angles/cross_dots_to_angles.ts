import * as arctangent from './angle_from_cross_dot.ts';

// A module-local copy: V8 reloads an imported binding at every use (see compute_hand_angles.ts).
const { angleFromCrossDot } = arctangent;

/**
 * The last step of the JavaScript angle path: for k < count, out[k] = the angle whose |cross| and
 * dot are crossDots[2k] and crossDots[2k + 1] (angleFromCrossDot). The callers write every
 * joint's two products first and convert them here in one loop: one arctangent call site, which
 * V8 inlines, and independent divisions the processor overlaps.
 *
 * Returns false when an angle is NaN: a zero-length segment makes the cross and dot products of
 * the joints at its ends both 0, and their angle 0 / 0 (as does a NaN coordinate), so one test of
 * the sum stands for one per segment. `out` then holds zeros, no NaN for a reader that ignores
 * the part's presence.
 *
 * ref: the atan2 of MediaPipe's landmarks-to-angles step, batched.
 */
export function crossDotsToAngles(crossDots: Float64Array, count: number, out: Float32Array): boolean {
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const angle = angleFromCrossDot(crossDots[2 * k]!, crossDots[2 * k + 1]!);
    out[k] = angle;
    sum += angle;
  }
  if (sum === sum) return true;
  out.fill(0, 0, count);
  return false;
}
