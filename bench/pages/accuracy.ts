// The accuracy harness's browser half: runs MediaPipe's own solution (@mediapipe/holistic, or
// @mediapipe/hands for images without a body) or our tracker (WASM) on a list of frames and
// returns every frame's landmarks in the engine's layout. The Node side compares them
// (bench/accuracy/). MediaPipe's solutions run GPU graphs: SwiftShader WebGL on a machine without
// a GPU, slow, so each frame's time is returned apart and never enters the accuracy figures.
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, POSE_POINT_COUNT } from '../../engine/src/core/landmark_layout.ts';
import { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { resolveModelUrls } from '../../engine/src/tracker/model_urls.ts';
import { selectBackend } from '../../engine/src/tracker/browser/select_backend.ts';
import type { AccuracyPageConfig, AccuracyPageResult, FrameLandmarks } from '../accuracy/types.ts';
import { isSoftwareRenderer, makeSolution, MEDIAPIPE_COMMON_OPTIONS, webglRenderer, type Solution } from './mediapipe_solution.ts';

interface Point {
  x: number;
  y: number;
  z: number;
  visibility?: number;
}
interface SolutionResults {
  poseLandmarks?: Point[];
  leftHandLandmarks?: Point[];
  rightHandLandmarks?: Point[];
  multiHandLandmarks?: Point[][];
  multiHandedness?: Array<{ label: string; score: number }>;
}
/** The solution's inner runner (0.5 builds): its send takes a timestamp in ms. */
interface InnerRunner {
  h?: { send?: (inputs: { image: HTMLCanvasElement }, timestampMs?: number) => Promise<void> };
}

async function loadCanvases(urls: string[]): Promise<HTMLCanvasElement[]> {
  const canvases: HTMLCanvasElement[] = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`accuracy: ${url}: ${res.status}`);
    // No colour management and no premultiplication: the bytes the Node side decodes.
    const bitmap = await createImageBitmap(await res.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    canvases.push(canvas);
  }
  return canvases;
}

/** FNV-1a over each frame's RGB bytes: the Node side checks it decoded the same pixels. */
function rgbChecksum(canvas: HTMLCanvasElement): number {
  const rgba = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let hash = 0x811c9dc5;
  for (let i = 0; i < rgba.length; i++) {
    if ((i & 3) === 3) continue;
    hash = Math.imul(hash ^ rgba[i]!, 0x01000193);
  }
  return hash >>> 0;
}

function flatten(points: Point[] | undefined, count: number): number[] | null {
  if (!points || points.length < count) return null;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = points[i]!;
    out.push(p.x, p.y, p.z, p.visibility ?? 1);
  }
  return out;
}

function copyPart(frame: ReturnType<typeof createLandmarkFrame>, part: number): number[] | null {
  if (!frame.present[part]) return null;
  const source = part === Part.pose ? frame.pose : part === Part.leftHand ? frame.leftHand : frame.rightHand;
  const count = part === Part.pose ? POSE_POINT_COUNT : HAND_POINT_COUNT;
  return Array.from(source.subarray(0, count * POINT_STRIDE));
}

