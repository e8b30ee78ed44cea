import type { NormalizedRect, RectTransformation } from '../types.ts';

/**
 * Shifts (along the rect's own rotated axes), squares and scales a rect in place.
 * ref: mediapipe/calculators/util/rect_transformation_calculator.cc
 */
export function transformRect(
  rect: NormalizedRect,
  imageWidth: number,
  imageHeight: number,
  transform: RectTransformation,
): void {
  let width = rect.width;
  let height = rect.height;
  const rotation = rect.rotation;
  if (rotation === 0) {
    rect.xCenter += width * transform.shiftX;
    rect.yCenter += height * transform.shiftY;
  } else {
    const xShift =
      (imageWidth * width * transform.shiftX * Math.cos(rotation) -
        imageHeight * height * transform.shiftY * Math.sin(rotation)) /
      imageWidth;
    const yShift =
      (imageWidth * width * transform.shiftX * Math.sin(rotation) +
        imageHeight * height * transform.shiftY * Math.cos(rotation)) /
      imageHeight;
    rect.xCenter += xShift;
    rect.yCenter += yShift;
  }
  if (transform.squareLong) {
    const longSide = Math.max(width * imageWidth, height * imageHeight);
    width = longSide / imageWidth;
    height = longSide / imageHeight;
  }
  rect.width = width * transform.scaleX;
  rect.height = height * transform.scaleY;
}
