import type { TrackingSchedule } from '../core/tracking_schedule.ts';
import type * as tf from '@tensorflow/tfjs-core';
import { DEFAULT_HAND_MODEL, DEFAULT_MODEL_BASE_URL, DEFAULT_POSE_MODEL } from './constants.ts';
import type { HandModelType, ModelUrls, PoseModelType } from './types.ts';

/**
 * The tracker's options: which models, where their files are, and how frames are tracked. The
 * one options type of the tracker, in the browser (the worker's options extend it) and in Node;
 * `resolveTrackerOptions` applies every default, once.
 * ref: none (as MediaPipe's tasks keep one options type per task, its defaults in one place)
 */
export interface TrackerOptions {
  /** The pose landmark model: 'full' (MediaPipe's model complexity 1) or 'lite'. Defaults to 'full'. */
  poseModel?: PoseModelType;
  /** The hand landmark model: 'full' or 'lite'. Defaults to 'full'. */
  handModel?: HandModelType;
  /**
   * Base URL of the model files (a folder path in Node). Defaults to '/models/' in the browser;
   * in Node (createNodeTracker) to public/models, or the model package's own folder when the
   * models were not copied there.
   */
  modelBaseUrl?: string;
  /** Single model files, each in place of `modelBaseUrl` + its file name. Defaults to none. */
  modelUrls?: Partial<ModelUrls>;
  /** Pose smoothing across video frames (pose-detection's filters), and the hands' crops' (hand_crop_smoothing.ts). Defaults to true; still images are never smoothed. */
  smoothing?: boolean;
  /**
   * The frames are mirror images (selfie view). The models' left and right then follow the mirror
   * image; the tracker swaps them so that `leftHand` stays the signer's own left hand. Defaults to
   * false; the tracker's `mirrored` setter changes it between frames.
   */
  mirrored?: boolean;
  /** Track hands. Defaults to true; false loads neither hand model nor palm detector. */
  hands?: boolean;
  /**
   * Look for a hand in video frames without a body (close-ups, hand-only recordings): the whole
   * frame is tried as a hand when nothing else found one, which runs the hand model on every frame
   * with neither a body nor a hand. Defaults to false; the app's camera turns it on (a hand held
   * close to the camera is a framing learners use). Still images always do.
   */
  handsWithoutPose?: boolean;
  /**
   * Find the hands the body path misses with MediaPipe's palm detector (when its model is given):
   * on a still image whenever a side has no hand, in video when no hand is found (at most every
   * PALM_REACQUIRE_INTERVAL_FRAMES frames). Defaults to true.
   */
  palmDetection?: boolean;
  /**
   * On TF.js WebGPU, record each model's dispatches at warm-up and replay them on every frame
   * (webgpu/record_webgpu_graph.ts): same shaders, same results, a fraction of the CPU time per
   * frame. Defaults to true; false runs every op through TF.js (the bench's baseline).
   */
  replayGraphs?: boolean;
  /**
   * On WebGPU with replayed graphs, a tracked frame is one submission and one read-back: the pose
   * crop and the hands' crops (from their last landmarks) written at once, the pose and hand
   * models encoded in one command buffer, all outputs read with one map
   * (one_submission_frame.ts). Defaults to true; false runs one model at a time.
   */
  fusedFrame?: boolean;
  /**
   * With `fusedFrame`: cut the frame's crops on the GPU (webgpu/crop_pass.ts: the frame's bytes go
   * up once, one dispatch per model input) instead of on the CPU. Defaults to true.
   */
  cropOnGpu?: boolean;
  /**
   * With `fusedFrame`: video frames go through the tracker's `submit` and `collect` (overlapped
   * frames, overlapped_frames.ts), and the next frame can be submitted while this frame's
   * read-back is pending, its crops then from the landmarks of the frame before this one. At most
   * two frames are in flight. Defaults to false: `track` only, each frame read back before the next
   * is submitted (the landmarks are then exactly those of `track`).
   */
  overlapFrames?: boolean;
  /**
   * Video frames track what the practice reads, at the rate it reads it (tracking_schedule.ts):
   * the signing hand every frame from its own last landmarks, the body and the other hand every
   * few frames, their last landmarks standing in between. Defaults to null: every part on every
   * frame. The tracker's `schedule` setter changes it between frames; still images ignore it.
   */
  schedule?: TrackingSchedule | null;
}

export type { TrackingSchedule } from '../core/tracking_schedule.ts';

/** The options with every default applied (`modelUrls` stays partial: an absent entry is base + file name). */
export type ResolvedTrackerOptions = Required<Omit<TrackerOptions, 'modelUrls'>> & { modelUrls: Partial<ModelUrls> };

/**
 * Every default of TrackerOptions, applied once. `runtimeModelBaseUrl` is where this runtime keeps
 * the model files when `modelBaseUrl` is not given (the browser's '/models/', Node's folder).
 * Resolving resolved options again changes nothing.
 */
export function resolveTrackerOptions(options: TrackerOptions = {}, runtimeModelBaseUrl = DEFAULT_MODEL_BASE_URL): ResolvedTrackerOptions {
  return {
    poseModel: options.poseModel ?? DEFAULT_POSE_MODEL,
    handModel: options.handModel ?? DEFAULT_HAND_MODEL,
    modelBaseUrl: options.modelBaseUrl ?? runtimeModelBaseUrl,
    modelUrls: { ...options.modelUrls },
    smoothing: options.smoothing ?? true,
    mirrored: options.mirrored ?? false,
    hands: options.hands ?? true,
    handsWithoutPose: options.handsWithoutPose ?? false,
    palmDetection: options.palmDetection ?? true,
    replayGraphs: options.replayGraphs ?? true,
    fusedFrame: options.fusedFrame ?? true,
    cropOnGpu: options.cropOnGpu ?? true,
    overlapFrames: options.overlapFrames ?? false,
    schedule: checkedSchedule(options.schedule ?? null),
  };
}

/** A schedule whose rates are whole frames, 1 or more; a clear error otherwise. */
export function checkedSchedule(schedule: TrackingSchedule | null): TrackingSchedule | null {
  if (schedule === null) return null;
  for (const key of ['poseEvery', 'otherHandEvery'] as const) {
    const value = schedule[key];
    if (!Number.isInteger(value) || value < 1) throw new Error(`tracking schedule: ${key} is a whole number of frames, 1 or more, not ${String(value)}`);
  }
  return { poseEvery: schedule.poseEvery, otherHandEvery: schedule.otherHandEvery };
}

/** A model file's location: a URL, or an IOHandler (Node reads files through one). */
export type ModelSource = string | tf.io.IOHandler;

/** The model files the tracker loads. */
export interface TrackerModelSources {
  poseDetector: ModelSource;
  poseLandmarks: ModelSource;
  handLandmarks: ModelSource;
  /** MediaPipe's palm detector (handdetect.json); without it hands are found through the body only. */
  palmDetector?: ModelSource;
}
