// One runtime configuration in its own process (a child of run_runtimes.ts): loads the models,
// warms them up, then answers the parent's requests to time a block of runs of one unit.
//   node --import tsx bench/runtimes/runtime_process.ts <config id> <null|hardware|swiftshader>
// Messages in:  { type: 'block', unit, runs }
// Messages out: { type: 'ready', ... } once, then { type: 'block', unit, wallMs[], cpuMs, calls }
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installNodeWebGpu, type NodeWebGpuAdapter } from '../../engine/src/tracker/node/node_webgpu.ts';
import { countGpuCalls, type GpuCallCounts } from '../lib/count_gpu_calls.ts';
import { HAND_READ_SIZES, outputsBySize, POSE_READ_SIZES, runLiteRt } from '../lib/litert_run.ts';
import { HAND_CROP_SIZE, photoCrops, POSE_CROP_SIZE } from '../lib/photo_crops.ts';
import { HAND_OUTPUTS, POSE_OUTPUTS, RUNTIME_CONFIGS, type RuntimeConfig, type RuntimeUnit } from './configurations.ts';
import type { ReplayedGraph } from '../../engine/src/tracker/webgpu/replay_webgpu_graph.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const POSE_SHAPE = [1, POSE_CROP_SIZE, POSE_CROP_SIZE, 3];
const HAND_LENGTH = HAND_CROP_SIZE * HAND_CROP_SIZE * 3;
const DETECTOR_SIZE = 224;

/** What the parent compares across runtimes: landmarks x, y in crop pixels. */
export interface RuntimeLandmarks {
  /** The 33 body points of the pose crop (x, y pairs, 256-pixel crop). */
  pose: number[];
  /** The 21 points of the first hand crop (x, y pairs, 224-pixel crop). */
  hand: number[];
  handPresence: number;
}

export interface ReadyMessage {
  type: 'ready';
  id: string;
  adapter: string | null;
  description: string;
  loadMs: number;
  landmarks: RuntimeLandmarks;
  notes: string[];
}

export interface BlockMessage {
  type: 'block';
  unit: RuntimeUnit;
  wallMs: number[];
  cpuMs: number;
  calls: GpuCallCounts;
}

interface Subject {
  description: string;
  notes: string[];
  units: Partial<Record<RuntimeUnit, () => Promise<void>>>;
  landmarks(): Promise<RuntimeLandmarks>;
}

async function main(): Promise<void> {
  const [id, adapterArg] = process.argv.slice(2);
  const config = RUNTIME_CONFIGS.find((c) => c.id === id);
  if (!config) throw new Error(`unknown runtime configuration ${id}`);
  const started = performance.now();
  const adapter = config.backend === 'webgpu' ? await installNodeWebGpu((adapterArg ?? 'null') as NodeWebGpuAdapter) : null;
  const counts = config.backend === 'webgpu' ? countGpuCalls() : { dispatches: 0, bindGroups: 0, writes: 0, submits: 0, maps: 0 };
  const crops = await photoCrops(root);
  const subject = config.runtime === 'tfjs' ? await tfjsSubject(config, crops) : await liteRtSubject(config, crops);
  // Warm-up: every unit twice (shader compilation, first allocations).
  for (const unit of config.units) for (let i = 0; i < 2; i++) await subject.units[unit]!();
  const ready: ReadyMessage = {
    type: 'ready',
    id: config.id,
    adapter,
    description: subject.description,
    loadMs: Math.round(performance.now() - started),
    landmarks: await subject.landmarks(),
    notes: subject.notes,
  };
  process.send!(ready);
  process.on('message', (message: { type: string; unit: RuntimeUnit; runs: number }) => {
    if (message.type === 'exit') process.exit(0);
    void timeBlock(subject, counts, message.unit, message.runs).then((block) => process.send!(block));
  });
}

async function timeBlock(subject: Subject, counts: GpuCallCounts, unit: RuntimeUnit, runs: number): Promise<BlockMessage> {
  const run = subject.units[unit]!;
  const before = { ...counts };
  const wallMs: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    wallMs.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  const calls = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, (v - before[k as keyof GpuCallCounts]) / runs])) as unknown as GpuCallCounts;
  return { type: 'block', unit, wallMs, cpuMs: (used.user + used.system) / 1000 / runs, calls };
}

