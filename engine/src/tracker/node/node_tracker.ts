import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { LandmarkTracker } from '../landmark_tracker.ts';
import { resolveModelUrls } from '../model_urls.ts';
import { resolveTrackerOptions, type TrackerOptions } from '../tracker_options.ts';
import { defaultModelFolder, fileModelSource } from './node_model_source.ts';
import type { BackendReport, PixelFrame } from '../types.ts';

export interface NodeTracker {
  tracker: LandmarkTracker;
  backend: BackendReport;
}

/**
 * The tracker in Node: TF.js WASM backend (SIMD; Node gets the single-threaded build), models
 * read from local files (`modelBaseUrl` is a folder here; Node's default: defaultModelFolder()).
 */
export async function createNodeTracker(given: TrackerOptions = {}): Promise<NodeTracker> {
  if (tf.getBackend() !== 'wasm') {
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('The TF.js WASM backend failed to start in Node.');
  }
  await tf.ready();
  const options = resolveTrackerOptions(given, defaultModelFolder());
  const files = resolveModelUrls(options);
  const tracker = await LandmarkTracker.load(
    {
      poseDetector: fileModelSource(files.poseDetector),
      poseLandmarks: fileModelSource(files.poseLandmarks),
      handLandmarks: fileModelSource(files.handLandmarks),
      palmDetector: fileModelSource(files.palmDetector),
    },
    options,
  );
  const simd = (await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) as boolean;
  return { tracker, backend: { name: 'wasm', simd, threads: 1 } };
}

/** A decoded RGB frame (node_image.ts) as the pixels `track` takes. */
export function rgbPixels(frame: { data: Uint8Array; width: number; height: number }): PixelFrame {
  return { data: frame.data, width: frame.width, height: frame.height, channels: 3 };
}
