import * as constants from '../core/constants.ts';
import * as layout from '../core/landmark_layout.ts';
import * as frameScale from './angle_frame_y_scale.ts';
import * as batch from './cross_dots_to_angles.ts';
import { POSE_ANGLE_POINTS, POSE_ANGLE_TRIPLETS } from './pose_angle_definitions.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { POSE_ANGLE_COUNT } = constants;
const { POINT_STRIDE, SCORE, X, Y } = layout;
const { angleFrameYScale } = frameScale;
const { crossDotsToAngles } = batch;

/** POSE_ANGLE_TRIPLETS as offsets into the pose array. */
const TRIPLET_OFFSETS = Int16Array.from(POSE_ANGLE_TRIPLETS, (point) => point * POINT_STRIDE);
const SCORE_OFFSETS = Int16Array.from(POSE_ANGLE_POINTS, (point) => point * POINT_STRIDE + SCORE);

/** Each angle's |cross| and dot, converted to degrees after the loop. */
const crossDots = new Float64Array(2 * POSE_ANGLE_COUNT);

/**
 * The pose's 4 arm angles (pose_angle_definitions.ts, in that order) into `out`:
 * leftShoulderElbowWrist, rightShoulderElbowWrist, leftHipShoulderElbow, rightHipShoulderElbow.
 * Each is jointAngle(a, b, c) of its triplet, measured on the angle frame of a source of
 * `imageWidth` x `imageHeight` divided by its width (see computeHandAngles, also for why the size
 * comes in as integers): the cross and dot products of the four joints first, then
 * crossDotsToAngles turns them into degrees in one loop (four arctangent call sites would exceed
 * V8's inlining budget, and the calls left over box their arguments).
 * Returns false (the pose is missing) when one of the 8 points scores below `minScore` (or NaN),
 * or a joint is degenerate (or a coordinate is NaN); `out` is then partly written (zeros, never
 * NaN) and must not be read. Allocates nothing.
 *
 * ref: product.md §5 Validation's pose angles (shoulder-elbow-wrist, hip-shoulder-elbow, each side) on BlazePose's
 * 33 keypoints.
 */
export function computePoseAngles(pose: Float32Array, imageWidth: number, imageHeight: number, minScore: number, out: Float32Array): boolean {
  for (let k = 0; k < SCORE_OFFSETS.length; k++) {
    // Written so that a NaN score also counts as missing.
    if (!(pose[SCORE_OFFSETS[k]!]! >= minScore)) return false;
  }
  const yScale = angleFrameYScale(imageWidth, imageHeight);
  for (let i = 0; i < POSE_ANGLE_COUNT; i++) {
    const a = TRIPLET_OFFSETS[3 * i]!;
    const b = TRIPLET_OFFSETS[3 * i + 1]!;
    const c = TRIPLET_OFFSETS[3 * i + 2]!;
    const bx = pose[b + X]!;
    const by = pose[b + Y]!;
    // jointAngle's vectors B->A and B->C; y scaled after the subtraction, so a zero stays zero.
    const ux = pose[a + X]! - bx;
    const uy = (pose[a + Y]! - by) * yScale;
    const vx = pose[c + X]! - bx;
    const vy = (pose[c + Y]! - by) * yScale;
    crossDots[2 * i] = Math.abs(ux * vy - uy * vx);
    crossDots[2 * i + 1] = ux * vx + uy * vy;
  }
  return crossDotsToAngles(crossDots, POSE_ANGLE_COUNT, out);
}
