import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, HandPoint, Part, POINT_STRIDE, POSE_POINT_COUNT, PosePoint, SCORE, X, Y, Z } from '../core/landmark_layout.ts';
import type { HolisticLayout } from './holistic_layout.ts';
import type { PoseFile } from './read_pose_file.ts';

/** The stored z of point `point` (a frame's point index) in frame `frame`, person 0. */
function storedZ(file: PoseFile, frame: number, point: number): number {
  const { body } = file;
  return body.data[(frame * body.peopleCount * body.pointCount + point) * body.dimensions + 2]!;
}

/**
 * Copies `count` points of one frame (person 0) from the frame's point `first` into `out` in the
 * engine's layout: x and y divided by the file's width and height (the file stores pixels of that
 * frame), z minus `z0`, times `depthScale`, divided by the width (MediaPipe's unit for z: the
 * image width), and the confidence as score, at most 1 (a file resampled in time by its authors
 * has confidences interpolated a little past 1). Returns whether any point was found (a part Holistic
 * missed has every confidence 0).
 */
function copyPart(file: PoseFile, frame: number, first: number, count: number, z0: number, depthScale: number, out: Float32Array): boolean {
  const { body, header } = file;
  const base = frame * body.peopleCount * body.pointCount + first;
  let found = false;
  for (let i = 0; i < count; i++) {
    const d = (base + i) * body.dimensions;
    const o = i * POINT_STRIDE;
    out[o + X] = body.data[d]! / header.width;
    out[o + Y] = body.data[d + 1]! / header.height;
    out[o + Z] = ((body.data[d + 2]! - z0) * depthScale) / header.width;
    const score = body.confidence[base + i]!;
    out[o + SCORE] = score > 1 ? 1 : score;
    if (score > 0) found = true;
  }
  return found;
}

/**
 * Frame `frame` of a MediaPipe Holistic recording -> `out` (preallocated): the pose and both hands
 * as Holistic found them, in camera coordinates (Holistic's LEFT_HAND is the signer's left hand, as
 * the engine's leftHand is), the image `header.width` x `header.height`, the timestamp from the
 * file's frame rate. A hand's z is relative to its wrist (as MediaPipe Hands gives it), the pose's
 * to the hips' midpoint (as BlazePose gives it); both multiplied by `depthScale`, because the files
 * store MediaPipe's raw z, never scaled to pixels as x and y were (recordings/
 * estimate_recording_depth_scale.ts finds the factor). Allocates nothing.
 *
 * ref: pose-format's load_holistic (src/python/pose_format/utils/holistic.py) wrote x * width,
 * y * height, z per point, confidence 1 for every found hand point, visibility for the pose.
 */
export function holisticFrameToLandmarks(file: PoseFile, layout: HolisticLayout, frame: number, depthScale: number, out: LandmarkFrame): void {
  const hipsZ = (storedZ(file, frame, layout.pose + PosePoint.leftHip) + storedZ(file, frame, layout.pose + PosePoint.rightHip)) / 2;
  const pose = copyPart(file, frame, layout.pose, POSE_POINT_COUNT, hipsZ, depthScale, out.pose);
  const leftWristZ = storedZ(file, frame, layout.leftHand + HandPoint.wrist);
  const left = copyPart(file, frame, layout.leftHand, HAND_POINT_COUNT, leftWristZ, depthScale, out.leftHand);
  const rightWristZ = storedZ(file, frame, layout.rightHand + HandPoint.wrist);
  const right = copyPart(file, frame, layout.rightHand, HAND_POINT_COUNT, rightWristZ, depthScale, out.rightHand);
  out.present[Part.pose] = pose ? 1 : 0;
  out.present[Part.leftHand] = left ? 1 : 0;
  out.present[Part.rightHand] = right ? 1 : 0;
  out.imageWidth = file.header.width;
  out.imageHeight = file.header.height;
  out.timestampMs = (frame * 1000) / file.body.fps;
}
