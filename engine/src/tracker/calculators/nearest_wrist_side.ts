import { POINT_STRIDE, PosePoint, X, Y } from '../../core/landmark_layout.ts';
import { HandSide } from '../hand_side.ts';

/**
 * The side of the pose wrist nearest a hand's wrist at (x, y) (normalised; `pose` the frame's
 * pose landmarks, `width` x `height` its pixels): the body says which arm a hand found without it
 * belongs to more surely than the hand model's handedness, which a hand seen alone in a loose crop
 * can get wrong. Ties go left.
 * ref: none (Holistic takes each hand from its own wrist and never needs to ask)
 */
export function nearestWristSide(pose: Float32Array, x: number, y: number, width: number, height: number): HandSide {
  const left = Math.hypot((pose[PosePoint.leftWrist * POINT_STRIDE + X]! - x) * width, (pose[PosePoint.leftWrist * POINT_STRIDE + Y]! - y) * height);
  const right = Math.hypot((pose[PosePoint.rightWrist * POINT_STRIDE + X]! - x) * width, (pose[PosePoint.rightWrist * POINT_STRIDE + Y]! - y) * height);
  return left <= right ? HandSide.left : HandSide.right;
}
