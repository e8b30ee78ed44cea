/// <reference types="@webgpu/types" />
import type { PixelFrame } from '../types.ts';

const STORAGE = 0x0080; // GPUBufferUsage (the constants are globals only where WebGPU exists)
const COPY_DST = 0x0008;

/** Crops one pass can cut: the body's and two hands'. */
export const MAX_CROPS = 3;
/** Per crop: a0 a1 a2 b0 b1 b2 (handCropTransform's matrix), its side, unused. */
const CROP_WORDS = 8;
const HEADER_WORDS = 4;

/**
 * calculators/crop_rotated_rect.ts as a compute shader, border replicated (LANDMARK_CROP_BORDER):
 * out[u, v] reads the frame at (a0 u + a1 v + a2, b0 u + b1 v + b2), bilinear, / 255. The frame's
 * bytes are read as packed u32 words (RGB or RGBA). Crop FIRST + z writes crop z of the output.
 */
const CROP_SHADER = /* wgsl */ `
struct Crop { a0: f32, a1: f32, a2: f32, b0: f32, b1: f32, b2: f32, size: u32, unused: u32 }
struct Params { width: u32, height: u32, channels: u32, unused: u32, crops: array<Crop, ${MAX_CROPS}> }
override FIRST: u32 = 0u;
@group(0) @binding(0) var<storage, read> frame: array<u32>;
@group(0) @binding(1) var<storage, read> params: Params;
@group(0) @binding(2) var<storage, read_write> crops: array<f32>;

fn texel(x: i32, y: i32, c: u32) -> f32 {
  let cx = u32(clamp(x, 0, i32(params.width) - 1));
  let cy = u32(clamp(y, 0, i32(params.height) - 1));
  let i = (cy * params.width + cx) * params.channels + c;
  return f32((frame[i >> 2u] >> ((i & 3u) * 8u)) & 0xffu);
}

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let crop = params.crops[FIRST + id.z];
  let size = crop.size;
  if (id.x >= size || id.y >= size) { return; }
  let u = f32(id.x);
  let v = f32(id.y);
  let x = crop.a0 * u + crop.a1 * v + crop.a2;
  let y = crop.b0 * u + crop.b1 * v + crop.b2;
  let x0 = floor(x);
  let y0 = floor(y);
  let fx = x - x0;
  let fy = y - y0;
  let ix = i32(x0);
  let iy = i32(y0);
  let o = ((id.z * size + id.y) * size + id.x) * 3u;
  for (var c = 0u; c < 3u; c++) {
    let top = (1.0 - fx) * texel(ix, iy, c) + fx * texel(ix + 1, iy, c);
    let bottom = (1.0 - fx) * texel(ix, iy + 1, c) + fx * texel(ix + 1, iy + 1, c);
    crops[o + c] = ((1.0 - fy) * top + fy * bottom) / 255.0;
  }
}
`;

/**
 * The frame's crops cut on the GPU, inside the frame's command buffer: the frame's bytes go up
 * once (one queue write), the crop matrices with them (a second, 112 bytes), and one dispatch per
 * destination (the pose model's input, the hand model's batch input) writes the models' inputs
 * directly. On the CPU the same crops (crop_rotated_rect.ts, bilinear over 256x256 + 2 x 224x224
 * pixels) were most of a tracked frame's CPU time once the models were replayed.
 *
 * ref: mediapipe/calculators/tensor/image_to_tensor_converter_gl_buffer.cc (MediaPipe cuts its
 * landmark crops on the GPU the same way: one textured quad per rotated rect).
 */
export class CropPass {
  readonly params = new Float32Array(HEADER_WORDS + MAX_CROPS * CROP_WORDS);
  private readonly paramWords = new Uint32Array(this.params.buffer);
  private readonly paramBuffer: GPUBuffer;
  private readonly pipelines: GPUComputePipeline[];
  private frameBuffer: GPUBuffer | null = null;
  private padded = new Uint8Array(0);
  /** The frame whose bytes the frame buffer holds (the caller's frame number), -1 for none. */
  private uploadedFrame = -1;
  /** Per first crop (0, 1): the bind group for each output, made with the frame buffer. */
  private readonly bindGroups = [new Map<GPUBuffer, GPUBindGroup>(), new Map<GPUBuffer, GPUBindGroup>()];

