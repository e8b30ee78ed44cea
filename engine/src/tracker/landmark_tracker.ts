import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import * as poseDetection from '@tensorflow-models/pose-detection';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, HandPoint, Part, POINT_STRIDE, PosePoint, SCORE, X, Y } from '../core/landmark_layout.ts';
import { cropRotatedRect } from './calculators/crop_rotated_rect.ts';
import { handCropTransform } from './calculators/hand_crop_transform.ts';
import { handednessToSide } from './calculators/handedness_to_side.ts';
import { handRectFromLandmarks } from './calculators/hand_rect_from_landmarks.ts';
import { handRectFromPose } from './calculators/hand_rect_from_pose.ts';
import { letterboxSquareCrop, type LetterboxPadding } from './calculators/letterbox_square_crop.ts';
import { keepTrackedHandRect } from './calculators/choose_hand_rect.ts';
import { freeBatchDimension } from './free_batch_dimension.ts';
import { fuseConvBiasActivation } from './fuse_conv_bias_activation.ts';
import { pixelsToFloatRgb } from './calculators/pixels_to_float_rgb.ts';
import { poseKeypointsToLandmarks } from './calculators/pose_keypoints_to_landmarks.ts';
import { readPixels, type BrowserImage } from './read_pixels.ts';
import { projectHandLandmarks } from './calculators/project_hand_landmarks.ts';
import { transformRect } from './calculators/transform_rect.ts';
import { PalmDetector } from './palm_detector.ts';
import { TrackerGraphReplays } from './webgpu/tracker_graph_replays.ts';
import { TrackedFrameSubmission } from './webgpu/tracked_frame_submission.ts';
import type { ReplayedGraph } from './webgpu/replay_webgpu_graph.ts';
import { webGpuBackendInternals } from './webgpu/record_webgpu_graph.ts';
import {
  HAND_INPUT_SIZE,
  HAND_PRESENCE_THRESHOLD,
  HAND_RECT_FROM_LANDMARKS_TRANSFORM,
  HAND_RECROP_RETRY_FRAMES,
  HAND_RECT_FROM_POSE_TRANSFORM,
  LANDMARK_CROP_BORDER,
  PALM_REACQUIRE_INTERVAL_FRAMES,
  PALM_STILL_TURNS_DEGREES,
  PALM_VIDEO_TURNS_DEGREES,
  POSE_INPUT_SIZE,
  STILL_HAND_REFINE_PASSES,
  TRACKER_STAGE_COUNT,
  TrackerStage,
  WIDER_LOOK_TRANSFORM,
} from './constants.ts';
import { createNormalizedRect, type HandModelType, type NormalizedRect, type PixelFrame, type PoseModelType } from './types.ts';
import { resolveTrackerOptions, type ResolvedTrackerOptions, type TrackerModelSources, type TrackerOptions } from './tracker_options.ts';

/** What `track` accepts: a frame's pixels in JS memory, or a browser image (read back through a canvas). */
export type TrackerImage = PixelFrame | BrowserImage;

/** pose-detection's BlazePose tfjs detector: the step we time, and the landmark step we replace. */
interface BlazePoseInternals {
  detectPose(image: tf.Tensor3D): Promise<unknown[]>;
  landmarkModel: GraphModel;
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
interface PoseByRoi {
  poseScore: number;
  landmarks: unknown[];
  auxiliaryLandmarks: unknown[];
  worldLandmarks: unknown[];
  segmentationMask: null;
}

/**
 * Hand model outputs: 21 x (x, y, z) in crop pixels, presence and handedness (the score of "Right",
 * in a mirror image: calculators/handedness_to_side.ts). Both scores already pass through a Sigmoid in the graph: they are probabilities.
 */
const HAND_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];
const HAND_RAW_LENGTH = 63;
/** pose-detection's BlazePose detector input size (its letterboxed frame); the landmark crop's is POSE_INPUT_SIZE. */
const POSE_DETECTOR_INPUT_SIZE = 224;
/** pose-detection's BlazePose landmark model outputs (no segmentation). */
const POSE_LANDMARK_OUTPUTS = ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'];

const SIDES = [Part.leftHand, Part.rightHand] as const;
const SIDE_POINTS = {
  [Part.leftHand]: { wrist: PosePoint.leftWrist, index: PosePoint.leftIndex, pinky: PosePoint.leftPinky },
  [Part.rightHand]: { wrist: PosePoint.rightWrist, index: PosePoint.rightIndex, pinky: PosePoint.rightPinky },
};

const now = () => performance.now();

/**
 * The tracking pipeline: BlazePose (pose-detection, runtime tfjs) for the body, then MediaPipe
 * Holistic's hand path without a palm detector: a hand rect from the pose's wrist, index and pinky
 * on the first frame and from the hand's own landmarks after that, a rotated 224x224 crop sampled
 * from the frame's bytes, the hand landmark model, and the landmarks projected back onto the
 * frame. Left and right come from the pose side the rect was taken from.
 * ref: mediapipe/modules/holistic_landmark/holistic_landmark_cpu.pbtxt
 */
export class LandmarkTracker {
  /** Times the pose detector has run (it reruns only when tracking is lost). */
  detectorRuns = 0;
  /** Hand model batch size that runs both hands in one call (2), or 1 when the graph refuses it. */
  handBatch = 1;
  /**
   * WebGPU frames whose pose landmarks ran in the fused submission (`fusedFrame`): `fused`, the
   * followed hands rode along and nothing else ran; `poseAlone`, no hand was followed from the
   * last frame (hands, if any, then ran on their own); `handRerun`, hands rode along but the hand
   * model still ran on its own (a rect from the pose, a re-crop, a palm detector run).
   */
  readonly frameSubmissions = { fused: 0, poseAlone: 0, handRerun: 0 };

