/// <reference lib="webworker" />
// The tracker's Web Worker: runs the models off the main thread. Frames come in transferred (a
// VideoFrame, read into one buffer kept between frames, or an ImageBitmap) with the typed arrays
// to fill; the filled arrays go back transferred.
import * as tf from '@tensorflow/tfjs-core';
import type { LandmarkFrame } from '../../core/landmark_frame.ts';
import { LandmarkTracker } from '../landmark_tracker.ts';
import { resolveModelUrls } from '../model_urls.ts';
import { resolveTrackerOptions, type TrackingSchedule } from '../tracker_options.ts';
import { installModelCache } from './model_cache.ts';
import { createVideoFrameReader, readVideoFrame } from './read_video_frame.ts';
import { selectBackend } from './select_backend.ts';
import type { TrackerRequest, TrackerResponse, WorkerTrackerOptions } from './tracker_messages.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** Epoch milliseconds, comparable with the page's (the start-up report). */
const epochNow = () => performance.timeOrigin + performance.now();
const scriptAt = epochNow();
let tracker: LandmarkTracker | null = null;
/** A schedule that came before the tracker was loaded: applied once it is. */
let earlySchedule: TrackingSchedule | null | undefined;
const videoFrames = createVideoFrameReader();
const frame: LandmarkFrame = {
  pose: new Float32Array(0),
  leftHand: new Float32Array(0),
  rightHand: new Float32Array(0),
  present: new Uint8Array(0),
  timestampMs: 0,
  imageWidth: 0,
  imageHeight: 0,
};

function post(message: TrackerResponse, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

async function init(workerOptions: WorkerTrackerOptions): Promise<void> {
  const initAt = epochNow();
  const options = resolveTrackerOptions(workerOptions);
  const base = new URL(options.modelBaseUrl, scope.location.href).href;
  const modelFolder = base.endsWith('/') ? base : base + '/';
  const wasmBaseUrl = new URL(workerOptions.wasmBaseUrl ?? 'wasm/', modelFolder).href;
  // Before anything is fetched: the models and the WASM binaries come from Cache Storage when kept.
  const cache = workerOptions.modelCacheVersion ? installModelCache(scope, [modelFolder, wasmBaseUrl], workerOptions.modelCacheVersion) : { hits: 0, misses: 0 };
  const backendStart = performance.now();
  const backend = await selectBackend({ preference: workerOptions.backend, wasmBaseUrl, wasmThreads: workerOptions.wasmThreads });
  const loadStart = performance.now();
  const urls = resolveModelUrls(options);
  const absolute = (url: string) => new URL(url, scope.location.href).href;
  tracker = await LandmarkTracker.load(
    {
      poseDetector: absolute(urls.poseDetector),
      poseLandmarks: absolute(urls.poseLandmarks),
      handLandmarks: absolute(urls.handLandmarks),
      palmDetector: absolute(urls.palmDetector),
    },
    options,
  );
  if (earlySchedule !== undefined) tracker.schedule = earlySchedule;
  const warmStart = performance.now();
  // On WebGPU the warm-up compiles every shader and records every model's dispatches, here in the
  // worker: the page never waits on either.
  await tracker.warmUp(workerOptions.warmUpWidth, workerOptions.warmUpHeight);
  backend.runtime = `TF.js ${tf.version_core}`;
  backend.poseModel = tracker.models.pose;
  if (tracker.models.hand) backend.handModel = tracker.models.hand;
  if (backend.name === 'webgpu') backend.replayedModels = tracker.graphReplays.replayed;
  const startup = {
    scriptAt,
    initAt,
    backendMs: loadStart - backendStart,
    coreProbeMs: backend.coreProbeMs ?? 0,
    loadMs: warmStart - loadStart,
    warmUpMs: performance.now() - warmStart,
    readyAt: epochNow(),
    cacheHits: cache.hits,
    cacheMisses: cache.misses,
  };
  post({ type: 'ready', backend, startup });
}

async function track(request: Extract<TrackerRequest, { type: 'frame' }>): Promise<void> {
  frame.pose = request.pose;
  frame.leftHand = request.leftHand;
  frame.rightHand = request.rightHand;
  frame.present = request.present;
  try {
    if (!tracker) throw new Error('tracker not initialised');
    const image = request.image;
    const pixels = isVideoFrame(image) ? await readVideoFrame(image, videoFrames) : image;
    await tracker.track(pixels, request.timestampMs, frame, request.timings);
  } catch (error) {
    frame.present.fill(0);
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  } finally {
    // A VideoFrame left open holds one of the camera's few buffers.
    request.image.close();
  }
  post(
    {
      type: 'landmarks',
      timestampMs: request.timestampMs,
      imageWidth: frame.imageWidth,
      imageHeight: frame.imageHeight,
      pose: frame.pose,
      leftHand: frame.leftHand,
      rightHand: frame.rightHand,
      present: frame.present,
      timings: request.timings,
      numTensors: tf.memory().numTensors,
    },
    [frame.pose.buffer, frame.leftHand.buffer, frame.rightHand.buffer, frame.present.buffer, request.timings.buffer],
  );
}

scope.onmessage = (event: MessageEvent<TrackerRequest>) => {
  const request = event.data;
  switch (request.type) {
    case 'init':
      init(request.options).catch((error: unknown) =>
        post({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case 'frame':
      void track(request);
      break;
    case 'reset':
      tracker?.reset();
      break;
    case 'mirrored':
      if (tracker) tracker.mirrored = request.value;
      break;
    case 'schedule':
      try {
        if (tracker) tracker.schedule = request.value;
        else earlySchedule = request.value;
      } catch (error) {
        post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
      break;
  }
};

function isVideoFrame(image: ImageBitmap | VideoFrame): image is VideoFrame {
  return typeof VideoFrame !== 'undefined' && image instanceof VideoFrame;
}
