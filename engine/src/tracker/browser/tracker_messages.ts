import type { BackendPreference } from './select_backend.ts';
import type { BackendReport, TrackerOptions } from '../types.ts';

/** Options of the tracker running in a worker. */
export interface WorkerTrackerOptions extends TrackerOptions {
  backend?: BackendPreference;
  /** Folder URL of the WASM binaries; default modelBaseUrl + 'wasm/'. */
  wasmBaseUrl?: string;
  wasmThreads?: number;
  /** Warm-up frame size (the camera's, after any downscale). */
  warmUpWidth?: number;
  warmUpHeight?: number;
}

/** Main thread -> worker. */
export type TrackerRequest =
  | { type: 'init'; options: WorkerTrackerOptions }
  | {
      type: 'frame';
      bitmap: ImageBitmap;
      timestampMs: number;
      pose: Float32Array;
      leftHand: Float32Array;
      rightHand: Float32Array;
      present: Uint8Array;
      timings: Float64Array;
    }
  | { type: 'reset' }
  | { type: 'mirrored'; value: boolean };

/** Worker -> main thread. */
export type TrackerResponse =
  | { type: 'ready'; backend: BackendReport; loadMs: number; warmUpMs: number }
  | { type: 'error'; message: string }
  | {
      type: 'landmarks';
      timestampMs: number;
      imageWidth: number;
      imageHeight: number;
      pose: Float32Array;
      leftHand: Float32Array;
      rightHand: Float32Array;
      present: Uint8Array;
      timings: Float64Array;
      /** tf.memory().numTensors after the frame: flat when nothing leaks. */
      numTensors: number;
    };