  private readonly config: ResolvedTrackerOptions;
  private readonly poseRect = [createNormalizedRect(), createNormalizedRect(), createNormalizedRect()];
  private readonly handRect = [createNormalizedRect(), createNormalizedRect(), createNormalizedRect()];
  private readonly tracked = new Uint8Array(3);
  private readonly cropMatrix = new Float32Array(8);
  private readonly runSides: number[] = [];
  /** Sides whose crop this frame came from the pose (not from the hand's own last landmarks). */
  private readonly rectFromPose = new Uint8Array(3);
  /** Sides re-cropped from the landmark model's points on their loose pose crop. */
  private readonly recropSides: number[] = [];
  /** Per side, frames left before a failed re-crop is tried again. */
  private readonly recropWait = new Uint8Array(3);
  private readonly recropHand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  private readonly rawLandmarks = new Float32Array(2 * HAND_RAW_LENGTH);
  private readonly rawPresence = new Float32Array(2);
  private readonly rawHandedness = new Float32Array(2);
  /** The hand crops (both sides), and the frame as float RGB: reused from frame to frame. */
  private readonly cropBuffer = new Float32Array(2 * HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3);
  private floatFrame = new Float32Array(0);
  private detectorMs = 0;
  /** The frame being tracked, for the pose landmark crop (read from its bytes, like the hands'). */
  private framePixels: PixelFrame | null = null;
  private readonly poseCrop = new Float32Array(POSE_INPUT_SIZE * POSE_INPUT_SIZE * 3);
  private readonly poseCropRect = createNormalizedRect();
  private readonly posePadding: LetterboxPadding = { left: 0, top: 0, right: 0, bottom: 0 };
  private readonly poseMatrix = new Float32Array(8);
  private replays: TrackerGraphReplays | null = null;
  /** WebGPU, `fusedFrame`: the pose and the followed hands in one submission (null elsewhere). */
  private frameSubmission: TrackedFrameSubmission | null = null;
  /** Sides whose crops rode along with this frame's pose (their rects from the last landmarks). */
  private readonly carriedSides: number[] = [];
  /** This frame: whether the pose ran in the fused submission, hand model runs of its own, time cropping carried hands. */
  private fusedThisFrame = false;
  private carriedCount = 0;
  private handRunsThisFrame = 0;
  private carriedCropMs = 0;
  /** Counts `track` calls: the GPU crop pass uploads a frame's bytes once per frame number. */
  private frameNumber = 0;
  /** WebGPU: the frame whose float copy is made only if the pose detector runs (null once made). */
  private floatFramePending: PixelFrame | null = null;
  /** Sides whose tracked hand the palm detector found: followed from its own landmarks (MediaPipe Hands' way). */
  private readonly fromPalm = new Uint8Array(3);
  /** Video: frames left before the palm detector may run again. */
  private palmWait = 0;
  /** Video: re-acquiring attempts so far (each takes the next of PALM_VIDEO_TURNS_DEGREES). */
  private palmAttempt = 0;
  /** 'video': re-acquire when no hand is found; 'still': whenever a side has none; 'off': refinement passes. */
  private palmMode: 'video' | 'still' | 'off' = 'video';
  private readonly palmSides: number[] = [Part.rightHand];
  /** lookWider's crop, and its one side for runHandModel (the side only names the crop's slot). */
  private readonly widerCrop = createNormalizedRect();
  private readonly widerSides: number[] = [Part.rightHand];
  private readonly palmHandBounds = new Float32Array(4);
  private readonly foundHandBounds = new Float32Array(4);

