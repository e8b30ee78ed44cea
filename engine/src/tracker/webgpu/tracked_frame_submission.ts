/// <reference types="@webgpu/types" />
import type { PixelFrame } from '../types.ts';
import { CropPass } from './crop_pass.ts';
import type { ReplayedGraph } from './replay_webgpu_graph.ts';

const COPY_SRC = 0x0004; // GPUBufferUsage (the constants are globals only where WebGPU exists)
const COPY_DST = 0x0008;
const MAP_READ = 0x0001;
const MAP_MODE_READ = 0x0001;

/**
 * A tracked video frame on the GPU as one submission and one read-back. In video every crop of a
 * tracked frame is known before its models run (the body's rect and each hand's rect come from
 * their own landmarks of the frame before, as in MediaPipe's tracking graphs), so one command
 * buffer holds the crops (cut on the GPU by the crop pass from the frame's bytes, or cut in JS and
 * written with one queue write), the pose landmark model and the hand model (one crop or a batch
 * of two) as their recorded compute passes, and the copies of every output into one staging
 * buffer, which one map reads. Before, each model was its own write, submission and read-back,
 * and pose-detection read the pose's four outputs through TF.js, one submission and one map each.
 *
 * ref: none in MediaPipe (its GPU graphs keep the frame on the GPU between calculators); this is
 * how LiteRT.js's WebGPU delegate runs a command list: recorded once, submitted once per frame.
 */
export class TrackedFrameSubmission {
  /** With crops cut on the GPU: where their matrices go (crop 0 the pose's, 1 and 2 the hands'); null when cut on the CPU. */
  readonly cropPass: CropPass | null;
  /** Crops cut on the CPU: one array, the pose crop first, then the hand crops (write into these; empty with the crop pass). */
  readonly crops: Float32Array;
  readonly poseCrop: Float32Array;
  readonly handCrops: Float32Array;
  /** The pose landmark model's outputs of the last run, in its recorded order. */
  readonly poseOutputs: Float32Array[];
  /** The hand model's outputs of the last run (landmarks, presence, handedness; `handCount` rows filled). */
  readonly handOutputs: Float32Array[];
  /** Crops cut on the CPU go up through this buffer (null with the crop pass). */
  private readonly upload: GPUBuffer | null;
  private readonly staging: GPUBuffer;
  private readonly poseBytes: number;
  private readonly handBytes: number;
  private readonly poseOffsets: number[];
  /** Per hand count (1, 2): where each of that replay's outputs lands in the staging buffer. */
  private readonly handOffsets = new Map<number, number[]>();
  private readonly stagingBytes = new Map<number, number>();

  constructor(
    private readonly device: GPUDevice,
    private readonly pose: ReplayedGraph,
    private readonly hands: ReadonlyMap<number, ReplayedGraph>,
    poseInputLength: number,
    handInputLength: number,
    private readonly poseInputSize: number,
    private readonly handInputSize: number,
    cropOnGpu: boolean,
    /** The frame size the crop pass's frame buffer is made for at once (the warm-up's; RGBA). */
    frameWidth: number,
    frameHeight: number,
  ) {
    const targets = [{ first: 0 as const, output: pose.input }, ...[...hands.values()].map((hand) => ({ first: 1 as const, output: hand.input }))];
    this.cropPass = cropOnGpu ? new CropPass(device, targets, frameWidth * frameHeight * 4) : null;
    this.poseBytes = poseInputLength * 4;
    this.handBytes = handInputLength * 4;
    const maxHands = Math.max(0, ...hands.keys());
    this.crops = new Float32Array(cropOnGpu ? 0 : poseInputLength + maxHands * handInputLength);
    this.poseCrop = this.crops.subarray(0, cropOnGpu ? 0 : poseInputLength);
    this.handCrops = this.crops.subarray(this.poseCrop.length);
    this.upload = cropOnGpu ? null : device.createBuffer({ size: this.crops.byteLength, usage: COPY_DST | COPY_SRC });
    let offset = 0;
    const place = (length: number) => {
      const at = offset;
      offset += Math.ceil((length * 4) / 16) * 16;
      return at;
    };
    this.poseOffsets = pose.outputLengths.map(place);
    this.poseOutputs = pose.outputLengths.map((length) => new Float32Array(length));
    const poseEnd = offset;
    this.stagingBytes.set(0, poseEnd);
    let largest = poseEnd;
    for (const [count, hand] of hands) {
      offset = poseEnd;
      this.handOffsets.set(count, hand.outputLengths.map(place));
      this.stagingBytes.set(count, offset);
      largest = Math.max(largest, offset);
    }
    const widest = hands.get(maxHands);
    this.handOutputs = widest ? widest.outputLengths.map((length) => new Float32Array(length)) : [];
    this.staging = device.createBuffer({ size: Math.max(16, largest), usage: MAP_READ | COPY_DST });
  }

