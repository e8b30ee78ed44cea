import type * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type * as poseDetection from '@tensorflow-models/pose-detection';
import type { LetterboxPadding } from './calculators/letterbox_square_crop.ts';
import type { NormalizedRect } from './types.ts';

/** pose-detection's BlazePose detector input size (its letterboxed frame); the landmark crop's is POSE_INPUT_SIZE. */
export const POSE_DETECTOR_INPUT_SIZE = 224;
/** pose-detection's BlazePose landmark model outputs (no segmentation). */
export const POSE_LANDMARK_OUTPUTS = ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'];

/**
 * The members of pose-detection's BlazePose tfjs detector (blazepose_tfjs/detector.ts) that the
 * pose path reaches: the detector step it times, the landmark step it replaces, the decoding and
 * projection steps it keeps, and the models the WebGPU recording replays. Not part of the
 * package's typed API: the version is pinned in package-lock.json and the tests run through them.
 * ref: tfjs-models pose-detection/src/blazepose_tfjs/detector.ts (BlazePoseTfjsDetector)
 */
export interface BlazePoseInternals {
  /** The body's rect for the next frame, from this frame's landmarks; null when the next frame runs the detector. */
  regionOfInterest: NormalizedRect | null;
  /** The frame's timestamp (microseconds) the smoothing filters read after the landmark step; set at the step's start. */
  timestamp: number | null;
  detectPose(image: tf.Tensor3D): Promise<unknown[]>;
  landmarkModel: GraphModel;
  detectorModel?: GraphModel;
  poseLandmarksByRoi(roi: NormalizedRect, image: tf.Tensor3D): Promise<PoseByRoi | null>;
  tensorsToPoseLandmarksAndSegmentation(outputs: tf.Tensor[]): Promise<{ landmarks: unknown[]; auxiliaryLandmarks: unknown[]; poseScore: number; worldLandmarks: unknown[] } | null>;
  poseLandmarksAndSegmentationInverseProjection(
    imageSize: { width: number; height: number },
    roi: NormalizedRect,
    letterboxPadding: LetterboxPadding,
    transformationMatrix: null,
    landmarks: unknown[],
    auxiliaryLandmarks: unknown[],
    worldLandmarks: unknown[],
    segmentationMask: null,
  ): Promise<Omit<PoseByRoi, 'poseScore'>>;
}

/** What pose-detection's landmark step returns. */
export interface PoseByRoi {
  poseScore: number;
  landmarks: unknown[];
  auxiliaryLandmarks: unknown[];
  worldLandmarks: unknown[];
  segmentationMask: null;
}

export function blazePoseInternals(detector: poseDetection.PoseDetector): BlazePoseInternals {
  return detector as unknown as BlazePoseInternals;
}
