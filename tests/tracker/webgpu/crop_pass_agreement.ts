// Child process of webgpu_tracker.test.ts: the GPU crop pass (engine/src/tracker/webgpu/crop_pass.ts)
// against crop_rotated_rect.ts in JS, on SwiftShader, on the fixture photograph: a body crop
// reaching past the frame's edges (the border replicated), two turned hand crops in one dispatch,
// RGB and RGBA frames. Prints one JSON line: the largest difference per crop (values are 0..1).
import { join } from 'node:path';
import { installNodeWebGpu } from '../../../engine/src/tracker/node/node_webgpu.ts';
import { CropPass } from '../../../engine/src/tracker/webgpu/crop_pass.ts';
import { cropRotatedRect } from '../../../engine/src/tracker/calculators/crop_rotated_rect.ts';
import { handCropTransform } from '../../../engine/src/tracker/calculators/hand_crop_transform.ts';
import { decodeImageFile } from '../../../engine/src/tracker/node/node_image.ts';
import type { NormalizedRect, PixelFrame } from '../../../engine/src/tracker/types.ts';

const root = process.argv[2]!;
const adapter = await installNodeWebGpu('swiftshader');
const gpu = (globalThis as unknown as { navigator: { gpu: GPU } }).navigator.gpu;
const device = await (await gpu.requestAdapter())!.requestDevice();
const image = await decodeImageFile(join(root, 'data', 'photographs', 'messi5.jpg'));
const rgb: PixelFrame = { data: image.data, width: image.width, height: image.height, channels: 3 };
const rgbaData = new Uint8Array(image.width * image.height * 4);
for (let i = 0; i < image.width * image.height; i++) {
  rgbaData.set(image.data.subarray(i * 3, i * 3 + 3), i * 4);
  rgbaData[i * 4 + 3] = 255;
}
const rgba: PixelFrame = { data: rgbaData, width: image.width, height: image.height, channels: 4 };

const rect = (xCenter: number, yCenter: number, width: number, height: number, rotation: number): NormalizedRect => ({ xCenter, yCenter, width, height, rotation });
// The body's rect taller than the frame and off its left edge; two hands turned either way, one past the bottom.
const crops = [
  { rect: rect(0.3, 0.6, 1.1, 1.5, 0.2), size: 256 },
  { rect: rect(0.45, 0.4, 0.3, 0.4, 0.6), size: 224 },
  { rect: rect(0.7, 0.95, 0.35, 0.45, -1.1), size: 224 },
];

const STORAGE = 0x0080;
const COPY_SRC = 0x0004;
const MAP_READ = 0x0001;
const COPY_DST = 0x0008;
async function gpuCrops(pixels: PixelFrame): Promise<Float32Array[]> {
  const poseBytes = 256 * 256 * 3 * 4;
  const handBytes = 2 * 224 * 224 * 3 * 4;
  const pose = device.createBuffer({ size: poseBytes, usage: STORAGE | COPY_SRC });
  const hands = device.createBuffer({ size: handBytes, usage: STORAGE | COPY_SRC });
  // A frame buffer made smaller than the frame: the upload grows it.
  const pass = new CropPass(device, [{ first: 0, output: pose }, { first: 1, output: hands }], 16);
  const matrix = new Float32Array(8);
  crops.forEach((c, i) => {
    handCropTransform(c.rect, pixels.width, pixels.height, c.size, matrix);
    pass.setCrop(i, matrix, c.size);
  });
  const staging = device.createBuffer({ size: poseBytes + handBytes, usage: MAP_READ | COPY_DST });
  pass.upload(pixels, 1);
  const encoder = device.createCommandEncoder();
  const compute = encoder.beginComputePass();
  pass.encode(compute, 0, 1, 256, pose);
  pass.encode(compute, 1, 2, 224, hands);
  compute.end();
  encoder.copyBufferToBuffer(pose, 0, staging, 0, poseBytes);
  encoder.copyBufferToBuffer(hands, 0, staging, poseBytes, handBytes);
  device.queue.submit([encoder.finish()]);
  await staging.mapAsync(1);
  const all = new Float32Array(staging.getMappedRange().slice(0));
  staging.unmap();
  pass.dispose();
  const handLength = 224 * 224 * 3;
  return [all.subarray(0, 256 * 256 * 3), all.subarray(256 * 256 * 3, 256 * 256 * 3 + handLength), all.subarray(256 * 256 * 3 + handLength)];
}

function jsCrops(pixels: PixelFrame): Float32Array[] {
  const matrix = new Float32Array(8);
  return crops.map((c) => {
    const out = new Float32Array(c.size * c.size * 3);
    handCropTransform(c.rect, pixels.width, pixels.height, c.size, matrix);
    cropRotatedRect(pixels, matrix, c.size, out, 0, 'replicate');
    return out;
  });
}

const maxAbs = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i]!)), 0);
const spread = (a: Float32Array) => a.reduce((m, v) => Math.max(m, v), -Infinity) - a.reduce((m, v) => Math.min(m, v), Infinity);
const result: Record<string, unknown> = { adapter };
for (const [name, pixels] of [['rgb', rgb], ['rgba', rgba]] as const) {
  const js = jsCrops(pixels);
  const onGpu = await gpuCrops(pixels);
  result[name] = { maxDifference: onGpu.map((g, i) => maxAbs(g, js[i]!)), spread: js.map(spread) };
}
console.log(JSON.stringify(result));
process.exit(0);
