/**
 * Landmark layouts of the models the engine reads, and the typed-array layout of one frame.
 *
 * A frame of landmarks is three preallocated Float32Arrays (pose, left hand, right hand), each
 * holding POINT_STRIDE numbers per point: x, y (normalised image coordinates, origin top-left,
 * x / width and y / height), z (model depth, unused by the angle code) and score (visibility or
 * presence, 0..1). A part that the tracker did not find is flagged missing in `present`; its
 * numbers are then left as they were and must not be read.
 *
 * ref: BlazePose 33 keypoints (mediapipe/modules/pose_landmark), MediaPipe Hands 21 landmarks
 * (mediapipe/modules/hand_landmark).
 */

export const POINT_STRIDE = 4;
export const X = 0;
export const Y = 1;
export const Z = 2;
export const SCORE = 3;

export const POSE_POINT_COUNT = 33;
export const HAND_POINT_COUNT = 21;

/** BlazePose keypoint indices (the ones the engine uses, and those the tracker crops hands from). */
export const PosePoint = {
  nose: 0,
  leftShoulder: 11,
  rightShoulder: 12,
  leftElbow: 13,
  rightElbow: 14,
  leftWrist: 15,
  rightWrist: 16,
  leftPinky: 17,
  rightPinky: 18,
  leftIndex: 19,
  rightIndex: 20,
  leftThumb: 21,
  rightThumb: 22,
  leftHip: 23,
  rightHip: 24,
} as const;

/** MediaPipe hand landmark indices. */
export const HandPoint = {
  wrist: 0,
  thumbCmc: 1,
  thumbMcp: 2,
  thumbIp: 3,
  thumbTip: 4,
  indexMcp: 5,
  indexPip: 6,
  indexDip: 7,
  indexTip: 8,
  middleMcp: 9,
  middlePip: 10,
  middleDip: 11,
  middleTip: 12,
  ringMcp: 13,
  ringPip: 14,
  ringDip: 15,
  ringTip: 16,
  pinkyMcp: 17,
  pinkyPip: 18,
  pinkyDip: 19,
  pinkyTip: 20,
} as const;

/** Bones drawn for a hand skeleton (pairs of HandPoint indices). */
export const HAND_BONES: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 2], [2, 3], [3, 4],
  [0, 5], [5, 6], [6, 7], [7, 8],
  [5, 9], [9, 10], [10, 11], [11, 12],
  [9, 13], [13, 14], [14, 15], [15, 16],
  [13, 17], [0, 17], [17, 18], [18, 19], [19, 20],
];

/** Bones drawn for the upper-body pose skeleton (pairs of PosePoint indices). */
export const POSE_BONES: ReadonlyArray<readonly [number, number]> = [
  [11, 12], [11, 13], [13, 15], [12, 14], [14, 16], [11, 23], [12, 24], [23, 24],
];

/** Index of each part in LandmarkFrame.present and AngleFrame.present. */
export const Part = { pose: 0, leftHand: 1, rightHand: 2 } as const;
export type PartIndex = (typeof Part)[keyof typeof Part];
export const PART_COUNT = 3;
