/**
 * A reference sign laid out for matching: every frame's angles in flat Float32Arrays, read by
 * index in the hot path. Built once per sign by compileReference.
 */
export interface CompiledReference {
  signName: string;
  /** The guide animation's file name (the record's configs key). */
  guideFileName: string;
  frameCount: number;
  /** The frames' rate (the record's `fps`, 30 for a record without one). */
  fps: number;
  /** frameCount x 4 pose angles (POSE_ANGLE_NAMES order). */
  pose: Float32Array;
  /** frameCount x 16 hand angles each (HAND_ANGLE_NAMES order). */
  leftHand: Float32Array;
  rightHand: Float32Array;
  /** frameCount x 3 orientation numbers each (NaN-free; see orientationPresent). */
  leftHandOrientation: Float32Array;
  rightHandOrientation: Float32Array;
  /** frameCount x 3 (Part order): 1 when the reference frame has that part. */
  present: Uint8Array;
  /** frameCount x 2 (left, right): 1 when that hand's orientation was recorded. */
  orientationPresent: Uint8Array;
  /** The same angles frame by frame, each frame's 36 in the AngleFrame's layout
   * (ANGLE_FRAME_LAYOUT: pose, left hand, right hand), for the angle rule's single pass. */
  joints: Float32Array;
  /** frameCount x 36: each joint's tolerance (product.md §5 Validation) (30 for the pose; for a hand's 16,
   * max(75, its degreesOfFreedom)), in the layout of `joints`. */
  jointTolerance: Float32Array;
}
