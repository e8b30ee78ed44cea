// The tracker's own frame preprocessing (engine/src/tracker/calculators): the hand crop sampled in
// JS must read exactly what tf.image.transform + division by 255 read (the hand model was used
// with that before), and the float frame must be the bytes as floats.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { beforeAll, describe, expect, it } from 'vitest';
import { cropRotatedRect } from '../../engine/src/tracker/calculators/crop_rotated_rect.ts';
import { handCropTransform } from '../../engine/src/tracker/calculators/hand_crop_transform.ts';
import { pixelsToFloatRgb } from '../../engine/src/tracker/calculators/pixels_to_float_rgb.ts';
import { createNormalizedRect, type PixelFrame } from '../../engine/src/tracker/types.ts';

const W = 96;
const H = 64;
const CROP = 24;

beforeAll(async () => {
  await tf.setBackend('cpu');
});

function noiseFrame(channels: 3 | 4): PixelFrame {
  const data = new Uint8Array(W * H * channels);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = seed >>> 24;
  }
  return { data, width: W, height: H, channels };
}

/** The frame's RGB as a float tensor, dropping alpha. */
function rgbTensor(pixels: PixelFrame): tf.Tensor3D {
  const values = new Float32Array(W * H * 3);
  pixelsToFloatRgb(pixels, values);
  return tf.tensor3d(values, [H, W, 3]);
}

function viaTfTransform(pixels: PixelFrame, matrix: Float32Array, fill: 'constant' | 'nearest'): Float32Array {
  return tf.tidy(() => {
    const image = tf.expandDims(rgbTensor(pixels), 0) as tf.Tensor4D;
    const crop = tf.image.transform(image, tf.tensor2d(matrix, [1, 8]), 'bilinear', fill, 0, [CROP, CROP]);
    return tf.div(crop, 255).dataSync() as Float32Array;
  });
}

describe('pixelsToFloatRgb', () => {
  it('copies R, G and B of every pixel as floats, for RGB and RGBA bytes', () => {
    for (const channels of [3, 4] as const) {
      const pixels = noiseFrame(channels);
      const out = new Float32Array(W * H * 3);
      pixelsToFloatRgb(pixels, out);
      for (const p of [0, 1, W * H - 1, 1234]) {
        for (let c = 0; c < 3; c++) expect(out[p * 3 + c]).toBe(pixels.data[p * channels + c]);
      }
    }
  });
});

describe('cropRotatedRect', () => {
  const cases = [
    { name: 'inside, upright', rect: { xCenter: 0.5, yCenter: 0.5, width: 0.3, height: 0.45, rotation: 0 } },
    { name: 'inside, rotated', rect: { xCenter: 0.45, yCenter: 0.55, width: 0.35, height: 0.5, rotation: 0.7 } },
    { name: 'over the top-left corner', rect: { xCenter: 0.05, yCenter: 0.1, width: 0.4, height: 0.6, rotation: -0.4 } },
    { name: 'past the bottom-right edge', rect: { xCenter: 0.95, yCenter: 0.9, width: 0.5, height: 0.7, rotation: 2.5 } },
    { name: 'zoomed in (upsampled)', rect: { xCenter: 0.3, yCenter: 0.6, width: 0.05, height: 0.075, rotation: 1.1 } },
  ];
  const borders = [
    { border: 'zero', fill: 'constant' },
    { border: 'replicate', fill: 'nearest' },
  ] as const;
  for (const { name, rect } of cases) for (const { border, fill } of borders) {
    it(`border ${border}: reads what tf.image.transform (bilinear, ${fill}) / 255 reads: ${name}`, () => {
      const matrix = new Float32Array(8);
      handCropTransform(Object.assign(createNormalizedRect(), rect), W, H, CROP, matrix);
      for (const channels of [3, 4] as const) {
        const pixels = noiseFrame(channels);
        const ours = new Float32Array(CROP * CROP * 3 + 5).fill(-1);
        cropRotatedRect(pixels, matrix, CROP, ours, 5, border);
        const expected = viaTfTransform(pixels, matrix, fill);
        let worst = 0;
        for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(ours[5 + i]! - expected[i]!));
        expect(worst).toBeLessThan(1e-4);
        expect(Array.from(ours.subarray(0, 5))).toEqual([-1, -1, -1, -1, -1]);
      }
    });
  }

  it('replicate reads the edge pixel past the edge, zero reads black', () => {
    // A rect twice the frame's size, centred: its outer ring lies outside the frame.
    const matrix = new Float32Array(8);
    handCropTransform(Object.assign(createNormalizedRect(), { xCenter: 0.5, yCenter: 0.5, width: 2, height: 2, rotation: 0 }), W, H, CROP, matrix);
    const pixels = noiseFrame(3);
    const zero = new Float32Array(CROP * CROP * 3);
    const replicate = new Float32Array(CROP * CROP * 3);
    cropRotatedRect(pixels, matrix, CROP, zero, 0, 'zero');
    cropRotatedRect(pixels, matrix, CROP, replicate, 0, 'replicate');
    // The crop's top-left pixel lies far outside: black, or the frame's top-left pixel.
    expect(Array.from(zero.subarray(0, 3))).toEqual([0, 0, 0]);
    for (let c = 0; c < 3; c++) expect(replicate[c]).toBeCloseTo(pixels.data[c]! / 255, 5);
  });
});
