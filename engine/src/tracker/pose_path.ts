import * as tf from '@tensorflow/tfjs-core';
import * as poseDetection from '@tensorflow-models/pose-detection';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { blazePoseInternals, POSE_DETECTOR_INPUT_SIZE, POSE_LANDMARK_OUTPUTS, type BlazePoseInternals, type PoseByRoi } from './blazepose_internals.ts';
import { cropRotatedRect } from './calculators/crop_rotated_rect.ts';
import { handCropTransform } from './calculators/hand_crop_transform.ts';
import { letterboxSquareCrop, type LetterboxPadding } from './calculators/letterbox_square_crop.ts';
import { pixelsToFloatRgb } from './calculators/pixels_to_float_rgb.ts';
import { poseKeypointsToLandmarks } from './calculators/pose_keypoints_to_landmarks.ts';
import { LANDMARK_CROP_BORDER, POSE_INPUT_SIZE, TrackerStage } from './constants.ts';
import type { OneSubmissionFrame } from './one_submission_frame.ts';
import { addStageTime, now } from './stage_timings.ts';
import type { ModelSource, ResolvedTrackerOptions } from './tracker_options.ts';
import { createNormalizedRect, type NormalizedRect, type PixelFrame } from './types.ts';
import type { TrackerGraphs } from './webgpu/tracker_graph_replays.ts';

/**
 * The body: pose-detection's BlazePose (runtime tfjs: detector when tracking was lost, landmark
 * model, heatmap refinement, smoothing), with its landmark step's crop made ours (the body's rect
 * sampled from the frame's bytes, border replicated) and its detector timed. Owns the detector,
 * the frame as a float tensor, and the pose crop's buffers.
 * ref: mediapipe/modules/pose_landmark/pose_landmark_cpu.pbtxt
 */
export class PosePath {
  /** Times the pose detector has run (it reruns only when tracking is lost). */
  detectorRuns = 0;
  /** WebGPU, `fusedFrame`: the pose landmark model runs in the frame's one submission (null elsewhere). */
  oneSubmission: OneSubmissionFrame | null = null;
  private readonly internals: BlazePoseInternals;
  private detectorMs = 0;
  /** The frame as float RGB, reused from frame to frame. */
  private floatFrame = new Float32Array(0);
  /** WebGPU: the frame whose float copy is made only if the pose detector runs (null once made). */
  private floatFramePending: PixelFrame | null = null;
  /** The frame being tracked, for the pose landmark crop (read from its bytes, like the hands'). */
  private framePixels: PixelFrame | null = null;
  private readonly crop = new Float32Array(POSE_INPUT_SIZE * POSE_INPUT_SIZE * 3);
  private readonly cropRect = createNormalizedRect();
  private readonly padding: LetterboxPadding = { left: 0, top: 0, right: 0, bottom: 0 };
  private readonly matrix = new Float32Array(8);

  private constructor(
    private readonly detector: poseDetection.PoseDetector,
    private readonly options: ResolvedTrackerOptions,
  ) {
    const internals = blazePoseInternals(detector);
    this.internals = internals;
    const detectPose = internals.detectPose.bind(internals);
    internals.detectPose = async (image) => {
      const start = now();
      if (this.floatFramePending) {
        // The detector is the frame tensor's only reader (beginFrame): fill it now, before its upload.
        pixelsToFloatRgb(this.floatFramePending, this.floatFrame);
        this.floatFramePending = null;
      }
      try {
        return await detectPose(image);
      } finally {
        this.detectorRuns++;
        this.detectorMs += now() - start;
      }
    };
    internals.poseLandmarksByRoi = (roi) => this.poseLandmarksByRoi(roi);
  }

