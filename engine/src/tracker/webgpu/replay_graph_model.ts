/// <reference types="@webgpu/types" />
import * as tf from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { recordWebGpuGraph, tensorBuffer, webGpuBackendInternals, type WebGpuBackendInternals } from './record_webgpu_graph.ts';
import { ReplayedGraph } from './replay_webgpu_graph.ts';

/** A graph model recorded for one input shape and one set of outputs, and its replay. */
export interface RecordedGraphModel {
  replay: ReplayedGraph;
  inputShape: number[];
  outputNames: string[];
  outputShapes: number[][];
}

/**
 * Records `model` run on an input of `inputShape` for `outputNames` (TF.js WebGPU backend only;
 * null elsewhere, or with the reason when the graph cannot be replayed). The model must have run
 * once at this shape (pipelines compiled, weights on the GPU): `warm` (default) runs it first.
 * The recorded run computes `sample` (default: every value 0.5); its outputs, as TF.js computed
 * them, come back in `outputs`.
 */
export async function recordGraphModel(
  model: GraphModel,
  inputShape: number[],
  outputNames: string[],
  options: { warm?: boolean; sample?: Float32Array } = {},
): Promise<{ recorded: RecordedGraphModel | null; reason?: string; outputs: Float32Array[] }> {
  const backend = webGpuBackendInternals();
  if (!backend) return { recorded: null, reason: 'the backend is not TF.js WebGPU', outputs: [] };
  const input = options.sample ? tf.tensor(options.sample, inputShape, 'float32') : tf.fill(inputShape, 0.5, 'float32');
  try {
    const run = () => [model.execute(input, outputNames)].flat();
    if (options.warm ?? true) {
      const outputs = run();
      await Promise.all(outputs.map((t) => t.data()));
      tf.dispose(outputs);
    }
    const weights = Object.values(model.weights).flat();
    const { recording, reason, outputs } = recordWebGpuGraph(backend, input, weights, run);
    const outputShapes = outputs.map((t) => t.shape.slice());
    const lengths = outputs.map((t) => t.size);
    const values = (await Promise.all(outputs.map((t) => t.data()))) as Float32Array[];
    tf.dispose(outputs);
    if (!recording) return { recorded: null, reason, outputs: values };
    const replay = new ReplayedGraph(backend.device, recording, lengths);
    return { recorded: { replay, inputShape: inputShape.slice(), outputNames: outputNames.slice(), outputShapes }, outputs: values };
  } finally {
    input.dispose();
  }
}

/**
 * Makes `model.execute` (and `predict`, which calls it) run the recording whenever it is asked
 * for the recorded outputs on an input of the recorded shape, and TF.js's own executor otherwise.
 * The input is copied from its tensor's GPU buffer into the recording's input; the outputs are
 * tensors over the recording's output buffers (no copy), valid until the next run. Returns the
 * function that restores the model's own `execute`.
 *
 * This is how the pose landmark and detector models, which pose-detection runs itself, get the
 * replay without changing pose-detection.
 */
export function replayExecute(model: GraphModel, recorded: RecordedGraphModel): () => void {
  const original = model.execute;
  const { replay, inputShape, outputNames, outputShapes } = recorded;
  const inputBytes = inputShape.reduce((a, b) => a * b, 1) * 4;
  model.execute = function (inputs, outputs) {
    const backend = webGpuBackendInternals();
    const names = outputs === undefined ? model.outputNodes : [outputs].flat();
    const input = inputs instanceof tf.Tensor ? inputs : null;
    if (!backend || !input || input.dtype !== 'float32' || !sameList(input.shape, inputShape) || !sameList(names, outputNames)) {
      return original.call(model, inputs, outputs);
    }
    const source = tensorBuffer(backend, input);
    if (!source) return original.call(model, inputs, outputs);
    encodeReplay(backend, source, inputBytes, replay);
    const tensors = replay.outputs.map((buffer, i) => tf.tensor({ buffer, zeroCopy: true }, outputShapes[i], 'float32'));
    return tensors.length === 1 ? tensors[0]! : tensors;
  };
  return () => {
    model.execute = original;
  };
}

/** Encodes the input copy and the replay into TF.js's own command encoder, then submits it. */
function encodeReplay(backend: WebGpuBackendInternals, source: GPUBuffer, bytes: number, replay: ReplayedGraph): void {
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  const encoder = backend.commandEncoder!;
  encoder.copyBufferToBuffer(source, 0, replay.input, 0, bytes);
  replay.encode(encoder);
  backend.submitQueue();
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
