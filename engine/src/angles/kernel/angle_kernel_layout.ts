import { HAND_POINT_COUNT, POINT_STRIDE, POSE_POINT_COUNT } from '../../core/landmark_layout.ts';

const POINT_BYTES = POINT_STRIDE * Float32Array.BYTES_PER_ELEMENT;

/** The angle kernel's memory, in bytes: the landmarks in (LandmarkFrame's layout), the angles out. */
export const ANGLE_KERNEL_LAYOUT = {
  pose: 0,
  leftHand: POSE_POINT_COUNT * POINT_BYTES,
  rightHand: (POSE_POINT_COUNT + HAND_POINT_COUNT) * POINT_BYTES,
  /** The 36 angles in AngleFrame.values' order (ANGLE_FRAME_LAYOUT): pose, left hand, right hand. */
  angles: (POSE_POINT_COUNT + 2 * HAND_POINT_COUNT) * POINT_BYTES,
} as const;
