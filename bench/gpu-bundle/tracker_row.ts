// One tracker row of the GPU bundle (bench/gpu-bundle/): our LandmarkTracker end to end on a
// clip's JPEG frames, in Node, on TF.js WebGPU (Dawn: the machine's GPU or the null adapter) or
// TF.js WASM (1 thread, the CPU row). Bundled by esbuild into tracker.mjs; run.sh runs one process
// per row so that each row starts from a fresh backend.
//   node tracker.mjs --backend webgpu|wasm --adapter hardware|null --pose full|lite --hand full|lite
//                    --replay on|off [--fused on|off] --clip DIR --frames N --out FILE.json [--row NAME]
// --fused off: a replayed frame runs model by model (one submission and read-back each) instead of
// the tracker's default, one submission and one read-back per tracked frame (`fusedFrame`).
// The frames are decoded once (jpeg-js: no native module to carry), then `frames` timed frames
// go back and forth over them after untimed ones (at least 5, and 2 s: UNTIMED_MS), forth and
// back so that the motion never jumps and tracking is never lost at a wrap; the timed part is
// `track` on the RGB bytes, as in bench/lib/node-tracker.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pingPong, round } from './row_numbers.ts';
import { installNodeWebGpu, type NodeWebGpuAdapter } from '../../engine/src/tracker/node/node_webgpu.ts';
import type { GpuCallCounts } from '../lib/count_gpu_calls.ts';

const here = dirname(fileURLToPath(import.meta.url));
const UNTIMED_FRAMES = 5;
/**
 * And untimed for at least this long: an idle datacenter GPU runs at a fraction of its clock
 * (an H200 at 345 MHz idle, 1980 MHz under load) and ramps up over the first second or so. On
 * an H200 the first row of a run timed 5.29 ms a frame over 300 frames after 5 untimed ones, and
 * 3.49 ms over 1500 frames on the same machine a minute later.
 */
const UNTIMED_MS = 2000;

const { values: args } = parseArgs({
  options: {
    backend: { type: 'string', default: 'webgpu' },
    adapter: { type: 'string', default: 'hardware' },
    pose: { type: 'string', default: 'full' },
    hand: { type: 'string', default: 'full' },
    replay: { type: 'string', default: 'on' },
    fused: { type: 'string', default: 'on' },
    clip: { type: 'string' },
    frames: { type: 'string', default: '300' },
    out: { type: 'string' },
    row: { type: 'string', default: '' },
  },
});

