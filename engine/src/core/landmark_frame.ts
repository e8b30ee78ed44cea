import { HAND_POINT_COUNT, PART_COUNT, POINT_STRIDE, POSE_POINT_COUNT } from './landmark_layout.ts';

/**
 * One frame of tracked landmarks in the engine's typed-array layout (see landmark_layout.ts).
 * Allocate once with createLandmarkFrame and refill it every frame.
 *
 * `leftHand` and `rightHand` are the signer's own left and right hands (anatomical), decided by
 * the tracker from the pose's wrists, never from a model's handedness output. `imageWidth` and
 * `imageHeight` are the source frame's size in pixels: the angle code needs the aspect ratio to
 * measure angles on square pixels.
 */
export interface LandmarkFrame {
  pose: Float32Array;
  leftHand: Float32Array;
  rightHand: Float32Array;
  /** 1 when the part was found, 0 when missing; indexed by Part. */
  present: Uint8Array;
  timestampMs: number;
  imageWidth: number;
  imageHeight: number;
}

export function createLandmarkFrame(imageWidth = 1280, imageHeight = 720): LandmarkFrame {
  return {
    pose: new Float32Array(POSE_POINT_COUNT * POINT_STRIDE),
    leftHand: new Float32Array(HAND_POINT_COUNT * POINT_STRIDE),
    rightHand: new Float32Array(HAND_POINT_COUNT * POINT_STRIDE),
    present: new Uint8Array(PART_COUNT),
    timestampMs: 0,
    imageWidth,
    imageHeight,
  };
}

/** A copy of `frame` in new arrays. */
export function cloneLandmarkFrame(frame: LandmarkFrame): LandmarkFrame {
  return {
    pose: frame.pose.slice(),
    leftHand: frame.leftHand.slice(),
    rightHand: frame.rightHand.slice(),
    present: frame.present.slice(),
    timestampMs: frame.timestampMs,
    imageWidth: frame.imageWidth,
    imageHeight: frame.imageHeight,
  };
}

/** Copies `from` into `to`'s own arrays (nothing allocated: for per-frame paths). */
export function copyLandmarkFrame(from: LandmarkFrame, to: LandmarkFrame): void {
  to.pose.set(from.pose);
  to.leftHand.set(from.leftHand);
  to.rightHand.set(from.rightHand);
  to.present.set(from.present);
  to.timestampMs = from.timestampMs;
  to.imageWidth = from.imageWidth;
  to.imageHeight = from.imageHeight;
}
