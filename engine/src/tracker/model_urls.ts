import { DEFAULT_HAND_MODEL, DEFAULT_MODEL_BASE_URL, DEFAULT_POSE_MODEL, MODEL_FILES } from './constants.ts';
import type { HandModelType, ModelUrls, PoseModelType, TrackerOptions } from './types.ts';

/** The model file names for a pose and hand model choice. */
export function modelFileNames(poseModel: PoseModelType, handModel: HandModelType): ModelUrls {
  return {
    poseDetector: MODEL_FILES.poseDetector,
    poseLandmarks: poseModel === 'lite' ? MODEL_FILES.poseLite : MODEL_FILES.poseFull,
    handLandmarks: handModel === 'lite' ? MODEL_FILES.handLite : MODEL_FILES.handFull,
    palmDetector: MODEL_FILES.palmDetector,
  };
}

/** Model URLs from the options: each one overridable, else `modelBaseUrl` + file name. */
export function resolveModelUrls(options: TrackerOptions): ModelUrls {
  const base = options.modelBaseUrl ?? DEFAULT_MODEL_BASE_URL;
  const prefix = base.endsWith('/') ? base : base + '/';
  const files = modelFileNames(options.poseModel ?? DEFAULT_POSE_MODEL, options.handModel ?? DEFAULT_HAND_MODEL);
  return {
    poseDetector: options.modelUrls?.poseDetector ?? prefix + files.poseDetector,
    poseLandmarks: options.modelUrls?.poseLandmarks ?? prefix + files.poseLandmarks,
    handLandmarks: options.modelUrls?.handLandmarks ?? prefix + files.handLandmarks,
    palmDetector: options.modelUrls?.palmDetector ?? prefix + files.palmDetector,
  };
}
