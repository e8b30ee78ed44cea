// One LiteRT.js run as the bench times it, shared by the Node runtimes rows and the browser page:
// input upload, run, and the read back of the outputs the tracker reads (the others are dropped).
import type { CompiledModel, Tensor } from '@litertjs/core';

type LiteRt = { Tensor: typeof Tensor };

/** Pose: landmarks (195), flag (1), heatmap (64x64x39), world landmarks (117); not the segmentation mask. */
export const POSE_READ_SIZES = [195, 1, 64 * 64 * 39, 117];
/** Hand: landmarks (63), flag (1), handedness (1); not the world landmarks. */
export const HAND_READ_SIZES = [63, 1, 1];

/** The indices of the outputs with these element counts (first unused match each). */
export function outputsBySize(model: CompiledModel, sizes: number[]): number[] {
  const all = model.getOutputDetails().map((d) => d.shape.reduce((a, b) => a * b, 1));
  const used = new Set<number>();
  return sizes.map((size) => {
    const index = all.findIndex((s, i) => s === size && !used.has(i));
    if (index < 0) throw new Error(`LiteRT.js model has no unused output of ${size} values`);
    used.add(index);
    return index;
  });
}

/** Runs `model` on `data` and returns copies of the outputs at `read`. */
export async function runLiteRt(
  litert: LiteRt,
  model: CompiledModel,
  accelerator: 'webgpu' | 'wasm',
  data: Float32Array,
  shape: number[],
  read: number[],
): Promise<Float32Array[]> {
  const host = new litert.Tensor(data, shape);
  const input = accelerator === 'webgpu' ? await host.moveTo('webgpu') : host;
  const outputs = await model.run(input);
  input.delete();
  const values: Float32Array[] = [];
  for (const index of read) {
    const output = outputs[index]!;
    const onHost = accelerator === 'webgpu' ? await output.moveTo('wasm') : output;
    values.push((onHost.toTypedArray() as Float32Array).slice());
    onHost.delete();
  }
  outputs.forEach((output, i) => read.includes(i) || output.delete());
  return values;
}
