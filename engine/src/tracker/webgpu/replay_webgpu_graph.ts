/// <reference types="@webgpu/types" />
import type { GraphRecording } from './record_webgpu_graph.ts';

const STORAGE = 0x0080; // GPUBufferUsage.STORAGE (the constants are globals only where WebGPU exists)
const UNIFORM = 0x0040;
const COPY_SRC = 0x0004;
const COPY_DST = 0x0008;
const MAP_READ = 0x0001;
const MAP_MODE_READ = 0x0001;

interface ReplayStep {
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
  x: number;
  y: number;
  z: number;
}

/**
 * A recorded fixed-shape graph, ready to run again: every bind group, uniform buffer and
 * constant is made once here, so a run is the input upload, one compute pass of
 * setPipeline/setBindGroup/dispatch per recorded dispatch, and the read-back of the outputs
 * (one copy per output into one staging buffer, one map). The dispatches and their shaders are
 * TF.js's own; only TF.js's per-op work on the CPU (kernel lookup, tensor bookkeeping, a new bind
 * group and uniform write per op) is left out.
 */
export class ReplayedGraph {
  readonly input: GPUBuffer;
  readonly outputs: GPUBuffer[];
  /** Floats per output (the output buffers may be larger: TF.js pads them). */
  readonly outputLengths: number[];
  readonly dispatchCount: number;
  readonly bindGroupCount: number;
  private readonly steps: ReplayStep[];
  private readonly staging: GPUBuffer;
  private readonly stagingOffsets: number[];
  private readonly owned: GPUBuffer[] = [];

  constructor(
    private readonly device: GPUDevice,
    recording: GraphRecording,
    outputLengths: number[],
  ) {
    const buffers = allocateBuffers(device, recording, this.owned);
    this.input = buffers[recording.input]!;
    this.outputs = recording.outputs.map((id) => buffers[id]!);
    this.outputLengths = outputLengths;
    this.steps = recording.dispatches.map((dispatch) => {
      const entries: GPUBindGroupEntry[] = [
        { binding: 0, resource: { buffer: buffers[dispatch.output]! } },
        ...dispatch.inputs.map((id, i) => ({ binding: i + 1, resource: { buffer: buffers[id]! } })),
        {
          binding: dispatch.inputs.length + 1,
          resource: { buffer: buffers[dispatch.uniforms]!, offset: 0, size: recording.values[dispatch.uniforms]!.size },
        },
      ];
      const bindGroup = device.createBindGroup({ layout: dispatch.pipeline.getBindGroupLayout(0), entries });
      const [x, y, z] = dispatch.workgroups;
      return { pipeline: dispatch.pipeline, bindGroup, x, y, z };
    });
    this.dispatchCount = this.steps.length;
    this.bindGroupCount = this.steps.length;
    this.stagingOffsets = [];
    let offset = 0;
    for (const length of outputLengths) {
      this.stagingOffsets.push(offset);
      offset += Math.ceil((length * 4) / 16) * 16;
    }
    this.staging = device.createBuffer({ size: Math.max(offset, 16), usage: MAP_READ | COPY_DST });
    this.owned.push(this.staging);
  }

  /** Encodes the graph's dispatches as one compute pass (the input must be written before it runs). */
  encode(encoder: GPUCommandEncoder): void {
    const pass = encoder.beginComputePass();
    let pipeline: GPUComputePipeline | null = null;
    for (const step of this.steps) {
      if (step.pipeline !== pipeline) {
        pass.setPipeline(step.pipeline);
        pipeline = step.pipeline;
      }
      pass.setBindGroup(0, step.bindGroup);
      pass.dispatchWorkgroups(step.x, step.y, step.z);
    }
    pass.end();
  }

