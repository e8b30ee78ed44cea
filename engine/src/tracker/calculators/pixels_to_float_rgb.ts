import type { PixelFrame } from '../types.ts';

/**
 * The frame as float RGB, 0..255, row-major [height, width, 3], into `out` (at least width *
 * height * 3 long): what the pose model's own preprocessing takes. One pass in JS instead of
 * tf.browser.fromPixels, which in a worker reads the frame back through a canvas made without
 * `willReadFrequently`, copies it into a new Int32Array every frame and needs a cast after it.
 *
 * ref: mediapipe/calculators/tensor/image_to_tensor_calculator.cc (the frame as a float tensor;
 * pose-detection does the crop, resize and normalisation itself).
 */
export function pixelsToFloatRgb(pixels: PixelFrame, out: Float32Array): void {
  const data = pixels.data;
  const stride = pixels.channels;
  const end = pixels.width * pixels.height * stride;
  for (let i = 0, o = 0; i < end; i += stride, o += 3) {
    out[o] = data[i]!;
    out[o + 1] = data[i + 1]!;
    out[o + 2] = data[i + 2]!;
  }
}