  static async load(detector: ModelSource, landmarks: ModelSource, options: ResolvedTrackerOptions): Promise<PosePath> {
    const pose = await poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
      runtime: 'tfjs',
      modelType: options.poseModel,
      enableSmoothing: options.smoothing,
      enableSegmentation: false,
      detectorModelUrl: detector,
      landmarkModelUrl: landmarks,
    });
    return new PosePath(pose, options);
  }

  /**
   * A new frame: its pixels kept for the landmark crop, and the frame as a float RGB tensor [h, w,
   * 3], 0..255, for the detector. `deferFloatCopy` (WebGPU: the tensor keeps the array and uploads
   * it at its first use, which only the detector makes): the copy is made there, if it runs.
   */
  beginFrame(pixels: PixelFrame, deferFloatCopy: boolean): tf.Tensor3D {
    const size = pixels.width * pixels.height * 3;
    if (this.floatFrame.length < size) this.floatFrame = new Float32Array(size);
    if (deferFloatCopy) this.floatFramePending = pixels;
    else pixelsToFloatRgb(pixels, this.floatFrame);
    this.framePixels = pixels;
    // Backends copy the values (WASM at once, WebGPU on first use within this frame), so the
    // buffer is free again by the next frame.
    return tf.tensor3d(this.floatFrame.subarray(0, size), [pixels.height, pixels.width, 3], 'float32');
  }

  /** The frame's pose into `out.pose` (`present` says whether a body was found); the detector's and landmarks' times into `timings`. */
  async track(frame: tf.Tensor3D, timestampMs: number | null, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const start = now();
    let detectorMs = 0;
    let poses: poseDetection.Pose[];
    try {
      poses = await this.detector.estimatePoses(frame, { maxPoses: 1, flipHorizontal: false }, timestampMs ?? undefined);
    } finally {
      // Taken and cleared when the frame is done, not when it begins: with overlapped frames the
      // next frame begins while this one waits for its read-back (it never runs the detector).
      detectorMs = this.detectorMs;
      this.detectorMs = 0;
    }
    const elapsed = now() - start;
    const carriedCropMs = this.oneSubmission?.carriedCropMs ?? 0;
    timings[TrackerStage.poseDetector] = detectorMs;
    // Cutting the carried hands' crops (one-submission frames) is hand work, done inside pose-detection's step.
    timings[TrackerStage.poseLandmarks] = elapsed - detectorMs - carriedCropMs;
    addStageTime(timings, TrackerStage.handCrop, carriedCropMs);
    const pose = poses[0];
    if (pose === undefined) {
      out.present[Part.pose] = 0;
      return;
    }
    poseKeypointsToLandmarks(pose.keypoints, out.imageWidth, out.imageHeight, this.options.mirrored, out.pose);
    out.present[Part.pose] = 1;
  }

  /** The frame is done: its pixels are the caller's again. */
  endFrame(): void {
    this.framePixels = null;
    this.floatFramePending = null;
  }

  /** Whether the next frame follows the body from its last landmarks (no detector run). */
  get followsBody(): boolean {
    return this.internals.regionOfInterest != null;
  }

  /** Forgets the tracked body and the smoothing: the next frame starts from the detector. */
  reset(): void {
    this.detector.reset();
  }

  /** Runs the landmark model once on a blank crop (it only runs once a body is found); returns its output tensors to read. */
  warmUpRun(): tf.Tensor[] {
    const input = tf.zeros([1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3]);
    const outputs = this.internals.landmarkModel.execute(input, POSE_LANDMARK_OUTPUTS) as tf.Tensor[];
    input.dispose();
    return outputs;
  }

  /** The pose models as the WebGPU recording needs them. */
  graphs(): Pick<TrackerGraphs, 'poseLandmarks' | 'poseDetector'> {
    const { landmarkModel, detectorModel } = this.internals;
    return {
      poseLandmarks: { model: landmarkModel, inputShape: [1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3], outputs: POSE_LANDMARK_OUTPUTS },
      poseDetector: detectorModel && { model: detectorModel, inputShape: [1, POSE_DETECTOR_INPUT_SIZE, POSE_DETECTOR_INPUT_SIZE, 3] },
    };
  }

  dispose(): void {
    this.detector.dispose();
  }

  /**
   * pose-detection's landmark step, with MediaPipe's crop: the body's rect sampled from the frame's
   * bytes with the border replicated (LANDMARK_CROP_BORDER), where pose-detection fills it with
   * black. When the hips are out of frame the rect reaches far below the frame, and the black
   * band shrinks the skeleton (shoulders drawn to the collar) and invents hips. The model's
   * outputs then go through pose-detection's own decoding and projection steps.
   * ref: mediapipe/modules/pose_landmark/pose_landmark_by_roi_gpu.pbtxt
   */
  private async poseLandmarksByRoi(roi: NormalizedRect): Promise<PoseByRoi | null> {
    const pixels = this.framePixels!;
    const internals = this.internals;
    letterboxSquareCrop(roi, pixels.width, pixels.height, this.cropRect, this.padding);
    handCropTransform(this.cropRect, pixels.width, pixels.height, POSE_INPUT_SIZE, this.matrix);
    let outputs: tf.Tensor[];
    if (this.oneSubmission) {
      const timestamp = internals.timestamp;
      outputs = await this.oneSubmission.runPose(pixels, this.matrix);
      // With overlapped frames the next frame's step began while this one waited for its
      // read-back, and set pose-detection's timestamp and our letterbox padding for itself: this
      // frame's are put back (the padding follows from the roi alone) before decoding and smoothing.
      internals.timestamp = timestamp;
      letterboxSquareCrop(roi, pixels.width, pixels.height, this.cropRect, this.padding);
    } else {
      cropRotatedRect(pixels, this.matrix, POSE_INPUT_SIZE, this.crop, 0, LANDMARK_CROP_BORDER);
      const input = tf.tensor4d(this.crop, [1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3], 'float32');
      outputs = internals.landmarkModel.execute(input, POSE_LANDMARK_OUTPUTS) as tf.Tensor[];
      input.dispose();
    }
    try {
      const decoded = await internals.tensorsToPoseLandmarksAndSegmentation(outputs);
      if (decoded === null) return null;
      const projected = await internals.poseLandmarksAndSegmentationInverseProjection(
        { width: pixels.width, height: pixels.height },
        roi,
        this.padding,
        null,
        decoded.landmarks,
        decoded.auxiliaryLandmarks,
        decoded.worldLandmarks,
        null,
      );
      return { ...projected, poseScore: decoded.poseScore };
    } finally {
      tf.dispose(outputs);
    }
  }
}