  private constructor(
    private readonly pose: poseDetection.PoseDetector,
    private readonly handModel: GraphModel | null,
    private readonly palm: PalmDetector | null,
    config: ResolvedTrackerOptions,
  ) {
    this.config = config;
    const internals = pose as unknown as BlazePoseInternals;
    const detectPose = internals.detectPose.bind(internals);
    internals.detectPose = async (image) => {
      const start = now();
      if (this.floatFramePending) {
        // The detector is the frame tensor's only reader (toFloatTensor): fill it now, before its upload.
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
    internals.poseLandmarksByRoi = (roi) => this.poseLandmarksByRoi(internals, roi);
  }

  /**
   * pose-detection's landmark step, with MediaPipe's crop: the body's rect sampled from the frame's
   * bytes with the border replicated (LANDMARK_CROP_BORDER), where pose-detection fills it with
   * black. When the hips are out of frame the rect reaches far below the frame, and the black
   * band shrinks the skeleton (shoulders drawn to the collar) and invents hips. The model's
   * outputs then go through pose-detection's own decoding and projection steps.
   * ref: mediapipe/modules/pose_landmark/pose_landmark_by_roi_gpu.pbtxt
   */
  private async poseLandmarksByRoi(internals: BlazePoseInternals, roi: NormalizedRect): Promise<PoseByRoi | null> {
    const pixels = this.framePixels!;
    letterboxSquareCrop(roi, pixels.width, pixels.height, this.poseCropRect, this.posePadding);
    handCropTransform(this.poseCropRect, pixels.width, pixels.height, POSE_INPUT_SIZE, this.poseMatrix);
    const fused = this.frameSubmission;
    if (fused?.cropPass) fused.cropPass.setCrop(0, this.poseMatrix, POSE_INPUT_SIZE);
    else cropRotatedRect(pixels, this.poseMatrix, POSE_INPUT_SIZE, fused ? fused.poseCrop : this.poseCrop, 0, LANDMARK_CROP_BORDER);
    let outputs: tf.Tensor[];
    if (fused) {
      outputs = await this.runFusedFrame(fused, pixels);
    } else {
      const input = tf.tensor4d(this.poseCrop, [1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3], 'float32');
      outputs = internals.landmarkModel.execute(input, POSE_LANDMARK_OUTPUTS) as tf.Tensor[];
      input.dispose();
    }
    try {
      const decoded = await internals.tensorsToPoseLandmarksAndSegmentation(outputs);
      if (decoded === null) return null;
      const projected = await internals.poseLandmarksAndSegmentationInverseProjection(
        { width: pixels.width, height: pixels.height },
        roi,
        this.posePadding,
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

  /**
   * The pose landmark model with the hands followed from the last frame riding along: their crops
   * (from their last landmarks' rects) are cut now and run in the same submission
   * (webgpu/tracked_frame_submission.ts); `runHandModel` takes their outputs when this frame's
   * rects turn out to be those. The pose's outputs come back as tensors over CPU arrays, so
   * pose-detection's decoding reads them without a read-back of its own.
   */
  private async runFusedFrame(fused: TrackedFrameSubmission, pixels: PixelFrame): Promise<tf.Tensor[]> {
    const start = now();
    const sides = this.carriedSides;
    sides.length = 0;
    if (this.handModel) for (const side of SIDES) if (this.tracked[side]) sides.push(side);
    if (!fused.carries(sides.length)) sides.length = 0;
    const cropLength = HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3;
    for (let i = 0; i < sides.length; i++) {
      handCropTransform(this.handRect[sides[i]!]!, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
      if (fused.cropPass) fused.cropPass.setCrop(1 + i, this.cropMatrix, HAND_INPUT_SIZE);
      else cropRotatedRect(pixels, this.cropMatrix, HAND_INPUT_SIZE, fused.handCrops, i * cropLength, LANDMARK_CROP_BORDER);
    }
    this.carriedCropMs += now() - start;
    await fused.run(sides.length, pixels, this.frameNumber);
    this.fusedThisFrame = true;
    this.carriedCount = sides.length;
    const shapes = this.replays!.poseLandmarks()!.outputShapes;
    return fused.poseOutputs.map((data, i) => tf.tensor(data, shapes[i], 'float32'));
  }

  /** The carried hands' outputs when this run is theirs (same sides, same rects), copied into the raw arrays. */
  private takeCarriedHands(sides: number[]): boolean {
    const carried = this.carriedSides;
    if (carried.length === 0 || carried.length !== sides.length) return false;
    for (let i = 0; i < sides.length; i++) if (carried[i] !== sides[i] || this.rectFromPose[sides[i]!]) return false;
    const [landmarks, presence, handedness] = this.frameSubmission!.handOutputs;
    const count = sides.length;
    this.rawLandmarks.set(landmarks!.subarray(0, count * HAND_RAW_LENGTH));
    this.rawPresence.set(presence!.subarray(0, count));
    this.rawHandedness.set(handedness!.subarray(0, count));
    carried.length = 0;
    return true;
  }

  /** Loads the models from the given sources (the backend must be set and ready). */
  static async load(sources: TrackerModelSources, options: TrackerOptions = {}): Promise<LandmarkTracker> {
    const config = resolveTrackerOptions(options);
    const palmSource = config.hands && config.palmDetection ? sources.palmDetector : undefined;
    const [pose, hand, palm] = await Promise.all([
      poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
        runtime: 'tfjs',
        modelType: config.poseModel,
        enableSmoothing: config.smoothing,
        enableSegmentation: false,
        detectorModelUrl: sources.poseDetector,
        landmarkModelUrl: sources.poseLandmarks,
      }),
      !config.hands ? Promise.resolve(null) : loadGraphModel(fuseConvBiasActivation(freeBatchDimension(sources.handLandmarks))),
      palmSource === undefined ? Promise.resolve(null) : loadGraphModel(palmSource),
    ]);
    const tracker = new LandmarkTracker(pose, hand, palm && new PalmDetector(palm), config);
    tracker.handBatch = tracker.probeHandBatch();
    return tracker;
  }

  get mirrored(): boolean {
    return this.config.mirrored;
  }

  set mirrored(value: boolean) {
    if (value !== this.config.mirrored) this.reset();
    this.config.mirrored = value;
  }

  /** The pose and hand landmark models loaded (hand: null when hands are not tracked). */
  get models(): { pose: PoseModelType; hand: HandModelType | null; palmDetector: boolean } {
    return { pose: this.config.poseModel, hand: this.handModel ? this.config.handModel : null, palmDetector: this.palm !== null };
  }

  /** Times the palm detector has run (0 without one). */
  get palmDetectorRuns(): number {
    return this.palm?.runs ?? 0;
  }

  /** Forgets the tracked pose and hands: the next frame starts from the detector. */
  reset(): void {
    this.pose.reset();
    this.tracked.fill(0);
    this.recropWait.fill(0);
    this.fromPalm.fill(0);
    this.palmWait = 0;
    this.palmAttempt = 0;
  }

  /**
   * Tracks one video frame. `timestampMs` drives the pose smoothing; pass null for unrelated
   * still images. Fills `out` (its arrays are overwritten, nothing is allocated for it) and, when
   * given, `stageTimings` (ms per TrackerStage).
   */
  async track(
    image: TrackerImage,
    timestampMs: number | null,
    out: LandmarkFrame,
    stageTimings?: Float64Array,
  ): Promise<void> {
    const timings = stageTimings ?? scratchTimings;
    timings.fill(0);
    const start = now();
    this.carriedSides.length = 0;
    this.fusedThisFrame = false;
    this.carriedCount = 0;
    this.handRunsThisFrame = 0;
    this.carriedCropMs = 0;
    this.frameNumber++;
    const pixels = toPixelFrame(image);
    const frame = this.toFloatTensor(pixels);
    this.framePixels = pixels;
    out.imageWidth = pixels.width;
    out.imageHeight = pixels.height;
    out.timestampMs = timestampMs ?? 0;
    timings[TrackerStage.imageToTensor] = now() - start;
    try {
      await this.trackPose(frame, timestampMs, out, timings);
      if (this.handModel && (out.present[Part.pose] || this.config.handsWithoutPose || this.palmOn())) {
        await this.trackHands(pixels, out, timings);
      } else {
        out.present[Part.leftHand] = 0;
        out.present[Part.rightHand] = 0;
        this.tracked[Part.leftHand] = 0;
        this.tracked[Part.rightHand] = 0;
      }
    } finally {
      frame.dispose();
      this.framePixels = null;
      this.floatFramePending = null;
      this.countFrameSubmission();
    }
    timings[TrackerStage.total] = now() - start;
  }

  /** Which way this frame's pose ran on the GPU (frameSubmissions). */
  private countFrameSubmission(): void {
    this.carriedSides.length = 0;
    if (!this.fusedThisFrame) return;
    if (this.carriedCount === 0) this.frameSubmissions.poseAlone++;
    else if (this.handRunsThisFrame > 0) this.frameSubmissions.handRerun++;
    else this.frameSubmissions.fused++;
  }

  /**
   * Tracks a still image: no smoothing, nothing carried from earlier frames, hands looked for even
   * without a body, and the hands re-run a few times from their own landmarks (a video gets that
   * refinement from its next frames).
   */
  async trackStill(image: TrackerImage, out: LandmarkFrame, stageTimings?: Float64Array): Promise<void> {
    this.reset();
    const start = now();
    const timings = stageTimings ?? scratchTimings;
    const pixels = toPixelFrame(image);
    const handsWithoutPose = this.config.handsWithoutPose;
    this.config.handsWithoutPose = true;
    try {
      // The palm detector looks once, after the body path; the refinement passes then follow
      // every hand found from its own landmarks.
      this.palmMode = 'still';
      await this.track(pixels, null, out, timings);
      this.palmMode = 'off';
      // Every hand found fell apart under refinement (a palm box on a pattern that looked like a
      // palm): the whole frame, as for a hand without a body, and its refinement.
      if (await this.refineStillHands(pixels, out, timings)) {
        this.reset();
        await this.findHandWithoutPose(pixels, out, timings);
        await this.refineStillHands(pixels, out, timings);
      }
      if (this.handModel) for (const side of SIDES) if (out.present[side]) await this.lookWider(pixels, side, out, timings, STILL_HAND_REFINE_PASSES);
      timings[TrackerStage.total] = now() - start;
    } finally {
      this.palmMode = 'video';
      this.config.handsWithoutPose = handsWithoutPose;
      this.reset();
    }
  }

  /**
   * Runs every model once on a blank frame (shader compilation on WebGPU, kernel set-up on WASM),
   * so that the first real frame is not the slow one. Leaves no tracking state behind.
   */
  async warmUp(width = 640, height = 480): Promise<void> {
    const blank: PixelFrame = { data: new Uint8Array(width * height * 3).fill(127), width, height, channels: 3 };
    try {
      const out = warmUpFrame();
      // A blank frame runs the pose detector; the landmark models and the crop, which only run
      // once something is found, are run directly.
      await this.track(blank, null, out);
      const landmarkModel = (this.pose as unknown as { landmarkModel?: GraphModel }).landmarkModel;
      const runs: tf.Tensor[] = [];
      if (landmarkModel) {
        const input = tf.zeros([1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3]);
        runs.push(...(landmarkModel.execute(input, POSE_LANDMARK_OUTPUTS) as tf.Tensor[]));
        input.dispose();
      }
      if (this.handModel) {
        const crops = tf.fill([this.handBatch, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3], 127 / 255, 'float32');
        runs.push(...(this.handModel.execute(crops, HAND_OUTPUTS) as tf.Tensor[]));
        crops.dispose();
      }
      await Promise.all(runs.map((t) => t.data()));
      tf.dispose(runs);
      await this.palm?.warmUp();
      if (this.config.replayGraphs && !this.replays && webGpuBackendInternals()) await this.recordGraphs(width, height);
    } finally {
      this.reset();
    }
  }

  /** Models running from recorded dispatches (WebGPU), and those that could not be recorded, with why. */
  get graphReplays(): { replayed: number; skipped: string[] } {
    return { replayed: this.replays?.count ?? 0, skipped: this.replays?.skipped ?? [] };
  }

  /** The recorded graphs themselves (WebGPU; null before warm-up or elsewhere): for benches that watch their buffers. */
  get webGpuReplays(): TrackerGraphReplays | null {
    return this.replays;
  }

  dispose(): void {
    this.frameSubmission?.dispose();
    this.frameSubmission = null;
    this.replays?.dispose();
    this.replays = null;
    this.pose.dispose();
    this.handModel?.dispose();
    this.palm?.dispose();
  }

  /**
   * Records every model once (after the warm-up compiled their shaders) for replay on each frame;
   * with `fusedFrame`, makes the fused frame's buffers for frames of `width` x `height`.
   */
  private async recordGraphs(width: number, height: number): Promise<void> {
    const models = this.pose as unknown as { landmarkModel?: GraphModel; detectorModel?: GraphModel };
    this.replays = await TrackerGraphReplays.record({
      poseLandmarks: models.landmarkModel && { model: models.landmarkModel, inputShape: [1, POSE_INPUT_SIZE, POSE_INPUT_SIZE, 3], outputs: POSE_LANDMARK_OUTPUTS },
      poseDetector: models.detectorModel && { model: models.detectorModel, inputShape: [1, POSE_DETECTOR_INPUT_SIZE, POSE_DETECTOR_INPUT_SIZE, 3] },
      handLandmarks: this.handModel
        ? { model: this.handModel, batches: this.handBatch === 2 ? [1, 2] : [1], inputSize: HAND_INPUT_SIZE, outputs: HAND_OUTPUTS }
        : undefined,
      palmDetector: this.palm ? { model: this.palm.model, inputShape: PalmDetector.inputShape, outputs: PalmDetector.outputs } : undefined,
    });
    const pose = this.replays.poseLandmarks();
    const backend = webGpuBackendInternals();
    if (this.config.fusedFrame && pose && backend) {
      const hands = new Map<number, ReplayedGraph>();
      for (const batch of [1, 2]) {
        const hand = this.replays.hand(batch);
        if (hand) hands.set(batch, hand);
      }
      this.frameSubmission = new TrackedFrameSubmission(
        backend.device,
        pose.replay,
        hands,
        POSE_INPUT_SIZE * POSE_INPUT_SIZE * 3,
        HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3,
        POSE_INPUT_SIZE,
        HAND_INPUT_SIZE,
        this.config.cropOnGpu,
        width,
        height,
      );
    }
  }

  /** The frame as a float RGB tensor [h, w, 3], 0..255, for the pose model. */
  private toFloatTensor(pixels: PixelFrame): tf.Tensor3D {
    const size = pixels.width * pixels.height * 3;
    if (this.floatFrame.length < size) this.floatFrame = new Float32Array(size);
    // On WebGPU the tensor keeps this array and uploads it at its first use, which only the pose
    // detector makes (a tracked frame's crops are cut from the bytes): the copy is made there.
    if (this.replays) this.floatFramePending = pixels;
    else pixelsToFloatRgb(pixels, this.floatFrame);
    // Backends copy the values (WASM at once, WebGPU on first use within this frame), so the
    // buffer is free again by the next frame.
    return tf.tensor3d(this.floatFrame.subarray(0, size), [pixels.height, pixels.width, 3], 'float32');
  }

  private async trackPose(
    frame: tf.Tensor3D,
    timestampMs: number | null,
    out: LandmarkFrame,
    timings: Float64Array,
  ): Promise<void> {
    this.detectorMs = 0;
    const start = now();
    const poses = await this.pose.estimatePoses(frame, { maxPoses: 1, flipHorizontal: false }, timestampMs ?? undefined);
    const elapsed = now() - start;
    timings[TrackerStage.poseDetector] = this.detectorMs;
    // Cutting the carried hands' crops (fused frames) is hand work, done inside pose-detection's step.
    timings[TrackerStage.poseLandmarks] = elapsed - this.detectorMs - this.carriedCropMs;
    addTime(timings, TrackerStage.handCrop, this.carriedCropMs);
    const pose = poses[0];
    if (pose === undefined) {
      out.present[Part.pose] = 0;
      return;
    }
    poseKeypointsToLandmarks(pose.keypoints, out.imageWidth, out.imageHeight, this.config.mirrored, out.pose);
    out.present[Part.pose] = 1;
  }

  private async trackHands(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const start = now();

    // Hand rects: from the previous landmarks while they stay at this side's wrist, else from the
    // pose. Without a pose, a hand already tracked goes on from its landmarks when allowed.
    const sides = this.runSides;
    sides.length = 0;
    for (const side of SIDES) {
      const points = SIDE_POINTS[side];
      const fromPose = this.poseRect[side]!;
      const rect = this.handRect[side]!;
      const poseOk =
        out.present[Part.pose] === 1 &&
        handRectFromPose(out.pose, points.wrist, points.index, points.pinky, width, height, fromPose);
      this.rectFromPose[side] = 0;
      if (this.recropWait[side]! > 0) this.recropWait[side]!--;
      if (this.tracked[side] && this.fromPalm[side]) {
        // A hand the palm detector found (the body's wrist did not lead to it): followed from its
        // own landmarks while it is there, as MediaPipe Hands does.
        sides.push(side);
      } else if (poseOk) {
        this.fromPalm[side] = 0;
        transformRect(fromPose, width, height, HAND_RECT_FROM_POSE_TRANSFORM);
        if (!this.tracked[side] || !keepTrackedHandRect(rect, fromPose, width, height)) {
          copyRect(fromPose, rect);
          this.rectFromPose[side] = 1;
        }
        sides.push(side);
      } else if (this.tracked[side] && this.config.handsWithoutPose) {
        sides.push(side);
      } else {
        this.tracked[side] = 0;
        out.present[side] = 0;
      }
    }
    addTime(timings, TrackerStage.handCrop, now() - start);
    if (sides.length > 0) await this.trackHandsFromRects(pixels, sides, out, timings);
    if (this.palmShouldLook(out)) await this.lookForPalms(pixels, out, timings);
    // No hand at all, and no body to lead to one (or, on a still image, a body that led to none
    // and the palm detector found none either: a hand close to the camera read as a body): the
    // whole frame is the crop.
    const noBody = sides.length === 0 && out.present[Part.pose] === 0;
    if ((noBody || (this.palmMode === 'still' && this.palmOn())) && !out.present[Part.leftHand] && !out.present[Part.rightHand] && this.config.handsWithoutPose) {
      await this.findHandWithoutPose(pixels, out, timings);
    }
  }

  /** The hand model on each side's rect, the re-crop of loose pose crops, duplicates dropped. */
  private async trackHandsFromRects(pixels: PixelFrame, sides: number[], out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const result = await this.runHandModel(pixels, sides, timings);

    // Back to frame coordinates; the next frame's rect comes from these landmarks.
    let projectStart = now();
    const recrop = this.recropSides;
    recrop.length = 0;
    for (let i = 0; i < sides.length; i++) {
      const side = sides[i]!;
      const score = result.presence[i]!;
      if (score >= HAND_PRESENCE_THRESHOLD) {
        this.acceptHand(side, result.landmarks, i, this.handRect[side]!, score, out);
        continue;
      }
      out.present[side] = 0;
      this.tracked[side] = 0;
      if (this.rectFromPose[side] && this.recropWait[side] === 0) {
        // Re-crop: the pose's rect is loose (2.7 times the wrist-to-knuckles span) and a small or
        // foreshortened hand fills little of it. Holistic refines that rect with its re-crop model
        // before the landmark model judges the hand; we refine it once with the landmark model's
        // own points on the loose crop, which land on the hand even when it scores low.
        // ref: mediapipe/modules/holistic_landmark/hand_recrop_by_roi_gpu.pbtxt
        const rect = this.handRect[side]!;
        projectHandLandmarks(result.landmarks, i * HAND_RAW_LENGTH, HAND_INPUT_SIZE, rect, score, this.recropHand);
        handRectFromLandmarks(this.recropHand, width, height, rect);
        transformRect(rect, width, height, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
        recrop.push(side);
      }
    }
    addTime(timings, TrackerStage.projection, now() - projectStart);
    if (recrop.length > 0) {
      const again = await this.runHandModel(pixels, recrop, timings);
      projectStart = now();
      for (let i = 0; i < recrop.length; i++) {
        const side = recrop[i]!;
        const score = again.presence[i]!;
        if (score >= HAND_PRESENCE_THRESHOLD) this.acceptHand(side, again.landmarks, i, this.handRect[side]!, score, out);
        // A hand that is not there (or not found) would cost a second model run every frame:
        // after a failed re-crop, the next few frames go without.
        else this.recropWait[side] = HAND_RECROP_RETRY_FRAMES;
      }
      addTime(timings, TrackerStage.projection, now() - projectStart);
    }
    projectStart = now();
    this.dropDuplicateHand(out);
    addTime(timings, TrackerStage.projection, now() - projectStart);
  }

  private palmOn(): boolean {
    return this.palm !== null && this.config.palmDetection;
  }

  /**
   * Whether the palm detector looks in this frame: on a still image when a side has no hand; in
   * video only when no hand at all was found, at most every PALM_REACQUIRE_INTERVAL_FRAMES frames
   * (a frame whose hand the body path or the tracking holds never pays for it).
   */
  private palmShouldLook(out: LandmarkFrame): boolean {
    if (!this.palmOn() || this.palmMode === 'off') return false;
    const left = out.present[Part.leftHand] === 1;
    const right = out.present[Part.rightHand] === 1;
    if (this.palmMode === 'still') return !left || !right;
    if (this.palmWait > 0) this.palmWait--;
    if (left || right || this.palmWait > 0) return false;
    this.palmWait = PALM_REACQUIRE_INTERVAL_FRAMES;
    return true;
  }

  /** The palm detector's runs for this frame: which turns of the frame (PALM_*_TURNS_DEGREES). */
  private async lookForPalms(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    if (this.palmMode === 'video') {
      const turn = PALM_VIDEO_TURNS_DEGREES[this.palmAttempt++ % PALM_VIDEO_TURNS_DEGREES.length]!;
      await this.findHandsByPalm(pixels, out, timings, turn);
      return;
    }
    for (const turn of PALM_STILL_TURNS_DEGREES) {
      if (turn !== 0 && (out.present[Part.leftHand] || out.present[Part.rightHand])) return;
      await this.findHandsByPalm(pixels, out, timings, turn);
    }
  }

  /**
   * MediaPipe Hands' first stage for the hands the body path missed: palms found in the whole
   * frame, each palm's rotated rect cropped for the hand landmark model. A palm on a hand already
   * found is skipped. Left or right: the side of the nearest pose wrist when there is a body,
   * else the hand model's handedness (as for a hand seen without a body).
   * ref: mediapipe/modules/hand_landmark/hand_landmark_tracking_cpu.pbtxt
   */
  private async findHandsByPalm(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, turnDegrees: number): Promise<void> {
    const palm = this.palm!;
    const start = now();
    const count = await palm.detect(pixels, this.replays?.palm(), turnDegrees);
    addTime(timings, TrackerStage.palmDetector, now() - start);
    for (let i = 0; i < count; i++) {
      const rect = palm.handRects[i]!;
      const result = await this.runHandModel(pixels, this.palmSides, timings, rect);
      const score = result.presence[0]!;
      const projectStart = now();
      if (score >= HAND_PRESENCE_THRESHOLD) {
        const hand = this.recropHand;
        projectHandLandmarks(result.landmarks, 0, HAND_INPUT_SIZE, rect, score, hand);
        const bounds = this.palmHandBounds;
        landmarkBounds(hand, bounds);
        const x = hand[HandPoint.wrist * POINT_STRIDE + X]!;
        const y = hand[HandPoint.wrist * POINT_STRIDE + Y]!;
        // On a hand found already (the body path's, or another palm's): the surer of the two stays.
        const found = this.foundHandAt(bounds[0]!, bounds[1]!, bounds[2]!, bounds[3]!, out);
        const foundPresence = found === -1 ? 0 : (found === Part.leftHand ? out.leftHand : out.rightHand)[SCORE]!;
        const side = found === -1 ? this.sideOfPalmHand(x, y, result.handedness[0]!, out) : score > foundPresence ? found : -1;
        if (side !== -1) {
          this.acceptHand(side, result.landmarks, 0, rect, score, out);
          this.fromPalm[side] = 1;
          if (this.palmMode === 'video') await this.lookWider(pixels, side, out, timings, 1);
        }
      }
      addTime(timings, TrackerStage.projection, now() - projectStart);
    }
  }

  /**
   * The side of a hand found already that a box (normalised xmin, ymin, xmax, ymax: a hand's
   * landmarks) lies on: more than half of the smaller of the box and that hand's landmark box
   * overlap; -1 when none. Two palms of one hand (NMS keeps boxes that overlap by 0.3 IoU or
   * less), or a palm on the body path's hand, then give no second hand.
   */
  private foundHandAt(xmin: number, ymin: number, xmax: number, ymax: number, out: LandmarkFrame): number {
    const found = this.foundHandBounds;
    for (const side of SIDES) {
      if (!out.present[side]) continue;
      landmarkBounds(side === Part.leftHand ? out.leftHand : out.rightHand, found);
      const width = Math.min(xmax, found[2]!) - Math.max(xmin, found[0]!);
      const height = Math.min(ymax, found[3]!) - Math.max(ymin, found[1]!);
      if (width <= 0 || height <= 0) continue;
      const smaller = Math.min((xmax - xmin) * (ymax - ymin), (found[2]! - found[0]!) * (found[3]! - found[1]!));
      if (width * height > 0.5 * smaller) return side;
    }
    return -1;
  }

  /**
   * The side for a hand the palm detector found, its wrist at (x, y): the nearest pose wrist's
   * side when a body is present, else the model's handedness (right in a mirror image, hence the
   * swap for unmirrored frames); the other side when that one is taken; -1 when both are.
   */
  private sideOfPalmHand(x: number, y: number, handedness: number, out: LandmarkFrame): number {
    let side: number;
    if (out.present[Part.pose]) {
      const w = out.imageWidth;
      const h = out.imageHeight;
      const pose = out.pose;
      const left = Math.hypot((pose[PosePoint.leftWrist * POINT_STRIDE + X]! - x) * w, (pose[PosePoint.leftWrist * POINT_STRIDE + Y]! - y) * h);
      const right = Math.hypot((pose[PosePoint.rightWrist * POINT_STRIDE + X]! - x) * w, (pose[PosePoint.rightWrist * POINT_STRIDE + Y]! - y) * h);
      side = left <= right ? Part.leftHand : Part.rightHand;
    } else {
      side = handednessToSide(handedness, this.config.mirrored);
    }
    if (!out.present[side]) return side;
    const other = side === Part.leftHand ? Part.rightHand : Part.leftHand;
    return out.present[other] ? -1 : other;
  }

  /**
   * No body in view (a close-up of a hand, a hand-only recording): the whole frame, squared, is
   * the first crop (after the palm detector, when there is one, found nothing). The model's
   * handedness output gives the side, as nothing better exists (handedness_to_side.ts).
   */
  private async findHandWithoutPose(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const rect = this.poseRect[0]!;
    const side = Math.max(width, height);
    rect.xCenter = 0.5;
    rect.yCenter = 0.5;
    rect.width = side / width;
    rect.height = side / height;
    rect.rotation = 0;
    const sides = this.runSides;
    sides.length = 0;
    sides.push(Part.rightHand);
    const result = await this.runHandModel(pixels, sides, timings, rect);
    const start = now();
    const score = result.presence[0]!;
    if (score >= HAND_PRESENCE_THRESHOLD) {
      const hand = handednessToSide(result.handedness[0]!, this.config.mirrored);
      this.acceptHand(hand, result.landmarks, 0, rect, score, out);
      // On a still image (found in its first pass, or after its refinement lost every hand), the
      // refinement passes follow this hand from its own landmarks, as a palm's: a body's wrist
      // that led to no hand would take them elsewhere.
      if (this.palmMode !== 'video') this.fromPalm[hand] = 1;
    }
    addTime(timings, TrackerStage.projection, now() - start);
  }

  private acceptHand(
    side: number,
    landmarks: Float32Array,
    index: number,
    cropRect: NormalizedRect,
    score: number,
    out: LandmarkFrame,
  ): void {
    const hand = side === Part.leftHand ? out.leftHand : out.rightHand;
    projectHandLandmarks(landmarks, index * HAND_RAW_LENGTH, HAND_INPUT_SIZE, cropRect, score, hand);
    out.present[side] = 1;
    const next = this.handRect[side]!;
    handRectFromLandmarks(hand, out.imageWidth, out.imageHeight, next);
    transformRect(next, out.imageWidth, out.imageHeight, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
    this.tracked[side] = 1;
  }

  /**
   * The hand on `side`, looked for again from a crop twice its next crop (WIDER_LOOK_TRANSFORM) and
   * followed from its own landmarks for `passes` passes: kept when the hand model's presence there
   * beats the hand found (constants.ts says why). A still image's hands after their refinement
   * passes; in video a hand the palm detector has just found, with one pass (one more hand model
   * run on that frame only: the next frames follow it from its landmarks).
   */
  private async lookWider(pixels: PixelFrame, side: number, out: LandmarkFrame, timings: Float64Array, passes: number): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const crop = this.widerCrop;
    copyRect(this.handRect[side]!, crop);
    transformRect(crop, width, height, WIDER_LOOK_TRANSFORM);
    const hand = this.recropHand;
    for (let pass = 0; pass < passes; pass++) {
      if (pass > 0) {
        handRectFromLandmarks(hand, width, height, crop);
        transformRect(crop, width, height, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
      }
      const result = await this.runHandModel(pixels, this.widerSides, timings, crop);
      const score = result.presence[0]!;
      if (score < HAND_PRESENCE_THRESHOLD) return;
      projectHandLandmarks(result.landmarks, 0, HAND_INPUT_SIZE, crop, score, hand);
      if (pass === passes - 1 && score > (side === Part.leftHand ? out.leftHand : out.rightHand)[SCORE]!) {
        this.acceptHand(side, result.landmarks, 0, crop, score, out);
      }
    }
  }

  /** A still image's refinement passes, each hand cropped from its own landmarks: true when they lost every hand found. */
  private async refineStillHands(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<boolean> {
    const anyHand = () => out.present[Part.leftHand] === 1 || out.present[Part.rightHand] === 1;
    if (!this.handModel || !anyHand()) return false;
    for (let pass = 0; pass < STILL_HAND_REFINE_PASSES && anyHand(); pass++) await this.trackHands(pixels, out, timings);
    return !anyHand();
  }

  /** Crops the hands' rects (or `onlyRect`) to 224x224 and runs the hand landmark model on them. */
  private async runHandModel(
    pixels: PixelFrame,
    sides: number[],
    timings: Float64Array,
    onlyRect?: NormalizedRect,
  ): Promise<{ landmarks: Float32Array; presence: Float32Array; handedness: Float32Array }> {
    const model = this.handModel!;
    if (onlyRect === undefined && this.takeCarriedHands(sides)) {
      return { landmarks: this.rawLandmarks, presence: this.rawPresence, handedness: this.rawHandedness };
    }
    // A run of its own: the carried crops, if any, were not this frame's (a rect from the pose, a re-crop).
    this.carriedSides.length = 0;
    this.handRunsThisFrame++;
    let start = now();
    const submission = this.frameSubmission;
    if (submission?.cropPass && sides.length > 0 && submission.carries(sides.length)) {
      // WebGPU with the crop pass: these crops are cut on the GPU too, from the frame's bytes
      // (uploaded once per frame), in a submission of their own.
      for (let i = 0; i < sides.length; i++) {
        handCropTransform(onlyRect ?? this.handRect[sides[i]!]!, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
        submission.cropPass.setCrop(1 + i, this.cropMatrix, HAND_INPUT_SIZE);
      }
      addTime(timings, TrackerStage.handCrop, now() - start);
      start = now();
      await submission.runHands(sides.length, pixels, this.frameNumber);
      const [landmarks, presence, handedness] = submission.handOutputs;
      this.rawLandmarks.set(landmarks!.subarray(0, sides.length * HAND_RAW_LENGTH));
      this.rawPresence.set(presence!.subarray(0, sides.length));
      this.rawHandedness.set(handedness!.subarray(0, sides.length));
      addTime(timings, TrackerStage.handLandmarks, now() - start);
      return { landmarks: this.rawLandmarks, presence: this.rawPresence, handedness: this.rawHandedness };
    }
    const cropLength = HAND_INPUT_SIZE * HAND_INPUT_SIZE * 3;
    for (let i = 0; i < sides.length; i++) {
      handCropTransform(onlyRect ?? this.handRect[sides[i]!]!, pixels.width, pixels.height, HAND_INPUT_SIZE, this.cropMatrix);
      cropRotatedRect(pixels, this.cropMatrix, HAND_INPUT_SIZE, this.cropBuffer, i * cropLength, LANDMARK_CROP_BORDER);
    }
    addTime(timings, TrackerStage.handCrop, now() - start);

    start = now();
    const count = sides.length;
    const landmarks = this.rawLandmarks;
    const presence = this.rawPresence;
    const handedness = this.rawHandedness;
    const replay = this.replays?.hand(count);
    if (replay) {
      await replay.run(this.cropBuffer.subarray(0, count * cropLength), [landmarks, presence, handedness]);
      addTime(timings, TrackerStage.handLandmarks, now() - start);
      return { landmarks, presence, handedness };
    }
    const crops = tf.tensor4d(this.cropBuffer.subarray(0, count * cropLength), [count, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3], 'float32');
    try {
      for (let first = 0; first < count; first += this.handBatch) {
        const n = Math.min(this.handBatch, count - first);
        const input = n === count ? crops : tf.slice(crops, [first, 0, 0, 0], [n, -1, -1, -1]);
        const [lm, flag, hand] = model.execute(input, HAND_OUTPUTS) as tf.Tensor[];
        const [lmData, flagData, handData] = await Promise.all([lm!.data(), flag!.data(), hand!.data()]);
        landmarks.set(lmData as Float32Array, first * HAND_RAW_LENGTH);
        presence.set(flagData as Float32Array, first);
        handedness.set(handData as Float32Array, first);
        tf.dispose([lm!, flag!, hand!]);
        if (input !== crops) input.dispose();
      }
    } finally {
      crops.dispose();
    }
    addTime(timings, TrackerStage.handLandmarks, now() - start);
    return { landmarks, presence, handedness };
  }

  /**
   * Both crops can land on the same hand (hands crossed, one hidden): the one whose wrist is
   * farther from its own pose wrist is dropped.
   */
  private dropDuplicateHand(out: LandmarkFrame): void {
    if (!out.present[Part.pose] || !out.present[Part.leftHand] || !out.present[Part.rightHand]) return;
    const left = out.leftHand;
    const right = out.rightHand;
    const w = out.imageWidth;
    const h = out.imageHeight;
    const wristGap = distance(left, HandPoint.wrist, right, HandPoint.wrist, w, h);
    const handSize = distance(left, HandPoint.wrist, left, HandPoint.middleMcp, w, h);
    if (wristGap > 0.5 * handSize) return;
    const leftMiss = distance(left, HandPoint.wrist, out.pose, PosePoint.leftWrist, w, h);
    const rightMiss = distance(right, HandPoint.wrist, out.pose, PosePoint.rightWrist, w, h);
    const drop = leftMiss > rightMiss ? Part.leftHand : Part.rightHand;
    out.present[drop] = 0;
    this.tracked[drop] = 0;
  }

  /** 2 when the hand graph accepts a batch of two crops (one call for both hands), else 1. */
  private probeHandBatch(): number {
    if (!this.handModel) return 1;
    try {
      const result = tf.tidy(() => {
        const out = this.handModel!.execute(tf.zeros([2, HAND_INPUT_SIZE, HAND_INPUT_SIZE, 3]), 'Identity') as tf.Tensor;
        return out.shape[0];
      });
      return result === 2 ? 2 : 1;
    } catch {
      return 1;
    }
  }
}

const scratchTimings = new Float64Array(TRACKER_STAGE_COUNT);
let warmFrame: LandmarkFrame | null = null;
function warmUpFrame(): LandmarkFrame {
  warmFrame ??= {
    pose: new Float32Array(33 * POINT_STRIDE),
    leftHand: new Float32Array(21 * POINT_STRIDE),
    rightHand: new Float32Array(21 * POINT_STRIDE),
    present: new Uint8Array(3),
    timestampMs: 0,
    imageWidth: 0,
    imageHeight: 0,
  };
  return warmFrame;
}

function copyRect(from: NormalizedRect, to: NormalizedRect): void {
  to.xCenter = from.xCenter;
  to.yCenter = from.yCenter;
  to.width = from.width;
  to.height = from.height;
  to.rotation = from.rotation;
}

function distance(a: Float32Array, i: number, b: Float32Array, j: number, width: number, height: number): number {
  return Math.hypot(
    (a[i * POINT_STRIDE + X]! - b[j * POINT_STRIDE + X]!) * width,
    (a[i * POINT_STRIDE + Y]! - b[j * POINT_STRIDE + Y]!) * height,
  );
}

/** The bounding box of a hand's 21 landmarks (normalised): out = xmin, ymin, xmax, ymax. */
function landmarkBounds(hand: Float32Array, out: Float32Array): void {
  out[0] = out[1] = Infinity;
  out[2] = out[3] = -Infinity;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    const x = hand[i * POINT_STRIDE + X]!;
    const y = hand[i * POINT_STRIDE + Y]!;
    if (x < out[0]!) out[0] = x;
    if (x > out[2]!) out[2] = x;
    if (y < out[1]!) out[1] = y;
    if (y > out[3]!) out[3] = y;
  }
}

function addTime(timings: Float64Array, stage: number, ms: number): void {
  timings[stage] = timings[stage]! + ms;
}

function isPixelFrame(image: TrackerImage): image is PixelFrame {
  return 'channels' in image && 'data' in image;
}

function toPixelFrame(image: TrackerImage): PixelFrame {
  return isPixelFrame(image) ? image : readPixels(image);
}