  /**
   * `targets`: where crops go, each as its first crop (0: the body's; 1: the hands', then 2) and
   * the model input buffer it writes. `frameBytes`: the frame buffer's first size (the warm-up
   * frame's, RGBA), so that a camera of that size makes no buffer or bind group on any frame.
   */
  constructor(
    private readonly device: GPUDevice,
    private readonly targets: ReadonlyArray<{ first: 0 | 1; output: GPUBuffer }>,
    frameBytes: number,
  ) {
    const module = device.createShaderModule({ code: CROP_SHADER });
    this.pipelines = [0, 1].map((first) => device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main', constants: { FIRST: first } } }));
    this.paramBuffer = device.createBuffer({ size: this.params.byteLength, usage: STORAGE | COPY_DST });
    this.reserve(frameBytes);
  }

  /** Sets crop `index`'s matrix (handCropTransform's, 8 floats) and side. */
  setCrop(index: number, matrix: Float32Array, size: number): void {
    const at = HEADER_WORDS + index * CROP_WORDS;
    for (let i = 0; i < 6; i++) this.params[at + i] = matrix[i]!;
    this.paramWords[at + 6] = size;
  }

  /**
   * Writes the crop matrices and, unless they went up already for this `frame` (the caller's
   * frame number: a second run on the same frame, such as the hands' own), the frame's bytes:
   * one or two queue writes.
   */
  upload(pixels: PixelFrame, frame: number): void {
    this.paramWords[0] = pixels.width;
    this.paramWords[1] = pixels.height;
    this.paramWords[2] = pixels.channels;
    this.device.queue.writeBuffer(this.paramBuffer, 0, this.params);
    if (frame === this.uploadedFrame) return;
    this.uploadedFrame = frame;
    const bytes = pixels.width * pixels.height * pixels.channels;
    const size = Math.ceil(bytes / 4) * 4;
    this.reserve(size);
    let data: Uint8Array | Uint8ClampedArray = pixels.data;
    if (bytes !== size || data.byteLength < size) {
      // writeBuffer takes whole words: a frame whose byte count is not a multiple of 4 goes through a padded copy.
      if (this.padded.length < size) this.padded = new Uint8Array(size);
      this.padded.set(data.subarray(0, bytes));
      data = this.padded;
    }
    this.device.queue.writeBuffer(this.frameBuffer!, 0, data.buffer, data.byteOffset, size);
  }

  /** Encodes crops first .. first + count - 1 (set and uploaded before) into `output` (one of the targets), crop after crop. */
  encode(pass: GPUComputePassEncoder, first: 0 | 1, count: number, size: number, output: GPUBuffer): void {
    pass.setPipeline(this.pipelines[first]!);
    pass.setBindGroup(0, this.bindGroups[first]!.get(output)!);
    pass.dispatchWorkgroups(Math.ceil(size / 8), Math.ceil(size / 8), count);
  }

  dispose(): void {
    this.frameBuffer?.destroy();
    this.paramBuffer.destroy();
  }

  /** A frame buffer of at least `bytes` (rounded up to words), with the targets' bind groups over it. */
  private reserve(bytes: number): void {
    const size = Math.max(4, Math.ceil(bytes / 4) * 4);
    if (this.frameBuffer && this.frameBuffer.size >= size) return;
    this.frameBuffer?.destroy();
    this.frameBuffer = this.device.createBuffer({ size, usage: STORAGE | COPY_DST });
    this.uploadedFrame = -1;
    for (const { first, output } of this.targets) {
      const pipeline = this.pipelines[first]!;
      const bindGroup = this.device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: { buffer: this.frameBuffer } },
          { binding: 1, resource: { buffer: this.paramBuffer } },
          { binding: 2, resource: { buffer: output } },
        ],
      });
      this.bindGroups[first]!.set(output, bindGroup);
    }
  }
}
