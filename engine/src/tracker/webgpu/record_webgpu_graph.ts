/// <reference types="@webgpu/types" />
import * as tf from '@tensorflow/tfjs-core';

/**
 * What one run of a fixed-shape graph asked of the GPU, as TF.js's WebGPU backend issued it: the
 * compute dispatches in order, each with its pipeline, workgroup counts, the values it reads and
 * the value it writes, and where every value came from. Values are buffer contents, not buffers:
 * TF.js reuses a pooled buffer for many values in one run (and a uniform buffer for many
 * dispatches), so each write to a buffer starts a new value.
 */
export interface GraphRecording {
  dispatches: RecordedDispatch[];
  values: RecordedValue[];
  /** The value the graph's input tensor held. */
  input: number;
  /** The values of the output tensors, in the order asked for. */
  outputs: number[];
}

export interface RecordedDispatch {
  pipeline: GPUComputePipeline;
  workgroups: [number, number, number];
  /** Binding 0, the value the dispatch writes. */
  output: number;
  /** Bindings 1..n, the values it reads. */
  inputs: number[];
  /** The last binding: the dispatch's uniforms (a constant value). */
  uniforms: number;
}

export type RecordedValue =
  /** The graph's input: written before each run. */
  | { origin: 'input'; size: number }
  /** A model weight already on the GPU: its buffer lives as long as the model. */
  | { origin: 'weight'; size: number; buffer: GPUBuffer }
  /** Written from the CPU during the run (uniforms, constants made by kernels): the same bytes every run. */
  | { origin: 'constant'; size: number; bytes: Uint8Array; uniform: boolean }
  /** Written by a dispatch; `lastRead` is the index of the last dispatch that reads it. */
  | { origin: 'computed'; size: number; writtenBy: number; lastRead: number };

/** The parts of tfjs-backend-webgpu 4.22's WebGPUBackend the recorder reads and wraps. */
export interface WebGpuBackendInternals {
  device: GPUDevice;
  queue: GPUQueue;
  commandEncoder: GPUCommandEncoder | null;
  tensorMap: { get(dataId: object): { values: unknown; resource: unknown; dtype: string; shape: number[] } | undefined };
  endComputePassEncoder(): void;
  submitQueue(): void;
  ensureCommandEncoderReady(): void;
  uploadToGPU(dataId: object): void;
  makeUniforms(uniforms: unknown): { offset: number; size: number; buffer: GPUBuffer };
  recordAndSubmit(program: RecordedProgram, output: tf.TensorInfo, inputs: tf.TensorInfo[], uniforms?: unknown): void;
  copyBuffer(...args: unknown[]): unknown;
  readToGPU(...args: unknown[]): unknown;
  getBufferData(...args: unknown[]): unknown;
  readSync(...args: unknown[]): unknown;
}

interface RecordedProgram {
  pipeline: GPUComputePipeline | Promise<GPUComputePipeline>;
  dispatch: [number, number, number];
  pixelsOpType?: unknown;
}

const WRAPPED = ['recordAndSubmit', 'makeUniforms', 'uploadToGPU', 'copyBuffer', 'readToGPU', 'getBufferData', 'readSync'] as const;
const UNSUPPORTED = new Set<string>(['copyBuffer', 'readToGPU', 'getBufferData', 'readSync']);

/** The active TF.js backend as WebGPU internals, or null when it is not tfjs-backend-webgpu 4.x as the recorder knows it. */
export function webGpuBackendInternals(): WebGpuBackendInternals | null {
  if (tf.getBackend() !== 'webgpu') return null;
  const backend = tf.backend() as unknown as Partial<WebGpuBackendInternals>;
  const complete = WRAPPED.every((name) => typeof backend[name] === 'function') && backend.device && backend.tensorMap;
  return complete ? (backend as WebGpuBackendInternals) : null;
}

