// What one tracked video frame costs the CPU on TF.js WebGPU, on Dawn's null adapter (it executes
// nothing, so this is the CPU side of a frame, the part that limits the tracker on a fast GPU):
// WebGPU calls per frame (dispatches, bind groups made, queue writes, submits, buffer maps),
// TF.js ops run outside the recorded graphs, and CPU and wall ms per frame.
//
// A tracked frame is the common one in video: the body followed from its last landmarks (no pose
// detector), both hands followed from theirs. The null adapter would read back nothing, so the
// models' outputs are those TF.js WASM computed on the same photograph (bench/lib/canned_read_backs.ts),
// and the body's first rect is the one WASM tracking reached: the WebGPU tracker then follows the
// path a real frame takes.
// Three ways, measured in one process in alternating blocks of frames (a busy spell on the machine
// lands on all alike): `fused` (the default: a tracked frame is one submission, one map, its crops
// cut on the GPU), `fusedCpuCrops` (`cropOnGpu: false`: the same, crops cut in JS and written) and
// `modelByModel` (`fusedFrame: false`: each model its own write, submission and read-back, as before),
// and `overlapped` (`overlapFrames`: frames through submit and collect, the next frame submitted
// before the last is read back; reports the frames and read-backs in flight at most, the frames
// submitted before the one before was read back, those whose crops came from an older frame, and
// the TF.js tensors after each frame).
//   node --import tsx bench/gpu-frame/tracked_frame_calls.ts [--frames 60] [--ways fused,modelByModel] [--overlap]
// (`--ways` takes two of fused, fusedCpuCrops, modelByModel, overlapped; `--overlap` is `--ways fused,overlapped`.)
// Prints one JSON line (and a summary on stderr).
import { join, resolve } from 'node:path';
import { installNodeWebGpu } from '../../engine/src/tracker/node/node_webgpu.ts';
import { countGpuCalls, type GpuCallCounts } from '../lib/count_gpu_calls.ts';
import { installCannedReadBacks } from '../lib/canned_read_backs.ts';

const args = process.argv.slice(2);
const frames = Number(args[args.indexOf('--frames') + 1] ?? 0) || 60;
const root = resolve(import.meta.dirname, '..', '..');

