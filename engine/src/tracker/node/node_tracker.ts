import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { join } from 'node:path';
import { DEFAULT_HAND_MODEL, DEFAULT_POSE_MODEL } from '../constants.ts';
import { LandmarkTracker } from '../landmark_tracker.ts';
import { modelFileNames } from '../model_urls.ts';
import { defaultModelFolder, fileModelSource } from './node_model_source.ts';
import type { BackendReport, PixelFrame, TrackerOptions } from '../types.ts';

export interface NodeTracker {
  tracker: LandmarkTracker;
  backend: BackendReport;
}

/**
 * The tracker in Node: TF.js WASM backend (SIMD; Node gets the single-threaded build), models
 * read from local files (`modelBaseUrl` is a folder here; default public/models).
 */
export async function createNodeTracker(options: TrackerOptions = {}): Promise<NodeTracker> {
  if (tf.getBackend() !== 'wasm') {
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('The TF.js WASM backend failed to start in Node.');
  }
  await tf.ready();
  const folder = options.modelBaseUrl ?? defaultModelFolder();
  const files = modelFileNames(options.poseModel ?? DEFAULT_POSE_MODEL, options.handModel ?? DEFAULT_HAND_MODEL);
  const source = (override: string | undefined, file: string) => fileModelSource(override ?? join(folder, file));
  const tracker = await LandmarkTracker.load(
    {
      poseDetector: source(options.modelUrls?.poseDetector, files.poseDetector),
      poseLandmarks: source(options.modelUrls?.poseLandmarks, files.poseLandmarks),
      handLandmarks: source(options.modelUrls?.handLandmarks, files.handLandmarks),
      palmDetector: source(options.modelUrls?.palmDetector, files.palmDetector),
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
