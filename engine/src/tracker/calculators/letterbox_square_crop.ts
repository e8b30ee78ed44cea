import type { NormalizedRect } from '../types.ts';

/** Letterbox padding of a crop, as fractions of the model input (MediaPipe's LETTERBOX_PADDING). */
export interface LetterboxPadding {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * keep_aspect_ratio for a square model input: `crop` becomes `rect` grown along its short side (in
 * pixels) until square, and the padding says how much of the input that growth takes on each
 * side, so that landmarks can be mapped back (remove_landmark_letterbox). The rects BlazePose
 * makes are square already (square_long), so the padding is 0 but for rounding; the step is kept
 * so that any rect gives MediaPipe's result.
 * ref: mediapipe/calculators/tensor/image_to_tensor_utils.cc (PadRoi)
 */
export function letterboxSquareCrop(
  rect: NormalizedRect,
  imageWidth: number,
  imageHeight: number,
  crop: NormalizedRect,
  padding: LetterboxPadding,
): void {
  const width = rect.width * imageWidth;
  const height = rect.height * imageHeight;
  crop.xCenter = rect.xCenter;
  crop.yCenter = rect.yCenter;
  crop.rotation = rect.rotation;
  padding.left = padding.top = padding.right = padding.bottom = 0;
  if (width <= 0 || height <= 0) {
    crop.width = rect.width;
    crop.height = rect.height;
    return;
  }
  const side = Math.max(width, height);
  crop.width = side / imageWidth;
  crop.height = side / imageHeight;
  if (height < width) padding.top = padding.bottom = (1 - height / width) / 2;
  else padding.left = padding.right = (1 - width / height) / 2;
}