const adapter = await installNodeWebGpu('null');
const canned = installCannedReadBacks();
const tf = await import('@tensorflow/tfjs-core');
await import('@tensorflow/tfjs-backend-webgpu');
await import('@tensorflow/tfjs-backend-wasm');
const { GraphModel } = await import('@tensorflow/tfjs-converter');
const { LandmarkTracker } = await import('../../engine/src/tracker/landmark_tracker.ts');
const { fileModelSource, defaultModelFolder } = await import('../../engine/src/tracker/node/node_model_source.ts');
const { modelFileNames } = await import('../../engine/src/tracker/model_urls.ts');
const { decodeImageFile } = await import('../../engine/src/tracker/node/node_image.ts');
const { createLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
const { TRACKER_STAGE_COUNT, TrackerStage, VIDEO_WIDER_LOOK_AFTER_FRAMES } = await import('../../engine/src/tracker/constants.ts');

const folder = defaultModelFolder();
const files = modelFileNames('full', 'full');
const load = (config: { fusedFrame?: boolean; cropOnGpu?: boolean; overlapFrames?: boolean } = {}) =>
  LandmarkTracker.load(
    {
      poseDetector: fileModelSource(join(folder, files.poseDetector)),
      poseLandmarks: fileModelSource(join(folder, files.poseLandmarks)),
      handLandmarks: fileModelSource(join(folder, files.handLandmarks)),
      palmDetector: fileModelSource(join(folder, files.palmDetector)),
    },
    config,
  );
/**
 * pose-detection's BlazePose detector (the tracker's pose path holds it) keeps the body's rect for
 * the next frame in `regionOfInterest`; not typed API, so a missing member fails here, not as a
 * silent run with nothing found.
 */
function bodyDetector(tracker: unknown): { regionOfInterest: unknown } {
  const detector = (tracker as { pose?: { detector?: Record<string, unknown> } }).pose?.detector;
  if (!detector || !('regionOfInterest' in detector)) throw new Error('the tracker no longer holds pose.detector.regionOfInterest: update this bench');
  return detector as { regionOfInterest: unknown };
}

const image = await decodeImageFile(join(root, 'data', 'photographs', 'messi5.jpg'));
const pixels = { data: image.data, width: image.width, height: image.height, channels: 3 as const };
const frame = createLandmarkFrame(image.width, image.height);

// 1. TF.js WASM on the photograph as a video: the models' outputs of the last frame, per output name
// (the hand model's per crop row), and the body's rect for the next frame.
const captured = new Map<string, Float32Array[]>();
const execute = GraphModel.prototype.execute;
GraphModel.prototype.execute = function (this: InstanceType<typeof GraphModel>, inputs, outputs) {
  const result = execute.call(this, inputs, outputs);
  const names = outputs === undefined ? [] : [outputs].flat();
  [result].flat().forEach((tensor, i) => {
    const rows = tensor.shape[0] ?? 1;
    const data = tensor.dataSync() as Float32Array;
    const rowLength = data.length / rows;
    captured.set(names[i] ?? '', Array.from({ length: rows }, (_, row) => data.slice(row * rowLength, (row + 1) * rowLength)));
  });
  return result;
};
await tf.setBackend('wasm');
const wasm = await load();
for (let i = 0; i < 4; i++) await wasm.track(pixels, i * 33, frame);
GraphModel.prototype.execute = execute;
const wasmPresent = Array.from(frame.present);
const roi = bodyDetector(wasm).regionOfInterest;
const handRows = captured.get('Identity')!.length;
if (!wasmPresent.every((p) => p === 1) || handRows !== 2) throw new Error(`WASM did not track a body and two hands: ${wasmPresent}`);
wasm.dispose();

// 2. TF.js WebGPU on the null adapter, its models' output buffers reading WASM's outputs.
await tf.setBackend('webgpu');
await tf.ready();
const counts = countGpuCalls();
// TF.js uploads a tensor's values through a buffer mapped at creation, not queue.writeBuffer.
let mappedUploads = 0;
const devicePrototype = (globalThis as unknown as { GPUDevice: { prototype: { createBuffer(d: GPUBufferDescriptor): GPUBuffer } } }).GPUDevice.prototype;
const createBuffer = devicePrototype.createBuffer;
devicePrototype.createBuffer = function (descriptor: GPUBufferDescriptor) {
  if (descriptor.mappedAtCreation) mappedUploads++;
  return createBuffer.call(this, descriptor);
};
let ops = 0;
const engine = tf.engine() as unknown as { runKernel(...a: unknown[]): unknown };
const runKernel = engine.runKernel;
engine.runKernel = function (...a: unknown[]) {
  ops++;
  return runKernel.apply(this, a);
};
type Tracker = Awaited<ReturnType<typeof load>>;
type Counts = GpuCallCounts & { mappedUploads: number; tfjsOps: number };
const snapshot = (): Counts => ({ ...counts, mappedUploads, tfjsOps: ops });
const minus = (a: Counts, b: Counts) => Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value - b[key as keyof Counts]])) as unknown as Counts;

/** A WebGPU tracker whose models' output buffers read WASM's outputs, following the body from WASM's rect. */
async function cannedTracker(config: { fusedFrame: boolean; cropOnGpu: boolean; overlapFrames?: boolean }): Promise<Tracker> {
  const tracker = await load(config);
  await tracker.warmUp(image.width, image.height);
  const replays = tracker.webGpuReplays!;
  const pose = replays.poseLandmarks()!;
  pose.outputNames.forEach((name, i) => canned.set(pose.replay.outputs[i]!, captured.get(name)![0]!));
  for (const batch of [1, 2]) {
    const hand = replays.hand(batch)!;
    // Batch 1 (one side alone) reads the first crop's outputs.
    ['Identity', 'Identity_1', 'Identity_2'].forEach((name, i) => {
      const rows = captured.get(name)!.slice(0, batch);
      const joined = new Float32Array(rows.reduce((n, r) => n + r.length, 0));
      rows.forEach((r, k) => joined.set(r, k * r.length));
      canned.set(hand.outputs[i]!, joined);
    });
  }
  bodyDetector(tracker).regionOfInterest = roi;
  return tracker;
}

