import { PosePoint } from '../core/landmark_layout.ts';

/** product.md §3 Data: the four pose angles, in this order in AngleFrame.pose. Each is [A, B(joint), C]. */
export const POSE_ANGLE_NAMES = [
  'leftShoulderElbowWrist',
  'rightShoulderElbowWrist',
  'leftHipShoulderElbow',
  'rightHipShoulderElbow',
] as const;
export type PoseAngleName = (typeof POSE_ANGLE_NAMES)[number];

/** Flattened [a, b, c] BlazePose indices per angle, same order as POSE_ANGLE_NAMES. */
export const POSE_ANGLE_TRIPLETS = new Int8Array([
  PosePoint.leftShoulder, PosePoint.leftElbow, PosePoint.leftWrist,
  PosePoint.rightShoulder, PosePoint.rightElbow, PosePoint.rightWrist,
  PosePoint.leftHip, PosePoint.leftShoulder, PosePoint.leftElbow,
  PosePoint.rightHip, PosePoint.rightShoulder, PosePoint.rightElbow,
]);

/** For mirrored matching: the index of each pose angle's left/right counterpart. */
export const POSE_ANGLE_MIRROR = new Int8Array([1, 0, 3, 2]);

/** Every BlazePose point the pose angles use. */
export const POSE_ANGLE_POINTS = new Int8Array(new Set(POSE_ANGLE_TRIPLETS).values());
