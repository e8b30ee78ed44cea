import { MODEL_FILES } from './constants.ts';
import { resolveTrackerOptions, type TrackerOptions } from './tracker_options.ts';
import type { HandModelType, ModelUrls, PoseModelType } from './types.ts';

/** The model file names for a pose and hand model choice. */
export function modelFileNames(poseModel: PoseModelType, handModel: HandModelType): ModelUrls {
  return {
    poseDetector: MODEL_FILES.poseDetector,
    poseLandmarks: poseModel === 'lite' ? MODEL_FILES.poseLite : MODEL_FILES.poseFull,
    handLandmarks: handModel === 'lite' ? MODEL_FILES.handLite : MODEL_FILES.handFull,
    palmDetector: MODEL_FILES.palmDetector,
  };
}

/**
 * Model URLs (file paths in Node) from the options: each one overridable, else `modelBaseUrl` +
 * file name. The options' defaults (resolveTrackerOptions) apply where they are not given.
 */
export function resolveModelUrls(given: TrackerOptions): ModelUrls {
  const options = resolveTrackerOptions(given);
  const base = options.modelBaseUrl;
  const prefix = base.endsWith('/') ? base : base + '/';
  const files = modelFileNames(options.poseModel, options.handModel);
  return {
    poseDetector: options.modelUrls.poseDetector ?? prefix + files.poseDetector,
    poseLandmarks: options.modelUrls.poseLandmarks ?? prefix + files.poseLandmarks,
    handLandmarks: options.modelUrls.handLandmarks ?? prefix + files.handLandmarks,
    palmDetector: options.modelUrls.palmDetector ?? prefix + files.palmDetector,
  };
}