interface Way {
  name: string;
  tracker: Tracker;
  frame: ReturnType<typeof createLandmarkFrame>;
  /**
   * Overlapped: the second frame submitted into while the first is in flight; TF.js's tensors after
   * each collected frame (a frame still in flight holds its own), and after each block, none in flight.
   */
  overlapped: boolean;
  spare: ReturnType<typeof createLandmarkFrame>;
  tensors: number[];
  tensorsNoneInFlight: number[];
  next: number;
  calls: Counts;
  cpuMs: number;
  wallMs: number;
  stages: Float64Array;
  framesWithBodyAndBothHands: number;
  /** Calls of each fused frame (frameSubmissions.fused went up), as JSON, with how many frames made them. */
  fusedFrameCalls: Map<string, number>;
}
const ways: Way[] = [];
const configs = [
  { name: 'fused', fusedFrame: true, cropOnGpu: true },
  { name: 'fusedCpuCrops', fusedFrame: true, cropOnGpu: false },
  { name: 'modelByModel', fusedFrame: false, cropOnGpu: false },
  { name: 'overlapped', fusedFrame: true, cropOnGpu: true, overlapFrames: true },
];
// Dawn's null device runs out of memory with three trackers' models and recordings: two by default.
const only = args.includes('--ways') ? args[args.indexOf('--ways') + 1]!.split(',') : args.includes('--overlap') ? ['fused', 'overlapped'] : ['fused', 'modelByModel'];
for (const { name, ...config } of configs.filter((c) => only.includes(c.name))) {
  const tracker = await cannedTracker(config);
  const way: Way = {
    name,
    tracker,
    frame: createLandmarkFrame(image.width, image.height),
    overlapped: config.overlapFrames === true,
    spare: createLandmarkFrame(image.width, image.height),
    tensors: [],
    tensorsNoneInFlight: [],
    next: 0,
    calls: minus(snapshot(), snapshot()),
    cpuMs: 0,
    wallMs: 0,
    stages: new Float64Array(TRACKER_STAGE_COUNT),
    framesWithBodyAndBothHands: 0,
    fusedFrameCalls: new Map(),
  };
  // The first frames, not counted: hands from the body's wrists, then followed, and the wider look
  // a newly found hand gets on its VIDEO_WIDER_LOOK_AFTER_FRAMES-th frame (once per hand found):
  // what is counted is a tracked frame of a hand already followed.
  for (let i = 0; i < Math.max(3, VIDEO_WIDER_LOOK_AFTER_FRAMES); i++) await tracker.track(pixels, way.next++ * 33, way.frame);
  ways.push(way);
}
const firstSubmissions = ways.map((w) => ({ ...w.tracker.frameSubmissions }));
const detectorBefore = ways.map((w) => w.tracker.detectorRuns);
const palmBefore = ways.map((w) => w.tracker.palmDetectorRuns);
const timings = new Float64Array(TRACKER_STAGE_COUNT);
const block = 10;
/**
 * A block of `n` overlapped frames: each frame submitted, then the one before it collected (so the
 * next is on the GPU before the last is read back), the last collected at the block's end. Calls
 * and times are counted over the block (one frame's cannot be told apart from the next's); a
 * frame's pose landmark stage includes its wait for its turn, the next frame's submission.
 */
const overlappedTimings = [new Float64Array(TRACKER_STAGE_COUNT), new Float64Array(TRACKER_STAGE_COUNT)];
async function overlappedBlock(way: Way, n: number): Promise<void> {
  const before = snapshot();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outs = [way.frame, way.spare];
  const collected = async () => {
    const frame = await way.tracker.collect();
    if (frame === null) throw new Error('tracked_frame_calls: no overlapped frame to collect');
    const times = overlappedTimings[outs.indexOf(frame)]!;
    for (let s = 0; s < TRACKER_STAGE_COUNT; s++) way.stages[s] = way.stages[s]! + times[s]!;
    if (frame.present[1] && frame.present[2]) way.framesWithBodyAndBothHands++;
    way.tensors.push(tf.memory().numTensors);
  };
  for (let i = 0; i < n; i++) {
    // Each frame in flight writes its own stage times, read when it is collected.
    await way.tracker.submit(pixels, way.next++ * 33, outs[i % 2]!, overlappedTimings[i % 2]);
    if (i > 0) await collected();
  }
  await collected();
  way.tensorsNoneInFlight.push(tf.memory().numTensors);
  way.wallMs += performance.now() - started;
  const used = process.cpuUsage(cpu);
  way.cpuMs += (used.user + used.system) / 1000;
  const calls = minus(snapshot(), before);
  for (const key of Object.keys(calls) as Array<keyof Counts>) way.calls[key] += calls[key];
}

