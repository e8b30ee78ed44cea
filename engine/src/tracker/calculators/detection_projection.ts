import type { NormalizedRect } from '../types.ts';
import type { Detections } from './detections.ts';

/**
 * Detections found in a crop (normalised to the crop) projected onto the image the crop was
 * taken from: keypoints through the crop's rotated rect, each box as the bounding box of its four
 * projected corners. With an upright letterboxed crop of the whole frame this is
 * DetectionLetterboxRemoval; with a turned crop it maps the turn back, so the rects drawn from
 * the keypoints come out turned the right way. In place.
 * ref: mediapipe/calculators/util/detection_projection_calculator.cc (as used after
 * mediapipe/modules/palm_detection/palm_detection_cpu.pbtxt's ImageToTensor)
 */
export function detectionProjection(detections: Detections, crop: NormalizedRect, imageWidth: number, imageHeight: number): void {
  const cos = Math.cos(crop.rotation);
  const sin = Math.sin(crop.rotation);
  // Crop axes in normalised image units.
  const ux = (crop.width * imageWidth * cos) / imageWidth;
  const uy = (crop.width * imageWidth * sin) / imageHeight;
  const vx = (-crop.height * imageHeight * sin) / imageWidth;
  const vy = (crop.height * imageHeight * cos) / imageHeight;
  const projectX = (u: number, v: number) => crop.xCenter + (u - 0.5) * ux + (v - 0.5) * vx;
  const projectY = (u: number, v: number) => crop.yCenter + (u - 0.5) * uy + (v - 0.5) * vy;
  const values = detections.keypointCount * 2;
  for (let i = 0; i < detections.count; i++) {
    const box = i * 4;
    const x0 = detections.box[box]!;
    const y0 = detections.box[box + 1]!;
    const x1 = detections.box[box + 2]!;
    const y1 = detections.box[box + 3]!;
    let xmin = Infinity;
    let ymin = Infinity;
    let xmax = -Infinity;
    let ymax = -Infinity;
    for (let corner = 0; corner < 4; corner++) {
      const u = corner & 1 ? x1 : x0;
      const v = corner & 2 ? y1 : y0;
      const x = projectX(u, v);
      const y = projectY(u, v);
      if (x < xmin) xmin = x;
      if (x > xmax) xmax = x;
      if (y < ymin) ymin = y;
      if (y > ymax) ymax = y;
    }
    detections.box[box] = xmin;
    detections.box[box + 1] = ymin;
    detections.box[box + 2] = xmax;
    detections.box[box + 3] = ymax;
    for (let v = 0; v < values; v += 2) {
      const u = detections.keypoints[i * values + v]!;
      const w = detections.keypoints[i * values + v + 1]!;
      detections.keypoints[i * values + v] = projectX(u, w);
      detections.keypoints[i * values + v + 1] = projectY(u, w);
    }
  }
}
