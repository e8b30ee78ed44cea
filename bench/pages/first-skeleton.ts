// The time from opening the camera screen to the first skeleton, as the app does it, on the fake
// camera (bench/first-skeleton/). Query parameters:
//   flow=sequential  the camera opens, then the tracker starts (the camera screen's sequential flow, the baseline)
//   flow=parallel    the camera and the tracker start together
//   flow=prestart    the tracker starts when the page opens (the lesson page, on the learner's
//                    intent); the camera screen opens `dwell` ms later and takes it over
//   cache=1          the model files and WASM binaries kept in Cache Storage (model_cache.ts)
//   models=full|lite
// The result is window.__firstSkeleton: instants in ms since the camera screen opened.
import { createTrackerClient } from '../../engine/src/tracker/browser/create_tracker_worker.ts';
import type { TrackerClient } from '../../engine/src/tracker/browser/tracker_client.ts';
import type { TrackerStartup } from '../../engine/src/tracker/browser/tracker_messages.ts';
import type { BackendReport } from '../../engine/src/tracker/types.ts';

/** What the page reports; the bench's runner (bench/first-skeleton/run_first_skeleton.ts) reads the same shape. */
export interface FirstSkeletonResult {
  status: 'running' | 'ok' | 'error';
  error?: string;
  flow: string;
  /** ms from the camera screen opening: camera playing, tracker ready, first landmarks, first pose. */
  cameraMs?: number;
  readyMs?: number;
  firstLandmarksMs?: number;
  firstPoseMs?: number;
  /** ms the tracker had been starting before the camera screen opened (prestart). */
  headStartMs: number;
  /** The worker's start-up, ms since the tracker was created: script running, backend, models, warm-up. */
  workerScriptMs?: number;
  startup?: TrackerStartup;
  backend?: BackendReport;
}

const params = new URLSearchParams(location.search);
const flow = params.get('flow') ?? 'sequential';
const models = params.get('models') === 'lite' ? 'lite' : 'full';
const dwell = Number(params.get('dwell') ?? 0);
const result: FirstSkeletonResult = { status: 'running', flow, headStartMs: 0 };
(window as unknown as { __firstSkeleton: FirstSkeletonResult }).__firstSkeleton = result;
const video = document.getElementById('video') as HTMLVideoElement;
const epoch = () => performance.timeOrigin + performance.now();

function startTracker(): { client: TrackerClient; ready: Promise<BackendReport>; createdAt: number } {
  const createdAt = epoch();
  const client = createTrackerClient();
  const ready = client.start({
    modelBaseUrl: new URL('../models/', location.href).href,
    wasmBaseUrl: new URL('../tfjs-wasm/', location.href).href,
    poseModel: models,
    handModel: models,
    maxInputWidth: 640,
    warmUpWidth: 640,
    warmUpHeight: 480,
    modelCacheVersion: params.get('cache') === '1' ? 'bench' : undefined,
  });
  return { client, ready, createdAt };
}

async function openCamera(): Promise<void> {
  video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 960 }, audio: false });
  await video.play();
}

async function main(): Promise<void> {
  let tracker: ReturnType<typeof startTracker> | null = null;
  if (flow === 'prestart') {
    tracker = startTracker();
    await new Promise((resolve) => setTimeout(resolve, dwell));
  }
  const opened = epoch();
  result.headStartMs = tracker ? opened - tracker.createdAt : 0;
  const since = (at: number) => Math.round(at - opened);
  if (flow === 'parallel') tracker = startTracker();
  const camera = openCamera().then(() => (result.cameraMs = since(epoch())));
  if (flow === 'sequential') {
    await camera;
    tracker = startTracker();
  }
  const { client, ready, createdAt } = tracker!;
  const [backend] = await Promise.all([ready, camera]);
  result.readyMs = since(client.startup!.readyAt);
  result.backend = backend;
  result.startup = client.startup!;
  result.workerScriptMs = Math.round(client.startup!.scriptAt - createdAt);
  client.onLandmarks((frame) => {
    result.firstLandmarksMs ??= since(epoch());
    if (frame.present[0] && result.firstPoseMs === undefined) {
      result.firstPoseMs = since(epoch());
      result.status = 'ok';
    }
  });
  const onFrame = (now: number) => {
    client.offer(video, video.videoWidth, video.videoHeight, now);
    if (result.status === 'running') video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
}

main().catch((error: unknown) => {
  result.status = 'error';
  result.error = error instanceof Error ? error.message : String(error);
});
