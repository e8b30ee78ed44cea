import { HandPoint, POINT_STRIDE, X, Y } from '../../core/landmark_layout.ts';
import type { NormalizedRect } from '../types.ts';
import { normalizeRadians } from './normalize_radians.ts';

/** The landmarks that move least between frames (not the finger tips). */
const STABLE_POINTS = [0, 1, 2, 3, 5, 6, 9, 10, 13, 14, 17, 18];

/**
 * Hand rect (before enlargement) from the previous frame's hand landmarks: rotation from the wrist
 * towards the middle of the index, middle and ring bases, and the tightest box around the stable
 * landmarks in that rotated frame. In: hand landmarks (engine layout, normalised), image size.
 * Out: `out`.
 * ref: mediapipe/modules/hand_landmark/calculators/hand_landmarks_to_rect_calculator.cc
 */
export function handRectFromLandmarks(
  hand: Float32Array,
  imageWidth: number,
  imageHeight: number,
  out: NormalizedRect,
): void {
  const px = (point: number) => hand[point * POINT_STRIDE + X]! * imageWidth;
  const py = (point: number) => hand[point * POINT_STRIDE + Y]! * imageHeight;
  const x0 = px(HandPoint.wrist);
  const y0 = py(HandPoint.wrist);
  let x1 = (px(HandPoint.indexMcp) + px(HandPoint.ringMcp)) / 2;
  let y1 = (py(HandPoint.indexMcp) + py(HandPoint.ringMcp)) / 2;
  x1 = (x1 + px(HandPoint.middleMcp)) / 2;
  y1 = (y1 + py(HandPoint.middleMcp)) / 2;
  const rotation = normalizeRadians(Math.PI / 2 - Math.atan2(-(y1 - y0), x1 - x0));
  const reverse = -rotation;

  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const point of STABLE_POINTS) {
    const x = px(point);
    const y = py(point);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const axisCenterX = (maxX + minX) / 2;
  const axisCenterY = (maxY + minY) / 2;

  const cos = Math.cos(reverse);
  const sin = Math.sin(reverse);
  let minRX = Infinity;
  let maxRX = -Infinity;
  let minRY = Infinity;
  let maxRY = -Infinity;
  for (const point of STABLE_POINTS) {
    const x = px(point) - axisCenterX;
    const y = py(point) - axisCenterY;
    const rx = x * cos - y * sin;
    const ry = x * sin + y * cos;
    if (rx < minRX) minRX = rx;
    if (rx > maxRX) maxRX = rx;
    if (ry < minRY) minRY = ry;
    if (ry > maxRY) maxRY = ry;
  }
  const projectedCenterX = (maxRX + minRX) / 2;
  const projectedCenterY = (maxRY + minRY) / 2;
  const cosR = Math.cos(rotation);
  const sinR = Math.sin(rotation);
  out.xCenter = (projectedCenterX * cosR - projectedCenterY * sinR + axisCenterX) / imageWidth;
  out.yCenter = (projectedCenterX * sinR + projectedCenterY * cosR + axisCenterY) / imageHeight;
  out.width = (maxRX - minRX) / imageWidth;
  out.height = (maxRY - minRY) / imageHeight;
  out.rotation = rotation;
}