  /** Whether `count` hand crops can ride along (0 always can). */
  carries(count: number): boolean {
    return count === 0 || this.hands.has(count);
  }

  /**
   * Runs the pose model and the hand model on the first `handCount` hand crops and reads every
   * output back into `poseOutputs` and `handOutputs`. The crops: cut on the GPU from `pixels` with
   * the matrices set in `cropPass`, or written into `poseCrop` and `handCrops` before.
   */
  async run(handCount: number, pixels: PixelFrame, frame: number): Promise<void> {
    const hand = handCount > 0 ? this.hands.get(handCount)! : null;
    const handBytes = handCount * this.handBytes;
    const encoder = this.device.createCommandEncoder();
    const crops = this.cropPass;
    if (crops) {
      crops.upload(pixels, frame);
      const pass = encoder.beginComputePass();
      crops.encode(pass, 0, 1, this.poseInputSize, this.pose.input);
      if (hand) crops.encode(pass, 1, handCount, this.handInputSize, hand.input);
      pass.end();
    } else {
      const upload = this.upload!;
      this.device.queue.writeBuffer(upload, 0, this.crops.buffer, this.crops.byteOffset, this.poseBytes + handBytes);
      encoder.copyBufferToBuffer(upload, 0, this.pose.input, 0, this.poseBytes);
      if (hand) encoder.copyBufferToBuffer(upload, this.poseBytes, hand.input, 0, handBytes);
    }
    this.pose.encode(encoder);
    hand?.encode(encoder);
    copyOutputs(encoder, this.pose, this.staging, this.poseOffsets);
    const handOffsets = hand ? this.handOffsets.get(handCount)! : [];
    if (hand) copyOutputs(encoder, hand, this.staging, handOffsets);
    this.device.queue.submit([encoder.finish()]);
    const bytes = this.stagingBytes.get(handCount)!;
    await this.staging.mapAsync(MAP_MODE_READ, 0, bytes);
    try {
      const mapped = this.staging.getMappedRange(0, bytes);
      readOutputs(mapped, this.poseOffsets, this.poseOutputs, this.pose.outputLengths);
      if (hand) readOutputs(mapped, handOffsets, this.handOutputs, hand.outputLengths);
    } finally {
      this.staging.unmap();
    }
  }

  /**
   * The hand model alone on `handCount` crops cut on the GPU (crop pass only: matrices 1 and 2 set
   * before) from `pixels`, frame number `frame` (its bytes go up again only for a new frame): one
   * submission, one map of the hands' part of the staging buffer, outputs into `handOutputs`. For
   * the hand runs a frame still needs besides the fused one (rects from the pose, re-crops, palms).
   */
  async runHands(handCount: number, pixels: PixelFrame, frame: number): Promise<void> {
    const hand = this.hands.get(handCount)!;
    const crops = this.cropPass!;
    crops.upload(pixels, frame);
    const encoder = this.device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    crops.encode(pass, 1, handCount, this.handInputSize, hand.input);
    pass.end();
    hand.encode(encoder);
    const offsets = this.handOffsets.get(handCount)!;
    copyOutputs(encoder, hand, this.staging, offsets);
    this.device.queue.submit([encoder.finish()]);
    const start = this.stagingBytes.get(0)!;
    const bytes = this.stagingBytes.get(handCount)! - start;
    await this.staging.mapAsync(MAP_MODE_READ, start, bytes);
    try {
      const mapped = this.staging.getMappedRange(start, bytes);
      for (let i = 0; i < this.handOutputs.length; i++) {
        const out = this.handOutputs[i]!;
        out.set(new Float32Array(mapped, offsets[i]! - start, Math.min(out.length, hand.outputLengths[i]!)));
      }
    } finally {
      this.staging.unmap();
    }
  }

  dispose(): void {
    this.cropPass?.dispose();
    this.upload?.destroy();
    this.staging.destroy();
  }
}

function copyOutputs(encoder: GPUCommandEncoder, graph: ReplayedGraph, staging: GPUBuffer, offsets: number[]): void {
  for (let i = 0; i < graph.outputs.length; i++) {
    encoder.copyBufferToBuffer(graph.outputs[i]!, 0, staging, offsets[i]!, graph.outputLengths[i]! * 4);
  }
}

function readOutputs(mapped: ArrayBuffer, offsets: number[], outputs: Float32Array[], lengths: number[]): void {
  for (let i = 0; i < outputs.length; i++) {
    outputs[i]!.set(new Float32Array(mapped, offsets[i]!, Math.min(outputs[i]!.length, lengths[i]!)));
  }
}
