import { POINT_STRIDE, SCORE, X, Y } from '../core/landmark_layout.ts';
import { angleFrameYScale } from './angle_frame_y_scale.ts';
import { jointAngle } from './joint_angle.ts';
import { POSE_ANGLE_POINTS, POSE_ANGLE_TRIPLETS } from './pose_angle_definitions.ts';

/** POSE_ANGLE_TRIPLETS as offsets into the pose array. */
const TRIPLET_OFFSETS = Int16Array.from(POSE_ANGLE_TRIPLETS, (point) => point * POINT_STRIDE);
const SCORE_OFFSETS = Int16Array.from(POSE_ANGLE_POINTS, (point) => point * POINT_STRIDE + SCORE);

/**
 * The pose's 4 arm angles (pose_angle_definitions.ts, in that order) into `out`:
 * leftShoulderElbowWrist, rightShoulderElbowWrist, leftHipShoulderElbow, rightHipShoulderElbow.
 * Measured on the angle frame of a source of `imageWidth` x `imageHeight`, divided by its width
 * (see computeHandAngles, also for why the size comes in as integers).
 * Returns false (the pose is missing) when one of the 8 points scores below `minScore` (or NaN),
 * or a joint is degenerate; `out` is then partly written and must not be read. Allocates nothing:
 * the one jointAngle call site is inlined (four call sites exceed V8's inlining budget, and the
 * calls left over box their six double arguments).
 *
 * ref: SPEC 5's pose angles (shoulder-elbow-wrist, hip-shoulder-elbow, each side) on BlazePose's
 * 33 keypoints.
 */
export function computePoseAngles(pose: Float32Array, imageWidth: number, imageHeight: number, minScore: number, out: Float32Array): boolean {
  for (let k = 0; k < SCORE_OFFSETS.length; k++) {
    // Written so that a NaN score also counts as missing.
    if (!(pose[SCORE_OFFSETS[k]!]! >= minScore)) return false;
  }
  const yScale = angleFrameYScale(imageWidth, imageHeight);
  for (let i = 0, t = 0; t < TRIPLET_OFFSETS.length; i++, t += 3) {
    const a = TRIPLET_OFFSETS[t]!;
    const b = TRIPLET_OFFSETS[t + 1]!;
    const c = TRIPLET_OFFSETS[t + 2]!;
    const angle = jointAngle(pose[a + X]!, pose[a + Y]! * yScale, pose[b + X]!, pose[b + Y]! * yScale, pose[c + X]!, pose[c + Y]! * yScale);
    if (!(angle >= 0)) return false;
    out[i] = angle;
  }
  return true;
}
