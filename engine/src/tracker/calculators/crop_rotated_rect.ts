import type { PixelFrame } from '../types.ts';

/**
 * What a crop reads outside the image: 'replicate' the nearest edge pixel (MediaPipe's default,
 * BORDER_UNSPECIFIED, which its pose landmark, hand landmark and hand re-crop graphs use), or
 * 'zero' (black; MediaPipe's pose detector asks for it).
 */
export type CropBorder = 'zero' | 'replicate';

/**
 * Samples a square `cropSize` x `cropSize` RGB crop out of `pixels` with the transform of
 * handCropTransform (out[u, v] reads the input at (a0 u + a1 v + a2, b0 u + b1 v + b2)), bilinear,
 * scaled to 0..1: a landmark model's input. Outside the image it reads `border`. Writes
 * out[outOffset .. outOffset + cropSize * cropSize * 3). Allocates nothing.
 *
 * The same sampling as tf.image.transform(image, matrix, 'bilinear', fill, 0) followed by a
 * division by 255, fill 'constant' for 'zero' and 'nearest' for 'replicate' (tests compare them),
 * done in JS on the frame's bytes: on WASM that saves the float frame's round trip through two
 * transform kernels, a concat and a division.
 *
 * A rect that reaches past the frame (a hand at the edge, the body's rect when the hips are out of
 * frame) is where the border matters: with black there the models see an edge that MediaPipe's
 * never showed them.
 *
 * ref: mediapipe/calculators/tensor/image_to_tensor_calculator.cc and image_to_tensor_utils.cc
 * (rotated rect to tensor, values in 0..1; GetBorderMode: unspecified -> kReplicate).
 */
export function cropRotatedRect(
  pixels: PixelFrame,
  matrix: Float32Array,
  cropSize: number,
  out: Float32Array,
  outOffset: number,
  border: CropBorder,
): void {
  const read = border === 'zero' ? readOrZero : readClamped;
  const data = pixels.data;
  const width = pixels.width;
  const height = pixels.height;
  const stride = pixels.channels;
  const rowStride = width * stride;
  const a0 = matrix[0]!;
  const a1 = matrix[1]!;
  const a2 = matrix[2]!;
  const b0 = matrix[3]!;
  const b1 = matrix[4]!;
  const b2 = matrix[5]!;
  const scale = 1 / 255;
  let o = outOffset;
  for (let v = 0; v < cropSize; v++) {
    let x = a1 * v + a2;
    let y = b1 * v + b2;
    for (let u = 0; u < cropSize; u++, o += 3, x += a0, y += b0) {
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
        // All four neighbours inside: the common case.
        const i00 = y0 * rowStride + x0 * stride;
        const i01 = i00 + stride;
        const i10 = i00 + rowStride;
        const i11 = i10 + stride;
        const w00 = (1 - fx) * (1 - fy) * scale;
        const w01 = fx * (1 - fy) * scale;
        const w10 = (1 - fx) * fy * scale;
        const w11 = fx * fy * scale;
        out[o] = data[i00]! * w00 + data[i01]! * w01 + data[i10]! * w10 + data[i11]! * w11;
        out[o + 1] = data[i00 + 1]! * w00 + data[i01 + 1]! * w01 + data[i10 + 1]! * w10 + data[i11 + 1]! * w11;
        out[o + 2] = data[i00 + 2]! * w00 + data[i01 + 2]! * w01 + data[i10 + 2]! * w10 + data[i11 + 2]! * w11;
        continue;
      }
      // At the border each neighbour outside the image reads 0 (tf.image.transform's constant
      // fill) or the nearest edge pixel (its 'nearest' fill, OpenGL's CLAMP_TO_EDGE).
      for (let c = 0; c < 3; c++) {
        const top = (1 - fx) * read(pixels, x0, y0, c) + fx * read(pixels, x0 + 1, y0, c);
        const bottom = (1 - fx) * read(pixels, x0, y0 + 1, c) + fx * read(pixels, x0 + 1, y0 + 1, c);
        out[o + c] = ((1 - fy) * top + fy * bottom) * scale;
      }
    }
  }
}

function readOrZero(pixels: PixelFrame, x: number, y: number, channel: number): number {
  if (x < 0 || y < 0 || x >= pixels.width || y >= pixels.height) return 0;
  return pixels.data[(y * pixels.width + x) * pixels.channels + channel]!;
}

function readClamped(pixels: PixelFrame, x: number, y: number, channel: number): number {
  const cx = x < 0 ? 0 : x >= pixels.width ? pixels.width - 1 : x;
  const cy = y < 0 ? 0 : y >= pixels.height ? pixels.height - 1 : y;
  return pixels.data[(cy * pixels.width + cx) * pixels.channels + channel]!;
}