async function tfjsSubject(config: RuntimeConfig, crops: Awaited<ReturnType<typeof photoCrops>>): Promise<Subject> {
  const options = config.tfjs!;
  const tf = await import('@tensorflow/tfjs-core');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const { fileModelSource, defaultModelFolder } = await import('../../engine/src/tracker/node/node_model_source.ts');
  const { fuseConvBiasActivation } = await import('../../engine/src/tracker/fuse_conv_bias_activation.ts');
  const { freeBatchDimension } = await import('../../engine/src/tracker/free_batch_dimension.ts');
  if (config.backend === 'webgpu') {
    await import('@tensorflow/tfjs-backend-webgpu');
    if (options.shapeOpsOnGpu) tf.env().set('WEBGPU_CPU_FORWARD', false);
  } else await import('@tensorflow/tfjs-backend-wasm');
  if (!(await tf.setBackend(config.backend))) throw new Error(`TF.js ${config.backend} did not start`);
  await tf.ready();
  const folder = defaultModelFolder();
  const handSource = freeBatchDimension(fileModelSource(join(folder, 'handlandmark-full.json')));
  const [pose, hand, detector] = await Promise.all([
    loadGraphModel(fileModelSource(join(folder, 'blazepose-full.json'))),
    loadGraphModel(options.fused ? fuseConvBiasActivation(handSource) : handSource),
    loadGraphModel(fileModelSource(join(folder, 'blazepose-detector.json'))),
  ]);
  const poseOutputs = POSE_OUTPUTS.slice(0, options.poseHeads);
  const detectorInput = crops.hands.slice(0, HAND_LENGTH).map((v) => v * 2 - 1);
  const notes: string[] = [];

  // Plain TF.js: tensor from the bytes, execute, read every output back.
  const execute = async (model: typeof pose, data: Float32Array, shape: number[], outputs: string[] | undefined): Promise<Float32Array[]> => {
    const input = tf.tensor(data, shape, 'float32');
    const result = [model.execute(input, outputs)].flat();
    const values = (await Promise.all(result.map((t) => t.data()))) as Float32Array[];
    tf.dispose([input, ...result]);
    return values;
  };
  type Runner = (data: Float32Array) => Promise<Float32Array[]>;
  let runPose: Runner = (data) => execute(pose, data, POSE_SHAPE, poseOutputs);
  const runHand = (batch: number): Runner => (data) => execute(hand, data, [batch, HAND_CROP_SIZE, HAND_CROP_SIZE, 3], HAND_OUTPUTS);
  let runHand1 = runHand(1);
  let runHand2 = runHand(2);
  let runDetector: Runner = (data) => execute(detector, data, [1, DETECTOR_SIZE, DETECTOR_SIZE, 3], undefined);
  let runFusedFrame: (() => Promise<void>) | null = null;

  if (config.backend === 'webgpu' && (options.replay || options.perOpReuse)) {
    const { webGpuBackendInternals } = await import('../../engine/src/tracker/webgpu/record_webgpu_graph.ts');
    const backend = webGpuBackendInternals();
    if (!backend) throw new Error('tfjs-backend-webgpu internals not as expected');
    if (options.perOpReuse) {
      const { reuseBindGroupsAndUniforms } = await import('./per_op_reuse.ts');
      reuseBindGroupsAndUniforms(backend);
    } else {
      const { recordGraphModel } = await import('../../engine/src/tracker/webgpu/replay_graph_model.ts');
      const replays: Record<string, ReplayedGraph> = {};
      const replayOf = async (name: string, model: typeof pose, shape: number[], outputs: string[]): Promise<Runner> => {
        const { recorded, reason } = await recordGraphModel(model, shape, outputs);
        if (!recorded) throw new Error(`${name} not recorded: ${reason}`);
        replays[name] = recorded.replay;
        notes.push(`${name}: ${recorded.replay.dispatchCount} dispatches recorded`);
        const outs = recorded.outputShapes.map((s) => new Float32Array(s.reduce((a, b) => a * b, 1)));
        return async (data) => {
          await recorded.replay.run(data, outs);
          return outs;
        };
      };
      runPose = await replayOf('pose', pose, POSE_SHAPE, poseOutputs);
      runHand1 = await replayOf('hand x1', hand, [1, HAND_CROP_SIZE, HAND_CROP_SIZE, 3], HAND_OUTPUTS);
      runHand2 = await replayOf('hand x2', hand, [2, HAND_CROP_SIZE, HAND_CROP_SIZE, 3], HAND_OUTPUTS);
      runDetector = await replayOf('detector', detector, [1, DETECTOR_SIZE, DETECTOR_SIZE, 3], detector.outputNodes);
      if (options.fusedFrame) {
        const { TrackedFrameSubmission } = await import('../../engine/src/tracker/webgpu/tracked_frame_submission.ts');
        const hands = new Map([[1, replays['hand x1']!], [2, replays['hand x2']!]]);
        const poseLength = POSE_SHAPE.reduce((a, b) => a * b, 1);
        const submission = new TrackedFrameSubmission(backend.device, replays.pose!, hands, poseLength, HAND_LENGTH, POSE_CROP_SIZE, HAND_CROP_SIZE, false, 0, 0, 1);
        // The crops are the same every run: written into the submission's arrays once, as the tracker cuts them there.
        submission.poseCrop.set(crops.pose);
        submission.handCrops.set(crops.hands);
        const noFrame = { data: new Uint8Array(0), width: 0, height: 0, channels: 3 as const };
        let frameNumber = 0;
        runFusedFrame = () => submission.run(2, noFrame, ++frameNumber);
      }
    }
  }
  const firstHand = crops.hands.subarray(0, HAND_LENGTH);
  const secondHand = crops.hands.subarray(HAND_LENGTH);
  return {
    description: `TF.js ${tf.version_core} ${config.backend}`,
    notes,
    units: {
      pose: async () => void (await runPose(crops.pose)),
      hand: async () => void (await runHand1(firstHand)),
      frame: async () => {
        if (runFusedFrame) return runFusedFrame();
        await runPose(crops.pose);
        if (options.handBatch === 2) await runHand2(crops.hands);
        else {
          await runHand1(firstHand);
          await runHand1(secondHand);
        }
      },
      detector: async () => void (await runDetector(detectorInput)),
    },
    async landmarks() {
      const [ld] = await runPose(crops.pose);
      const [lm, presence] = await runHand1(firstHand);
      return { pose: points(ld!, 33, 5), hand: points(lm!, 21, 3), handPresence: presence![0]! };
    },
  };
}

