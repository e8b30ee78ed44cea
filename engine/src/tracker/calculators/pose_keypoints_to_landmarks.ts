import { POINT_STRIDE, POSE_POINT_COUNT, SCORE, X, Y, Z } from '../../core/landmark_layout.ts';

/** A keypoint as pose-detection returns it: x, y in pixels. */
export interface PixelKeypoint {
  x: number;
  y: number;
  z?: number;
  score?: number;
}

/** BlazePose keypoint that carries the other side's name (left <-> right), per index. */
const MIRROR_OF: Int8Array = (() => {
  const mirror = new Int8Array(POSE_POINT_COUNT);
  for (let i = 0; i < POSE_POINT_COUNT; i++) mirror[i] = i;
  const pairs = [[1, 4], [2, 5], [3, 6], [7, 8], [9, 10]];
  for (let left = 11; left < POSE_POINT_COUNT; left += 2) pairs.push([left, left + 1]);
  for (const [a, b] of pairs) {
    mirror[a!] = b!;
    mirror[b!] = a!;
  }
  return mirror;
})();

/**
 * Pose keypoints (pixels) into the engine layout (normalised), swapping left and right when the
 * frame is a mirror image so that index 15 stays the signer's own left wrist.
 * ref: pose-detection shared/calculators/keypoints_to_normalized_keypoints.ts
 */
export function poseKeypointsToLandmarks(
  keypoints: ReadonlyArray<PixelKeypoint>,
  imageWidth: number,
  imageHeight: number,
  mirrored: boolean,
  out: Float32Array,
): void {
  for (let i = 0; i < POSE_POINT_COUNT; i++) {
    const keypoint = keypoints[i];
    const o = (mirrored ? MIRROR_OF[i]! : i) * POINT_STRIDE;
    if (keypoint === undefined) {
      out[o + SCORE] = 0;
      continue;
    }
    out[o + X] = keypoint.x / imageWidth;
    out[o + Y] = keypoint.y / imageHeight;
    out[o + Z] = keypoint.z ?? 0;
    out[o + SCORE] = keypoint.score ?? 0;
  }
}