async function main(): Promise<void> {
  if (!args.clip || !args.out) throw new Error('--clip and --out are required');
  const started = performance.now();
  const backend = args.backend === 'wasm' ? 'wasm' : 'webgpu';
  // Dawn's navigator.gpu must exist before tfjs-backend-webgpu is first imported (it registers its
  // backend only then): everything TF.js is imported below, after this.
  const adapter = backend === 'webgpu' ? await installNodeWebGpu(args.adapter as NodeWebGpuAdapter) : null;
  const adapterInfo = backend === 'webgpu' ? await describeAdapter() : null;
  if (adapterInfo) console.log(`adapter: ${adapter} (${JSON.stringify(adapterInfo)})`);
  const { countGpuCalls } = await import('../lib/count_gpu_calls.ts');
  const counts: GpuCallCounts = backend === 'webgpu' ? countGpuCalls() : { dispatches: 0, bindGroups: 0, writes: 0, submits: 0, maps: 0 };
  const tf = await import('@tensorflow/tfjs-core');
  if (backend === 'webgpu') await import('@tensorflow/tfjs-backend-webgpu');
  else {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths(join(here, '..', 'wasm') + '/'); // the rows archive's wasm/, beside tracker/
  }
  if (!(await tf.setBackend(backend))) throw new Error(`TF.js ${backend} did not start`);
  await tf.ready();
  const backendReadyMs = performance.now() - started;

  const { LandmarkTracker } = await import('../../engine/src/tracker/landmark_tracker.ts');
  const { modelFileNames } = await import('../../engine/src/tracker/model_urls.ts');
  const { defaultModelFolder, fileModelSource } = await import('../../engine/src/tracker/node/node_model_source.ts');
  const { createLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
  const { Part } = await import('../../engine/src/core/landmark_layout.ts');
  const { TRACKER_STAGE_COUNT, TRACKER_STAGE_NAMES } = await import('../../engine/src/tracker/constants.ts');
  const { summarize } = await import('../lib/stats.ts');
  const jpeg = (await import('jpeg-js')).default;

  const poseModel = args.pose === 'lite' ? 'lite' : 'full';
  const handModel = args.hand === 'lite' ? 'lite' : 'full';
  const folder = defaultModelFolder();
  const files = modelFileNames(poseModel, handModel);
  const tracker = await LandmarkTracker.load(
    {
      poseDetector: fileModelSource(join(folder, files.poseDetector)),
      poseLandmarks: fileModelSource(join(folder, files.poseLandmarks)),
      handLandmarks: fileModelSource(join(folder, files.handLandmarks)),
      palmDetector: fileModelSource(join(folder, files.palmDetector)),
    },
    { poseModel, handModel, replayGraphs: args.replay !== 'off', fusedFrame: args.fused !== 'off' },
  );
  const loadMs = performance.now() - started - backendReadyMs;

  const frames = readdirSync(args.clip)
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => jpeg.decode(readFileSync(join(args.clip!, name)), { formatAsRGBA: false }));
  if (frames.length === 0) throw new Error(`no .jpg frames in ${args.clip}`);
  const { width, height } = frames[0]!;
  await tracker.warmUp(width, height);
  const warmUpMs = performance.now() - started - backendReadyMs - loadMs;

  const out = createLandmarkFrame(width, height);
  const timings = new Float64Array(TRACKER_STAGE_COUNT);
  const stages: number[][] = TRACKER_STAGE_NAMES.map(() => []);
  const totals: number[] = [];
  const timed = Math.max(1, Number(args.frames));
  let firstFrameMs = 0;
  let poseFound = 0;
  let handsFound = 0;
  let callsAtStart: GpuCallCounts | null = null;
  const untimedUntil = performance.now() + UNTIMED_MS;
  let untimed = 0;
  for (let i = 0; untimed === 0 || i < untimed + timed; i++) {
    // The untimed frames end once both bounds are passed (frames and time); then `timed` more.
    if (untimed === 0 && i >= UNTIMED_FRAMES && performance.now() >= untimedUntil) {
      untimed = i;
      callsAtStart = { ...counts };
    }
    const frame = frames[pingPong(i, frames.length)]!;
    const start = performance.now();
    await tracker.track({ data: frame.data, width, height, channels: 3 }, (i * 1000) / 30, out, timings);
    const ms = performance.now() - start;
    if (i === 0) firstFrameMs = ms;
    if (untimed === 0) continue;
    totals.push(ms);
    TRACKER_STAGE_NAMES.forEach((_, k) => stages[k]!.push(timings[k]!));
    poseFound += out.present[Part.pose]!;
    handsFound += out.present[Part.leftHand]! + out.present[Part.rightHand]!;
  }
  const perFrame = (key: keyof GpuCallCounts) => round((counts[key] - callsAtStart![key]) / timed, 1);
  const msPerFrame = summarize(totals);
  const result = {
    row: args.row,
    untimedFrames: untimed,
    backend,
    adapter,
    adapterInfo,
    poseModel,
    handModel,
    replay: backend === 'webgpu' && args.replay !== 'off',
    fused: backend === 'webgpu' && args.replay !== 'off' && args.fused !== 'off',
    graphReplays: tracker.graphReplays,
    // How the WebGPU frames went: fused (one submission), the pose alone, hands run again on their own.
    frameSubmissions: { ...tracker.frameSubmissions },
    clip: args.clip.split('/').filter(Boolean).pop(),
    size: [width, height],
    clipFrames: frames.length,
    frames: timed,
    node: process.version,
    backendReadyMs: round(backendReadyMs, 0),
    modelLoadMs: round(loadMs, 0),
    warmUpMs: round(warmUpMs, 0),
    firstFrameMs: round(firstFrameMs, 1),
    msPerFrame,
    framesPerSecond: round(1000 / msPerFrame.median, 1),
    stagesMedianMs: Object.fromEntries(TRACKER_STAGE_NAMES.map((name, k) => [name, summarize(stages[k]!).median])),
    gpuCallsPerFrame:
      backend === 'webgpu'
        ? { dispatches: perFrame('dispatches'), bindGroups: perFrame('bindGroups'), writes: perFrame('writes'), submits: perFrame('submits'), maps: perFrame('maps') }
        : null,
    poseFound,
    handsFound,
    palmDetectorRuns: tracker.palmDetectorRuns,
    tensorsAtEnd: tf.memory().numTensors,
  };
  tracker.dispose();
  writeFileSync(args.out, JSON.stringify(result, null, 2) + '\n');
  console.log(`${args.row || backend}: ${msPerFrame.median.toFixed(2)} ms per frame (p10 ${msPerFrame.p10.toFixed(2)}, p90 ${msPerFrame.p90.toFixed(2)}), ${result.framesPerSecond} frames/s`);
}

/** The adapter's vendor, architecture and description as Dawn reports them (the card's name). */
async function describeAdapter(): Promise<Record<string, unknown>> {
  const gpu = (globalThis as unknown as { navigator: { gpu: { requestAdapter(o?: object): Promise<{ info?: Record<string, unknown>; isFallbackAdapter?: boolean } | null> } } }).navigator.gpu;
  const found = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  const info = found?.info ?? {};
  return { vendor: info.vendor, architecture: info.architecture, device: info.device, description: info.description, isFallbackAdapter: found?.isFallbackAdapter };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
