/// <reference types="@webgpu/types" />
// A lever measured, not shipped: TF.js's WebGPU backend kept as it is, op by op, but with its
// per-op bind group and uniform buffer made once and found again on later frames (the same op on
// the same buffers with the same uniforms). It shows what reuse alone gains while TF.js's kernel
// dispatch, tensor bookkeeping and graph executor still run for every op; the tracker instead
// replays whole recorded graphs (engine/src/tracker/webgpu/).
import type { WebGpuBackendInternals } from '../../engine/src/tracker/webgpu/record_webgpu_graph.ts';

export interface ReuseCounts {
  bindGroupHits: number;
  bindGroupMisses: number;
  uniformHits: number;
  uniformMisses: number;
}

const UNIFORM_USAGE = 0x0040 | 0x0008; // UNIFORM | COPY_DST

export function reuseBindGroupsAndUniforms(backend: WebGpuBackendInternals): ReuseCounts {
  const counts: ReuseCounts = { bindGroupHits: 0, bindGroupMisses: 0, uniformHits: 0, uniformMisses: 0 };
  const ids = new WeakMap<object, number>();
  let nextId = 1;
  const idOf = (object: object) => {
    let id = ids.get(object);
    if (id === undefined) ids.set(object, (id = nextId++));
    return id;
  };
  const uniforms = new Map<string, GPUBuffer>();
  const bindGroups = new Map<string, GPUBindGroup>();
  let pipeline: object | null = null;

  const recordAndSubmit = backend.recordAndSubmit;
  backend.recordAndSubmit = function (program, ...rest) {
    pipeline = program.pipeline as object;
    return recordAndSubmit.call(backend, program, ...rest);
  };

  const makeUniforms = backend.makeUniforms;
  backend.makeUniforms = function (programUniform) {
    const queue = backend.queue;
    const write = queue.writeBuffer;
    let bytes: Uint8Array | null = null;
    // TF.js builds the bytes and writes them to a pooled buffer: keep the bytes, skip the write.
    queue.writeBuffer = (_buffer: GPUBuffer, _offset: number, data: BufferSource | SharedArrayBuffer, dataOffset?: number, size?: number) => {
      const view = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array((data as ArrayBufferView).buffer);
      bytes = view.slice(dataOffset ?? 0, (dataOffset ?? 0) + (size ?? view.length));
    };
    let made: ReturnType<typeof makeUniforms>;
    try {
      made = makeUniforms.call(backend, programUniform);
    } finally {
      queue.writeBuffer = write;
    }
    const data = bytes as Uint8Array<ArrayBuffer> | null;
    if (!data) return made;
    const key = String.fromCharCode(...data);
    let buffer = uniforms.get(key);
    if (buffer) counts.uniformHits++;
    else {
      counts.uniformMisses++;
      buffer = backend.device.createBuffer({ size: made.size, usage: UNIFORM_USAGE });
      queue.writeBuffer(buffer, 0, data);
      uniforms.set(key, buffer);
    }
    return { offset: 0, size: made.size, buffer };
  };

  const device = backend.device;
  const createBindGroup = device.createBindGroup;
  device.createBindGroup = function (descriptor: GPUBindGroupDescriptor) {
    const entries = [...(descriptor.entries as Iterable<GPUBindGroupEntry>)];
    const parts = [pipeline ? idOf(pipeline) : 0];
    for (const entry of entries) {
      const resource = entry.resource as GPUBufferBinding;
      parts.push(entry.binding, idOf(resource.buffer), resource.offset ?? 0, resource.size ?? -1);
    }
    const key = parts.join(',');
    let group = bindGroups.get(key);
    if (group) counts.bindGroupHits++;
    else {
      counts.bindGroupMisses++;
      group = createBindGroup.call(device, descriptor);
      bindGroups.set(key, group);
    }
    return group;
  };
  return counts;
}
