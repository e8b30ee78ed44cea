import type { NormalizedRect } from '../types.ts';
import type { Detections } from './detections.ts';
import { normalizeRadians } from './normalize_radians.ts';

/**
 * A detection's rect: its box, turned so that the vector from keypoint `startKeypoint` to
 * `endKeypoint` points at `targetAngle` (radians, counter-clockwise from +x; 90 degrees: up). For
 * a palm, wrist centre to middle finger knuckle: the hand upright in the crop whatever its angle
 * in the frame. In: detection `index`, image size (the angle is taken in pixels). Out: `out`.
 * ref: mediapipe/calculators/util/detections_to_rects_calculator.cc (DetectionToNormalizedRect,
 * ComputeRotation), with the options of mediapipe/modules/hand_landmark/palm_detection_detection_to_roi.pbtxt
 * (rotation_vector_start_keypoint_index 0, end 2, target angle 90)
 */
export function detectionToRect(
  detections: Detections,
  index: number,
  startKeypoint: number,
  endKeypoint: number,
  targetAngle: number,
  imageWidth: number,
  imageHeight: number,
  out: NormalizedRect,
): void {
  const box = index * 4;
  const xmin = detections.box[box]!;
  const ymin = detections.box[box + 1]!;
  const width = detections.box[box + 2]! - xmin;
  const height = detections.box[box + 3]! - ymin;
  out.xCenter = xmin + width / 2;
  out.yCenter = ymin + height / 2;
  out.width = width;
  out.height = height;
  const keypoints = index * detections.keypointCount * 2;
  const x0 = detections.keypoints[keypoints + 2 * startKeypoint]! * imageWidth;
  const y0 = detections.keypoints[keypoints + 2 * startKeypoint + 1]! * imageHeight;
  const x1 = detections.keypoints[keypoints + 2 * endKeypoint]! * imageWidth;
  const y1 = detections.keypoints[keypoints + 2 * endKeypoint + 1]! * imageHeight;
  out.rotation = normalizeRadians(targetAngle - Math.atan2(-(y1 - y0), x1 - x0));
}
