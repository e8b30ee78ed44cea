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
 * With overlapped frames (two staging buffers) the next frame can be submitted, and its map
 * started, while this frame's read-back is still pending: the queue runs them in order, so the
 * models' shared buffers are never written under a frame not yet copied out.
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
  /** Read-backs started (mapped or mapping) and not yet read, now and at most. */
  readBacksInFlight = 0;
  maxReadBacksInFlight = 0;
  /** Submissions made while another frame's read-back was still pending. */
  submittedBeforeReadBack = 0;
  /** Crops cut on the CPU go up through this buffer (null with the crop pass). */
  private readonly upload: GPUBuffer | null;
  /** One staging buffer per frame that can be in flight (one, or two with overlapped frames), and its pending map. */
  private readonly staging: GPUBuffer[] = [];
  private readonly mapping: Array<Promise<void> | null> = [];
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
    /** Frames that can be in flight at once (1, or 2 with overlapped frames): a staging buffer each. */
    slots: number,
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
    for (let slot = 0; slot < slots; slot++) {
      this.staging.push(device.createBuffer({ size: Math.max(16, largest), usage: MAP_READ | COPY_DST }));
      this.mapping.push(null);
    }
  }

  /** Whether `count` hand crops can ride along (0 always can). */
  carries(count: number): boolean {
    return count === 0 || this.hands.has(count);
  }

  /**
   * Runs the pose model and the hand model on the first `handCount` hand crops and reads every
   * output back into `poseOutputs` and `handOutputs` (`submit`, then `readBack`).
   */
  async run(handCount: number, pixels: PixelFrame, frame: number, slot = 0): Promise<void> {
    this.submit(handCount, pixels, frame, slot);
    await this.readBack(handCount, slot);
  }

  /**
   * Submits the pose model and the hand model on the first `handCount` hand crops, the outputs
   * copied into staging buffer `slot`, whose map starts at once; `readBack` reads them. The crops:
   * cut on the GPU from `pixels` with the matrices set in `cropPass`, or written into `poseCrop`
   * and `handCrops` before.
   */
  submit(handCount: number, pixels: PixelFrame, frame: number, slot: number): void {
    if (this.mapping[slot] !== null) throw new Error(`tracked frame submission: staging buffer ${slot} still holds a frame not read back`);
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
    const staging = this.staging[slot]!;
    copyOutputs(encoder, this.pose, staging, this.poseOffsets);
    if (hand) copyOutputs(encoder, hand, staging, this.handOffsets.get(handCount)!);
    this.device.queue.submit([encoder.finish()]);
    if (this.readBacksInFlight > 0) this.submittedBeforeReadBack++;
    this.mapping[slot] = staging.mapAsync(MAP_MODE_READ, 0, this.stagingBytes.get(handCount)!);
    this.readBacksInFlight++;
    this.maxReadBacksInFlight = Math.max(this.maxReadBacksInFlight, this.readBacksInFlight);
  }

  /** Waits for the map of `slot` (submitted with `handCount` hands) and reads its outputs into `poseOutputs` and `handOutputs`. */
  async readBack(handCount: number, slot: number): Promise<void> {
    const mapping = this.mapping[slot];
    if (!mapping) throw new Error(`tracked frame submission: nothing submitted into staging buffer ${slot}`);
    const staging = this.staging[slot]!;
    const hand = handCount > 0 ? this.hands.get(handCount)! : null;
    const bytes = this.stagingBytes.get(handCount)!;
    let mapped = false;
    try {
      await mapping;
      mapped = true;
      const range = staging.getMappedRange(0, bytes);
      readOutputs(range, this.poseOffsets, this.poseOutputs, this.pose.outputLengths);
      if (hand) readOutputs(range, this.handOffsets.get(handCount)!, this.handOutputs, hand.outputLengths);
    } finally {
      this.mapping[slot] = null;
      this.readBacksInFlight--;
      if (mapped) staging.unmap();
    }
  }

  /**
   * The hand model alone on `handCount` crops cut on the GPU (crop pass only: matrices 1 and 2 set
   * before) from `pixels`, frame number `frame` (its bytes go up again only for a new frame): one
   * submission, one map of the hands' part of the staging buffer, outputs into `handOutputs`. For
   * the hand runs a frame still needs besides the fused one (rects from the pose, re-crops, palms),
   * through the frame's own staging buffer `slot` (read back already).
   */
  async runHands(handCount: number, pixels: PixelFrame, frame: number, slot = 0): Promise<void> {
    const staging = this.staging[slot]!;
    const hand = this.hands.get(handCount)!;
    const crops = this.cropPass!;
    crops.upload(pixels, frame);
    const encoder = this.device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    crops.encode(pass, 1, handCount, this.handInputSize, hand.input);
    pass.end();
    hand.encode(encoder);
    const offsets = this.handOffsets.get(handCount)!;
    copyOutputs(encoder, hand, staging, offsets);
    this.device.queue.submit([encoder.finish()]);
    const start = this.stagingBytes.get(0)!;
    const bytes = this.stagingBytes.get(handCount)! - start;
    await staging.mapAsync(MAP_MODE_READ, start, bytes);
    try {
      const mapped = staging.getMappedRange(start, bytes);
      for (let i = 0; i < this.handOutputs.length; i++) {
        const out = this.handOutputs[i]!;
        out.set(new Float32Array(mapped, offsets[i]! - start, Math.min(out.length, hand.outputLengths[i]!)));
      }
    } finally {
      staging.unmap();
    }
  }

  dispose(): void {
    this.cropPass?.dispose();
    this.upload?.destroy();
    // A frame still in flight: its map fails once the buffer is gone, and nobody waits for it any more.
    for (const mapping of this.mapping) mapping?.catch(() => undefined);
    for (const staging of this.staging) staging.destroy();
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