for (let done = 0; done < frames; done += block) {
  for (const way of ways) {
    const n = Math.min(block, frames - done);
    if (way.overlapped) {
      await overlappedBlock(way, n);
      continue;
    }
    for (let i = 0; i < n; i++) {
      const fusedBefore = way.tracker.frameSubmissions.fused;
      const before = snapshot();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await way.tracker.track(pixels, way.next++ * 33, way.frame, timings);
      way.wallMs += performance.now() - started;
      const used = process.cpuUsage(cpu);
      way.cpuMs += (used.user + used.system) / 1000;
      const calls = minus(snapshot(), before);
      for (const key of Object.keys(calls) as Array<keyof Counts>) way.calls[key] += calls[key];
      for (let s = 0; s < TRACKER_STAGE_COUNT; s++) way.stages[s] = way.stages[s]! + timings[s]!;
      if (way.frame.present[1] && way.frame.present[2]) way.framesWithBodyAndBothHands++;
      if (way.tracker.frameSubmissions.fused > fusedBefore) {
        const key = JSON.stringify(calls);
        way.fusedFrameCalls.set(key, (way.fusedFrameCalls.get(key) ?? 0) + 1);
      }
    }
  }
}
const round = (x: number) => Math.round(x * 1000) / 1000;
const stageNames = Object.entries(TrackerStage).filter(([, v]) => typeof v === 'number') as Array<[string, number]>;
const results = Object.fromEntries(
  ways.map((way, w) => {
    const submissions = way.tracker.frameSubmissions;
    return [
      way.name,
      {
        framesWithBodyAndBothHands: way.framesWithBodyAndBothHands,
        detectorRuns: way.tracker.detectorRuns - detectorBefore[w]!,
        palmDetectorRuns: way.tracker.palmDetectorRuns - palmBefore[w]!,
        frameSubmissions: Object.fromEntries(Object.entries(submissions).map(([k, v]) => [k, v - firstSubmissions[w]![k as keyof typeof submissions]])),
        perFrame: Object.fromEntries(Object.entries(way.calls).map(([k, v]) => [k, round(v / frames)])),
        fusedFrameCalls: [...way.fusedFrameCalls].map(([calls, count]) => ({ frames: count, calls: JSON.parse(calls) as Counts })),
        cpuMsPerFrame: round(way.cpuMs / frames),
        wallMsPerFrame: round(way.wallMs / frames),
        stagesMs: Object.fromEntries(stageNames.map(([name, v]) => [name, round(way.stages[v]! / frames)])),
        ...(way.overlapped ? {
              overlap: way.tracker.overlapCounts,
              tensorsAfterEachFrame: { min: Math.min(...way.tensors), max: Math.max(...way.tensors) },
              tensorsNoneInFlight: way.tensorsNoneInFlight,
            } : {}),
      },
    ];
  }),
);
for (const [name, r] of Object.entries(results)) {
  console.error(`${name}: per frame ${JSON.stringify(r.perFrame)}; CPU ${r.cpuMsPerFrame} ms, wall ${r.wallMsPerFrame} ms; ${JSON.stringify(r.frameSubmissions)}`);
  if ('overlap' in r) console.error(`${name}: ${JSON.stringify(r.overlap)}; tensors after each frame ${JSON.stringify(r.tensorsAfterEachFrame)}, with none in flight ${JSON.stringify(r.tensorsNoneInFlight)}`);
}
console.log(JSON.stringify({ adapter, frames, cannedReadBacks: canned.served, ...results }));
for (const way of ways) way.tracker.dispose();
process.exit(0);
