// Test-only page: camera -> tracker worker -> skeleton overlay. Query parameters: backend
// (auto|webgpu|wasm|cpu), threads, pose (full|lite), hand (full|lite). State for the test (and the
// bench) is on window.__tracker.
import { openCamera } from '../../../../src/features/camera/stream/camera.ts';
import { createTrackerClient } from '../../../../engine/src/tracker/browser/create_tracker_worker.ts';
import { TRACKER_STAGE_COUNT } from '../../../../engine/src/tracker/constants.ts';
import type { BackendPreference } from '../../../../engine/src/tracker/browser/select_backend.ts';
import type { LandmarkFrame } from '../../../../engine/src/core/landmark_frame.ts';
import { HAND_BONES, Part, POINT_STRIDE, POSE_BONES } from '../../../../engine/src/core/landmark_layout.ts';

interface PageState {
  phase: 'starting' | 'tracking' | 'error';
  error: string | null;
  backend: unknown;
  crossOriginIsolated: boolean;
  frames: number;
  dropped: number;
  /** The camera's width, and the frames the client handed over as VideoFrames. */
  videoWidth: number;
  sentAsVideoFrames: number;
  presentCounts: [number, number, number];
  numTensors: number[];
  longTasks: number[];
  stageTotals: number[];
  latencies: number[];
  drawnBones: number;
  startMs: number;
}

const state: PageState = {
  phase: 'starting',
  error: null,
  backend: null,
  crossOriginIsolated: globalThis.crossOriginIsolated === true,
  frames: 0,
  dropped: 0,
  videoWidth: 0,
  sentAsVideoFrames: 0,
  presentCounts: [0, 0, 0],
  numTensors: [],
  longTasks: [],
  stageTotals: new Array(TRACKER_STAGE_COUNT).fill(0),
  latencies: [],
  drawnBones: 0,
  startMs: 0,
};
(window as unknown as { __tracker: PageState }).__tracker = state;

const video = document.getElementById('video') as HTMLVideoElement;
const canvas = document.getElementById('overlay') as HTMLCanvasElement;
const status = document.getElementById('status')!;
const context = canvas.getContext('2d')!;

new PerformanceObserver((list) => {
  if (state.phase !== 'tracking') return;
  for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: false });

function drawBones(points: Float32Array, bones: ReadonlyArray<readonly [number, number]>, color: string): void {
  context.strokeStyle = color;
  context.lineWidth = 3;
  context.beginPath();
  for (const [a, b] of bones) {
    context.moveTo(points[a * POINT_STRIDE]! * canvas.width, points[a * POINT_STRIDE + 1]! * canvas.height);
    context.lineTo(points[b * POINT_STRIDE]! * canvas.width, points[b * POINT_STRIDE + 1]! * canvas.height);
    state.drawnBones++;
  }
  context.stroke();
}

function draw(frame: LandmarkFrame): void {
  context.clearRect(0, 0, canvas.width, canvas.height);
  if (frame.present[Part.pose]) drawBones(frame.pose, POSE_BONES, '#ffd400');
  if (frame.present[Part.leftHand]) drawBones(frame.leftHand, HAND_BONES, '#ff4060');
  if (frame.present[Part.rightHand]) drawBones(frame.rightHand, HAND_BONES, '#40c0ff');
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  await openCamera(video);
  const client = createTrackerClient();
  client.onError((message) => (state.error = message));
  const backend = await client.start({
    modelBaseUrl: new URL('models/', location.href).href,
    backend: (params.get('backend') ?? 'auto') as BackendPreference,
    wasmThreads: params.has('threads') ? Number(params.get('threads')) : undefined,
    poseModel: params.get('pose') === 'lite' ? 'lite' : 'full',
    handModel: params.get('hand') === 'lite' ? 'lite' : 'full',
    warmUpWidth: Math.min(640, video.videoWidth),
    warmUpHeight: Math.round((Math.min(640, video.videoWidth) * video.videoHeight) / video.videoWidth),
  });
  state.backend = backend;
  status.textContent = `tracking on ${backend.name}${backend.threads ? ` (${backend.threads} thread(s))` : ''}${backend.warning ? ` - ${backend.warning}` : ''}`;
  client.onLandmarks((frame, timings, info) => {
    state.frames++;
    state.videoWidth = video.videoWidth;
    state.sentAsVideoFrames = client.sentAsVideoFrames;
    for (let part = 0; part < 3; part++) state.presentCounts[part as 0 | 1 | 2] += frame.present[part]!;
    for (let i = 0; i < TRACKER_STAGE_COUNT; i++) state.stageTotals[i]! += timings[i]!;
    state.numTensors.push(info.numTensors);
    state.latencies.push(info.latencyMs);
    draw(frame);
  });
  state.phase = 'tracking';
  state.startMs = performance.now();
  const onVideoFrame = (now: number) => {
    if (!client.offer(video, video.videoWidth, video.videoHeight, now)) state.dropped = client.dropped;
    video.requestVideoFrameCallback(onVideoFrame);
  };
  video.requestVideoFrameCallback(onVideoFrame);
}

main().catch((error: unknown) => {
  state.phase = 'error';
  state.error = error instanceof Error ? error.message : String(error);
  status.textContent = state.error;
});