  /**
   * One run from CPU data to CPU data: uploads `input`, runs, and copies each output into the
   * matching array of `outputs` (as many floats as the array holds).
   */
  async run(input: Float32Array, outputs: Float32Array[]): Promise<void> {
    this.device.queue.writeBuffer(this.input, 0, input.buffer, input.byteOffset, input.byteLength);
    const encoder = this.device.createCommandEncoder();
    this.encode(encoder);
    for (let i = 0; i < this.outputs.length; i++) {
      encoder.copyBufferToBuffer(this.outputs[i]!, 0, this.staging, this.stagingOffsets[i]!, this.outputLengths[i]! * 4);
    }
    this.device.queue.submit([encoder.finish()]);
    await this.staging.mapAsync(MAP_MODE_READ);
    try {
      const mapped = this.staging.getMappedRange();
      for (let i = 0; i < outputs.length; i++) {
        const out = outputs[i]!;
        out.set(new Float32Array(mapped, this.stagingOffsets[i]!, Math.min(out.length, this.outputLengths[i]!)));
      }
    } finally {
      this.staging.unmap();
    }
  }

  dispose(): void {
    for (const buffer of this.owned) buffer.destroy();
    this.owned.length = 0;
  }
}

/**
 * A GPU buffer for every recorded value. Weights keep their own buffers; constants (uniforms and
 * kernel-made data) get their own buffers, written once here; computed values share buffers the
 * way a register allocator would, a buffer going back to the pool after the last dispatch that
 * reads its value (dispatches in one pass run in order, so that is safe), outputs never.
 */
function allocateBuffers(device: GPUDevice, recording: GraphRecording, owned: GPUBuffer[]): GPUBuffer[] {
  const buffers: GPUBuffer[] = new Array(recording.values.length);
  const create = (size: number, usage: number) => {
    // Exact sizes, as TF.js makes them: a tensor over an output buffer reads the whole buffer.
    const buffer = device.createBuffer({ size: Math.max(4, Math.ceil(size / 4) * 4), usage });
    owned.push(buffer);
    return buffer;
  };
  const uniforms = new Map<string, GPUBuffer>();
  recording.values.forEach((value, id) => {
    if (value.origin === 'input') buffers[id] = create(value.size, STORAGE | COPY_DST | COPY_SRC);
    else if (value.origin === 'weight') buffers[id] = value.buffer;
    else if (value.origin === 'constant') {
      // Identical uniforms (the same op on the same shapes) share one buffer.
      const key = value.uniform ? bytesKey(value.bytes) : null;
      const shared = key === null ? undefined : uniforms.get(key);
      if (shared) {
        buffers[id] = shared;
        return;
      }
      const buffer = create(value.bytes.length, value.uniform ? UNIFORM | COPY_DST : STORAGE | COPY_DST | COPY_SRC);
      const padded = new Uint8Array(Math.ceil(value.bytes.length / 4) * 4);
      padded.set(value.bytes);
      device.queue.writeBuffer(buffer, 0, padded);
      if (key !== null) uniforms.set(key, buffer);
      buffers[id] = buffer;
    }
  });
  // Computed values, in the order they are written; free lists by size.
  const free = new Map<number, GPUBuffer[]>();
  const releases: Array<Array<{ size: number; buffer: GPUBuffer }>> = recording.dispatches.map(() => []);
  const computed = recording.values
    .map((value, id) => ({ value, id }))
    .filter((entry): entry is { value: Extract<GraphRecording['values'][number], { origin: 'computed' }>; id: number } => entry.value.origin === 'computed')
    .sort((a, b) => a.value.writtenBy - b.value.writtenBy);
  let next = 0;
  for (let step = 0; step < recording.dispatches.length; step++) {
    // Buffers whose last reader ran before this dispatch are free for its output.
    if (step > 0) {
      for (const released of releases[step - 1]!) {
        const list = free.get(released.size) ?? [];
        list.push(released.buffer);
        free.set(released.size, list);
      }
    }
    while (next < computed.length && computed[next]!.value.writtenBy === step) {
      const { value, id } = computed[next++]!;
      const size = value.size;
      const buffer = free.get(size)?.pop() ?? create(size, STORAGE | COPY_DST | COPY_SRC);
      buffers[id] = buffer;
      const lastRead = Math.max(value.lastRead, value.writtenBy);
      if (Number.isFinite(lastRead)) releases[lastRead]!.push({ size, buffer });
    }
  }
  return buffers;
}

function bytesKey(bytes: Uint8Array): string {
  let key = '';
  for (let i = 0; i < bytes.length; i++) key += String.fromCharCode(bytes[i]!);
  return key;
}
