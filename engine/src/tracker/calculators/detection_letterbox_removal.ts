import type { Detections } from './detections.ts';
import type { LetterboxPadding } from './letterbox_square_crop.ts';

/**
 * Detections found on a letterboxed input mapped back to the image without the letterbox (boxes
 * and keypoints, in place): x' = (x - left) / (1 - left - right), y likewise.
 * ref: mediapipe/calculators/util/detection_letterbox_removal_calculator.cc
 */
export function detectionLetterboxRemoval(detections: Detections, padding: LetterboxPadding): void {
  const width = 1 - padding.left - padding.right;
  const height = 1 - padding.top - padding.bottom;
  const values = detections.keypointCount * 2;
  for (let i = 0; i < detections.count; i++) {
    for (let v = 0; v < 4; v += 2) {
      detections.box[i * 4 + v] = (detections.box[i * 4 + v]! - padding.left) / width;
      detections.box[i * 4 + v + 1] = (detections.box[i * 4 + v + 1]! - padding.top) / height;
    }
    for (let v = 0; v < values; v += 2) {
      detections.keypoints[i * values + v] = (detections.keypoints[i * values + v]! - padding.left) / width;
      detections.keypoints[i * values + v + 1] = (detections.keypoints[i * values + v + 1]! - padding.top) / height;
    }
  }
}
