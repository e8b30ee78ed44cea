import type { NormalizedRect } from '../types.ts';

/**
 * The projective transform that `tf.image.transform` needs to sample a rotated rect of the image
 * into a square crop: for each output pixel (u, v) the input pixel it reads. In: rect, image size,
 * crop size. Out: `out[0..7]` (a0 a1 a2 b0 b1 b2 c0 c1, c0 = c1 = 0).
 * ref: mediapipe/calculators/tensor/image_to_tensor_utils.cc (GetRotatedSubRectToRectTransformMatrix)
 */
export function handCropTransform(
  rect: NormalizedRect,
  imageWidth: number,
  imageHeight: number,
  cropSize: number,
  out: Float32Array,
): void {
  const boxWidth = rect.width * imageWidth;
  const boxHeight = rect.height * imageHeight;
  const cos = Math.cos(rect.rotation);
  const sin = Math.sin(rect.rotation);
  // Crop pixel u has its centre at (u + 0.5) / cropSize - 0.5 of the rect's side; input pixel
  // index = position - 0.5.
  const offset = 0.5 / cropSize - 0.5;
  const a0 = (cos * boxWidth) / cropSize;
  const a1 = (-sin * boxHeight) / cropSize;
  const b0 = (sin * boxWidth) / cropSize;
  const b1 = (cos * boxHeight) / cropSize;
  out[0] = a0;
  out[1] = a1;
  out[2] = rect.xCenter * imageWidth - 0.5 + cos * boxWidth * offset - sin * boxHeight * offset;
  out[3] = b0;
  out[4] = b1;
  out[5] = rect.yCenter * imageHeight - 0.5 + sin * boxWidth * offset + cos * boxHeight * offset;
  out[6] = 0;
  out[7] = 0;
}
