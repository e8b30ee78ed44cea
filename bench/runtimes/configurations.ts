// The runtime configurations the runtimes bench compares, one process each: TF.js with our
// tracker's graphs, lever by lever, and LiteRT.js on MediaPipe's .tflite files of the same models.

export type RuntimeName = 'tfjs' | 'litert';
export type RuntimeBackend = 'webgpu' | 'wasm';
/** What one timed run is: input upload + run + read back of what the tracker reads. */
export type RuntimeUnit = 'pose' | 'hand' | 'frame' | 'detector';

export interface RuntimeConfig {
  id: string;
  runtime: RuntimeName;
  backend: RuntimeBackend;
  /** The lever this row adds, for the lever table. */
  lever: string;
  units: RuntimeUnit[];
  tfjs?: {
    /** Hand graph's Conv2D -> bias -> Relu6 chains fused at load (fuse_conv_bias_activation.ts). */
    fused: boolean;
    /** Both hands in one call (2) or one call per hand (1). */
    handBatch: 1 | 2;
    /** Pose heads read: 4 (as pose-detection asks) or 3 (world landmarks pruned). */
    poseHeads: 3 | 4;
    /** Bind groups and uniform buffers reused from op to op inside TF.js (per_op_reuse.ts). */
    perOpReuse?: boolean;
    /** Each model recorded once and replayed (engine/src/tracker/webgpu/). */
    replay?: boolean;
    /** WEBGPU_CPU_FORWARD off: shape-only ops of small tensors run on the GPU too. */
    shapeOpsOnGpu?: boolean;
    /** With `replay`: a tracked frame's pose and both hands in one submission, one map (webgpu/tracked_frame_submission.ts). */
    fusedFrame?: boolean;
  };
}

export const POSE_OUTPUTS = ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'];
export const HAND_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];

const all: RuntimeUnit[] = ['pose', 'hand', 'frame'];

export const RUNTIME_CONFIGS: RuntimeConfig[] = [
  {
    id: 'tfjs-webgpu-as-loaded',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: 'TF.js as the graphs load: hand graph unfused, one call per hand',
    units: all,
    tfjs: { fused: false, handBatch: 1, poseHeads: 4 },
  },
  {
    id: 'tfjs-webgpu-fused',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: '+ fusion at load (hand graph: conv + bias + Relu6 in one op)',
    units: all,
    tfjs: { fused: true, handBatch: 1, poseHeads: 4 },
  },
  {
    id: 'tfjs-webgpu-batched',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: '+ both hands as one batch (the tracker before this change)',
    units: [...all, 'detector'],
    tfjs: { fused: true, handBatch: 2, poseHeads: 4 },
  },
  {
    id: 'tfjs-webgpu-shape-ops-on-gpu',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: 'shape-only ops on the GPU too (WEBGPU_CPU_FORWARD off; the detector is the only graph that has them)',
    units: ['detector'],
    tfjs: { fused: true, handBatch: 2, poseHeads: 4, shapeOpsOnGpu: true },
  },
  {
    id: 'tfjs-webgpu-pruned',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: '+ unused head pruned (pose world landmarks, never read by the tracker)',
    units: all,
    tfjs: { fused: true, handBatch: 2, poseHeads: 3 },
  },
  {
    id: 'tfjs-webgpu-per-op-reuse',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: '+ bind groups and uniform buffers reused across frames, op by op, inside TF.js',
    units: all,
    tfjs: { fused: true, handBatch: 2, poseHeads: 4, perOpReuse: true },
  },
  {
    id: 'tfjs-webgpu-replay-per-hand',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: 'recorded dispatches replayed, one call per hand',
    units: all,
    tfjs: { fused: true, handBatch: 1, poseHeads: 4, replay: true },
  },
  {
    id: 'tfjs-webgpu-replay',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: 'recorded dispatches replayed, both hands as one batch (the tracker before the fused frame)',
    units: [...all, 'detector'],
    tfjs: { fused: true, handBatch: 2, poseHeads: 4, replay: true },
  },
  {
    id: 'tfjs-webgpu-fused-frame',
    runtime: 'tfjs',
    backend: 'webgpu',
    lever: '+ pose and both hands in one submission, one read-back (the tracker now; its crops are cut on the GPU, here they are given)',
    units: ['frame'],
    tfjs: { fused: true, handBatch: 2, poseHeads: 4, replay: true, fusedFrame: true },
  },
  { id: 'litert-webgpu', runtime: 'litert', backend: 'webgpu', lever: 'LiteRT.js 2.5.3, WebGPU (ML Drift)', units: all },
  {
    id: 'tfjs-wasm',
    runtime: 'tfjs',
    backend: 'wasm',
    lever: 'TF.js WASM SIMD, 1 thread, our graphs (fused, both hands as one batch)',
    units: all,
    tfjs: { fused: true, handBatch: 2, poseHeads: 4 },
  },
  { id: 'litert-wasm', runtime: 'litert', backend: 'wasm', lever: 'LiteRT.js 2.5.3, WASM XNNPACK, 1 thread', units: all },
];
