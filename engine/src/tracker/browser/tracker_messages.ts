import type { BackendPreference } from './select_backend.ts';
import type { TrackerOptions, TrackingSchedule } from '../tracker_options.ts';
import type { BackendReport } from '../types.ts';

/** Options of the tracker running in a worker. */
export interface WorkerTrackerOptions extends TrackerOptions {
  backend?: BackendPreference;
  /** Folder URL of the WASM binaries; default modelBaseUrl + 'wasm/'. */
  wasmBaseUrl?: string;
  wasmThreads?: number;
  /** Warm-up frame size (the camera's, after any downscale). Defaults to LandmarkTracker.warmUp's, 640 x 480. */
  warmUpWidth?: number;
  warmUpHeight?: number;
  /**
   * Keep the model files and WASM binaries in Cache Storage under this version (model_cache.ts):
   * a second visit reads them without the server, and a new version replaces the old files.
   * Absent: the browser's HTTP cache only.
   */
  modelCacheVersion?: string;
}

/**
 * Where the worker's start-up time went. Instants are epoch milliseconds (performance.timeOrigin +
 * performance.now(): comparable across the page and the worker); durations are milliseconds.
 */
export interface TrackerStartup {
  /** The worker's script (and its imports) began to run. */
  scriptAt: number;
  /** The init message arrived. */
  initAt: number;
  /** Choosing and starting the backend: WASM compile and instantiate, the free-core probe. */
  backendMs: number;
  /** Of which the free-core probe (measure_free_cores.ts); 0 when it did not run. */
  coreProbeMs: number;
  /** Fetching and parsing the models (pose detector, pose landmarks, hand landmarks, palm detector). */
  loadMs: number;
  /** The warm-up frame (first inference: weights packed, shaders compiled, graphs recorded). */
  warmUpMs: number;
  /** Ready to track. */
  readyAt: number;
  /** Files read from Cache Storage / fetched from the server (0 / 0 without modelCacheVersion). */
  cacheHits: number;
  cacheMisses: number;
}

/** Main thread -> worker. */
export type TrackerRequest =
  | { type: 'init'; options: WorkerTrackerOptions }
  | {
      type: 'frame';
      /** The frame, transferred: a VideoFrame where the page could make one at the size tracked, else an ImageBitmap. */
      image: ImageBitmap | VideoFrame;
      timestampMs: number;
      pose: Float32Array;
      leftHand: Float32Array;
      rightHand: Float32Array;
      present: Uint8Array;
      timings: Float64Array;
    }
  | { type: 'reset' }
  | { type: 'mirrored'; value: boolean }
  | { type: 'schedule'; value: TrackingSchedule | null };

/** Worker -> main thread. */
export type TrackerResponse =
  | { type: 'ready'; backend: BackendReport; startup: TrackerStartup }
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