async function runMediaPipe(config: AccuracyPageConfig, canvases: HTMLCanvasElement[]): Promise<Omit<AccuracyPageResult, 'checksums'>> {
  const holistic = config.subject === 'mediapipe-holistic';
  const t0 = performance.now();
  const solution: Solution<SolutionResults> & InnerRunner = await makeSolution<SolutionResults>(holistic ? 'holistic' : 'hands', holistic ? 'Holistic' : 'Hands', '');
  const video = config.mode === 'video';
  // Static images: no smoothing and a graph reset before each image (the JS solutions have no
  // static_image_mode; a reset makes the next frame start from the detectors, as that mode does).
  solution.setOptions(
    holistic
      ? { ...MEDIAPIPE_COMMON_OPTIONS, smoothLandmarks: video, enableSegmentation: false, refineFaceLandmarks: false }
      : { ...MEDIAPIPE_COMMON_OPTIONS, maxNumHands: 2 },
  );
  if (config.cpuInference) solution.setOptions({ useCpuInference: true });
  let last: SolutionResults = {};
  solution.onResults((r) => {
    last = r;
  });
  await solution.initialize();
  const loadMs = performance.now() - t0;
  const inner = solution.h?.send ? solution.h : null;
  const frames: FrameLandmarks[] = [];
  for (let i = 0; i < canvases.length; i++) {
    if (!video) solution.reset();
    last = {};
    const start = performance.now();
    // Video: timestamps 1/fps apart, as the camera would stamp them (the smoothing filters read
    // them), not the wall clock of a slow software renderer.
    if (video && inner) await inner.send!({ image: canvases[i]! }, (i * 1000) / config.fps);
    else await solution.send({ image: canvases[i]! });
    const ms = performance.now() - start;
    const hands = (last.multiHandLandmarks ?? []).map((points, k) => ({
      points: flatten(points, HAND_POINT_COUNT)!,
      label: last.multiHandedness?.[k]?.label ?? '',
      score: last.multiHandedness?.[k]?.score ?? 0,
    }));
    frames.push({
      pose: flatten(last.poseLandmarks, POSE_POINT_COUNT),
      leftHand: flatten(last.leftHandLandmarks, HAND_POINT_COUNT),
      rightHand: flatten(last.rightHandLandmarks, HAND_POINT_COUNT),
      ...(holistic ? {} : { hands }),
      ms,
    });
  }
  await solution.close();
  const renderer = webglRenderer();
  return {
    status: 'ok',
    backend: {
      library: holistic ? '@mediapipe/holistic 0.5.1675471629' : '@mediapipe/hands 0.4.1675469240',
      graph: 'GPU (WebGL)',
      renderer,
      software: isSoftwareRenderer(renderer),
      options: holistic
        ? `modelComplexity 1, confidences 0.5, ${video ? 'smoothLandmarks, timestamps 1/fps apart' : 'reset before each image, no smoothing'}`
        : 'modelComplexity 1, maxNumHands 2, confidences 0.5' + (video ? '' : ', reset before each image'),
      inference: config.cpuInference ? 'CPU (useCpuInference: TFLite XNNPACK in WASM)' : 'GPU (WebGL delegate)',
      timestampsControlled: video ? inner !== null : undefined,
    },
    width: canvases[0]!.width,
    height: canvases[0]!.height,
    loadMs,
    frames,
  };
}

async function runTracker(config: AccuracyPageConfig, canvases: HTMLCanvasElement[]): Promise<Omit<AccuracyPageResult, 'checksums'>> {
  const t0 = performance.now();
  const backend = await selectBackend({ preference: 'wasm', wasmBaseUrl: `${location.origin}/tfjs-wasm/` });
  const urls = resolveModelUrls({ modelBaseUrl: `${location.origin}/models/` });
  const tracker = await LandmarkTracker.load(urls, { handsWithoutPose: config.handsWithoutPose ?? false });
  const loadMs = performance.now() - t0;
  const out = createLandmarkFrame(canvases[0]!.width, canvases[0]!.height);
  const frames: FrameLandmarks[] = [];
  try {
    for (let i = 0; i < canvases.length; i++) {
      const start = performance.now();
      if (config.mode === 'video') await tracker.track(canvases[i]!, (i * 1000) / config.fps, out);
      else await tracker.trackStill(canvases[i]!, out);
      const ms = performance.now() - start;
      frames.push({ pose: copyPart(out, Part.pose), leftHand: copyPart(out, Part.leftHand), rightHand: copyPart(out, Part.rightHand), ms });
    }
  } finally {
    tracker.dispose();
  }
  return {
    status: 'ok',
    backend: { library: 'signlearn engine tracker', ...backend, handsWithoutPose: config.handsWithoutPose ?? false },
    width: canvases[0]!.width,
    height: canvases[0]!.height,
    loadMs,
    frames,
  };
}

window.runAccuracy = async (config) => {
  try {
    const canvases = await loadCanvases(config.frames);
    if (canvases.length === 0) throw new Error('accuracy: no frames');
    const checksums = canvases.map(rgbChecksum);
    const result = config.subject === 'tracker' ? await runTracker(config, canvases) : await runMediaPipe(config, canvases);
    return { ...result, checksums };
  } catch (error) {
    const e = error as Error;
    return { status: 'error', reason: String(e?.stack ?? e?.message ?? e), backend: {}, width: 0, height: 0, loadMs: NaN, frames: [], checksums: [] };
  }
};
window.accuracyReady = true;
