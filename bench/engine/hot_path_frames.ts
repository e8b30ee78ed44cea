import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, PosePoint, POSE_POINT_COUNT } from '../../engine/src/core/landmark_layout.ts';
import { alphabetFrameToLandmarks } from '../../engine/src/recordings/alphabet_frame_to_landmarks.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { compileReference } from '../../engine/src/reference/compile_reference.ts';
import type { CompiledReference } from '../../engine/src/reference/compiled_reference.ts';
import type { ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import type { ObjectLandmarks, ObjectReferenceFrame, Point } from './object_baseline.ts';

export interface HotPathFrames {
  landmarks: LandmarkFrame[];
  objects: ObjectLandmarks[];
  reference: CompiledReference;
  objectReference: ObjectReferenceFrame[];
  description: string;
}

/**
 * Frames with a pose and two hands. The hands are real: the right hand is one alphabet letter's
 * recording, the left hand another's, mirrored into the left side of the image. The recordings
 * have no body, so the pose is a drawn upper body whose arms move slowly (labelled as synthetic
 * in the bench output): it exercises the pose path with the same arithmetic as a tracked pose.
 * The reference is built from the same frames by the engine's builder, so every part is compared.
 */
export function buildHotPathFrames(rightLetter: AlphabetRecording, leftLetter: AlphabetRecording, count: number): HotPathFrames {
  const landmarks: LandmarkFrame[] = [];
  const scratch = createLandmarkFrame();
  for (let i = 0; i < count; i++) {
    const frame = createLandmarkFrame(1280, 720);
    alphabetFrameToLandmarks(rightLetter.frames[i % rightLetter.frames.length]!, i * 33, frame);
    alphabetFrameToLandmarks(leftLetter.frames[i % leftLetter.frames.length]!, i * 33, scratch);
    for (let p = 0; p < HAND_POINT_COUNT; p++) {
      const o = p * POINT_STRIDE;
      frame.leftHand[o] = 1 - scratch.rightHand[o]!; // the other hand, mirrored to the other side
      frame.leftHand[o + 1] = scratch.rightHand[o + 1]!;
      frame.leftHand[o + 2] = scratch.rightHand[o + 2]!;
      frame.leftHand[o + 3] = 1;
    }
    const wobble = Math.sin(i / 15) * 0.03;
    const put = (index: number, x: number, y: number) => {
      frame.pose[index * POINT_STRIDE] = x;
      frame.pose[index * POINT_STRIDE + 1] = y;
      frame.pose[index * POINT_STRIDE + 3] = 0.95;
    };
    for (let p = 0; p < POSE_POINT_COUNT; p++) put(p, 0.5, 0.5);
    put(PosePoint.leftShoulder, 0.6, 0.45);
    put(PosePoint.rightShoulder, 0.4, 0.45);
    put(PosePoint.leftElbow, 0.66, 0.65 + wobble);
    put(PosePoint.rightElbow, 0.34, 0.65 - wobble);
    put(PosePoint.leftWrist, 0.62, 0.4 - wobble);
    put(PosePoint.rightWrist, 0.38, 0.4 + wobble);
    put(PosePoint.leftHip, 0.58, 0.95);
    put(PosePoint.rightHip, 0.42, 0.95);
    frame.present[Part.pose] = 1;
    frame.present[Part.leftHand] = 1;
    frame.present[Part.rightHand] = 1;
    landmarks.push(frame);
  }
  const angleFrames = landmarks.map((frame) => {
    const angles = createAngleFrame();
    computeAngleFrame(frame, angles);
    return angles;
  });
  const record: ReferenceSign = buildReferenceSign(angleFrames, 'bench.gif');
  const toPoints = (array: Float32Array, n: number): Point[] =>
    Array.from({ length: n }, (_, p) => ({ x: array[p * 4]!, y: array[p * 4 + 1]!, z: array[p * 4 + 2]!, score: array[p * 4 + 3]! }));
  return {
    landmarks,
    objects: landmarks.map((f) => ({
      pose: toPoints(f.pose, POSE_POINT_COUNT),
      leftHand: toPoints(f.leftHand, HAND_POINT_COUNT),
      rightHand: toPoints(f.rightHand, HAND_POINT_COUNT),
      width: f.imageWidth,
      height: f.imageHeight,
    })),
    reference: compileReference('bench', record),
    objectReference: record.configs['bench.gif']!.map((f) => ({ pose: f.pose ?? null, left_hand: f.left_hand ?? null, right_hand: f.right_hand ?? null })),
    description: `hands: asl-alphabet ${rightLetter.sign} (right) and ${leftLetter.sign} (left, mirrored), real recordings; pose: synthetic upper body with moving arms; ${count} frames`,
  };
}