async function liteRtSubject(config: RuntimeConfig, crops: Awaited<ReturnType<typeof photoCrops>>): Promise<Subject> {
  const { readFileSync } = await import('node:fs');
  const { loadLiteRtInNode, mediapipeModelFile } = await import('./litert_node.ts');
  const litert = await loadLiteRtInNode();
  const accelerator = config.backend;
  const compile = (file: string) => litert.loadAndCompile(new Uint8Array(readFileSync(file)), { accelerator });
  const [pose, hand] = [await compile(mediapipeModelFile('pose-full')), await compile(mediapipeModelFile('hand-full'))];
  const notes = [`pose fully accelerated: ${pose.isFullyAccelerated}, hand: ${hand.isFullyAccelerated}`];
  const poseRead = outputsBySize(pose, POSE_READ_SIZES);
  const handRead = outputsBySize(hand, HAND_READ_SIZES);
  const run = (model: typeof pose, data: Float32Array, shape: number[], read: number[]) => runLiteRt(litert, model, accelerator, data, shape, read);
  const firstHand = crops.hands.subarray(0, HAND_LENGTH);
  const secondHand = crops.hands.subarray(HAND_LENGTH);
  const handShape = [1, HAND_CROP_SIZE, HAND_CROP_SIZE, 3];
  return {
    description: `LiteRT.js ${accelerator}`,
    notes,
    units: {
      pose: async () => void (await run(pose, crops.pose, POSE_SHAPE, poseRead)),
      hand: async () => void (await run(hand, firstHand, handShape, handRead)),
      frame: async () => {
        await run(pose, crops.pose, POSE_SHAPE, poseRead);
        await run(hand, firstHand, handShape, handRead);
        await run(hand, secondHand, handShape, handRead);
      },
    },
    async landmarks() {
      const [ld] = await run(pose, crops.pose, POSE_SHAPE, poseRead);
      const [lm, presence] = await run(hand, firstHand, handShape, handRead);
      return { pose: points(ld!, 33, 5), hand: points(lm!, 21, 3), handPresence: presence![0]! };
    },
  };
}

/** x, y of the first `count` points of a flat landmark output with `stride` values per point. */
function points(values: Float32Array, count: number, stride: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(values[i * stride]!, values[i * stride + 1]!);
  return out;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