/** The GPU buffer holding a tensor's data (uploading it first), or null when it has none. */
export function tensorBuffer(backend: WebGpuBackendInternals, tensor: tf.TensorInfo): GPUBuffer | null {
  backend.uploadToGPU(tensor.dataId);
  const resource = backend.tensorMap.get(tensor.dataId)?.resource;
  return resource instanceof GPUBuffer ? resource : null;
}

/**
 * Runs `execute` once on TF.js's WebGPU backend and records what it dispatched (TF.js computes the
 * run as usual; its outputs are returned with the recording). Run the graph once before, so that
 * its pipelines are compiled and its weights uploaded. Returns `recording: null`, with the reason,
 * when the run did something a replay cannot repeat: read data back, drew pixels, or read a buffer
 * that is neither the input, nor one of `weights`, nor written during the run.
 *
 * ref: none in MediaPipe; LiteRT.js's WebGPU delegate builds its command list once at compile time
 * and replays it, which is what this enables for a TF.js graph.
 */
export function recordWebGpuGraph(
  backend: WebGpuBackendInternals,
  input: tf.Tensor,
  weights: readonly tf.Tensor[],
  execute: () => tf.Tensor[],
): { recording: GraphRecording | null; reason?: string; outputs: tf.Tensor[] } {
  flush(backend);
  const inputBuffer = tensorBuffer(backend, input);
  if (!inputBuffer) return { recording: null, reason: 'the input is not in a GPU buffer', outputs: execute() };
  const weightBuffers = new Set<GPUBuffer>();
  for (const weight of weights) {
    const resource = backend.tensorMap.get(weight.dataId)?.resource;
    if (resource instanceof GPUBuffer) weightBuffers.add(resource);
  }

  const values: RecordedValue[] = [{ origin: 'input', size: inputBuffer.size }];
  const current = new Map<GPUBuffer, number>([[inputBuffer, 0]]);
  const dispatches: RecordedDispatch[] = [];
  let failure: string | undefined;
  const fail = (reason: string) => {
    failure ??= reason;
  };
  const newValue = (buffer: GPUBuffer, value: RecordedValue): number => {
    values.push(value);
    current.set(buffer, values.length - 1);
    return values.length - 1;
  };
  const read = (buffer: GPUBuffer): number => {
    const id = current.get(buffer);
    if (id !== undefined) {
      const value = values[id]!;
      if (value.origin === 'computed') value.lastRead = dispatches.length;
      return id;
    }
    if (weightBuffers.has(buffer)) return newValue(buffer, { origin: 'weight', size: buffer.size, buffer });
    fail('a dispatch read a buffer that is not the input, a weight or written in the run');
    return newValue(buffer, { origin: 'weight', size: buffer.size, buffer });
  };

  let uniformBytes: Uint8Array | null = null;
  const originals = Object.fromEntries(WRAPPED.map((name) => [name, backend[name]])) as Pick<WebGpuBackendInternals, (typeof WRAPPED)[number]>;
  const queueWrite = backend.queue.writeBuffer;
  const self = backend as unknown as Record<string, unknown>;
  for (const name of UNSUPPORTED) {
    self[name] = (...args: unknown[]) => {
      // Reading values already on the CPU (shape constants the graph executor reads) is harmless.
      const onCpu = name === 'readSync' && backend.tensorMap.get(args[0] as object)?.values != null;
      if (!onCpu) fail(`the run called ${name}`);
      return (originals[name as keyof typeof originals] as (...a: unknown[]) => unknown).apply(backend, args);
    };
  }
  // makeUniforms writes the uniform bytes with queue.writeBuffer: keep a copy of them.
  self.makeUniforms = (uniforms: unknown) => {
    backend.queue.writeBuffer = (buffer: GPUBuffer, offset: number, data: BufferSource | SharedArrayBuffer, dataOffset?: number, size?: number) => {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array((data as ArrayBufferView).buffer, (data as ArrayBufferView).byteOffset, (data as ArrayBufferView).byteLength);
      uniformBytes = bytes.slice(dataOffset ?? 0, (dataOffset ?? 0) + (size ?? bytes.length));
      if (offset !== 0) fail('a uniform write at an offset');
      return queueWrite.call(backend.queue, buffer, offset, data as BufferSource, dataOffset, size);
    };
    try {
      return originals.makeUniforms.call(backend, uniforms);
    } finally {
      backend.queue.writeBuffer = queueWrite;
    }
  };
  // Data a kernel creates on the CPU during the run (not the weights: those are on the GPU already).
  self.uploadToGPU = (dataId: object) => {
    const data = backend.tensorMap.get(dataId);
    const pending = data && data.resource == null && data.values != null ? data : null;
    const bytes = pending ? cpuBytes(pending.values as ArrayLike<number>, pending.dtype) : null;
    originals.uploadToGPU.call(backend, dataId);
    if (pending && bytes) {
      const buffer = pending.resource;
      if (buffer instanceof GPUBuffer) newValue(buffer, { origin: 'constant', size: buffer.size, bytes, uniform: false });
      else fail('an upload that did not land in a GPU buffer');
    }
  };
  self.recordAndSubmit = (program: RecordedProgram, output: tf.TensorInfo, inputs: tf.TensorInfo[], uniforms?: unknown) => {
    uniformBytes = null;
    originals.recordAndSubmit.call(backend, program, output, inputs, uniforms);
    if (program.pixelsOpType != null) fail('the run draws or reads pixels');
    if (program.pipeline instanceof Promise) fail('a pipeline was still compiling');
    const inputIds = inputs.map((tensor) => {
      const buffer = backend.tensorMap.get(tensor.dataId)?.resource;
      if (!(buffer instanceof GPUBuffer)) {
        fail('a dispatch read a texture');
        return 0;
      }
      return read(buffer);
    });
    const outputBuffer = backend.tensorMap.get(output.dataId)?.resource;
    if (!(outputBuffer instanceof GPUBuffer) || uniformBytes === null) {
      fail('a dispatch wrote a texture or had no uniforms');
      return;
    }
    const bytes: Uint8Array = uniformBytes;
    values.push({ origin: 'constant', size: bytes.length, bytes, uniform: true });
    const uniformId = values.length - 1;
    const outputId = newValue(outputBuffer, { origin: 'computed', size: outputBuffer.size, writtenBy: dispatches.length, lastRead: -1 });
    dispatches.push({
      pipeline: program.pipeline as GPUComputePipeline,
      workgroups: [program.dispatch[0], program.dispatch[1] ?? 1, program.dispatch[2] ?? 1],
      output: outputId,
      inputs: inputIds,
      uniforms: uniformId,
    });
  };

  let outputs: tf.Tensor[];
  try {
    outputs = execute();
  } finally {
    for (const name of WRAPPED) self[name] = originals[name];
    backend.queue.writeBuffer = queueWrite;
  }
  flush(backend);
  const outputIds = outputs.map((tensor) => {
    const buffer = backend.tensorMap.get(tensor.dataId)?.resource;
    const id = buffer instanceof GPUBuffer ? current.get(buffer) : undefined;
    if (id === undefined) {
      fail('an output is not computed on the GPU in the run');
      return 0;
    }
    const value = values[id]!;
    if (value.origin === 'computed') value.lastRead = Number.POSITIVE_INFINITY;
    return id;
  });
  if (failure) return { recording: null, reason: failure, outputs };
  return { recording: { dispatches, values, input: 0, outputs: outputIds }, outputs };
}

/** Submits whatever TF.js has encoded, so that a recording starts from an empty command encoder. */
export function flush(backend: WebGpuBackendInternals): void {
  if (!backend.commandEncoder) return;
  backend.endComputePassEncoder();
  backend.submitQueue();
}

/** The bytes tfjs-backend-webgpu uploads for CPU values (int32 and bool as Int32, others Float32). */
function cpuBytes(values: ArrayLike<number>, dtype: string): Uint8Array {
  const typed = dtype === 'int32' || dtype === 'bool' ? Int32Array.from(values) : Float32Array.from(values);
  return new Uint8Array(typed.buffer);
}
