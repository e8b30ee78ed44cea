import { ANCHOR_STRIDE } from './ssd_anchors.ts';
import type { Detections } from './detections.ts';

/** The options of MediaPipe's TensorsToDetectionsCalculator that a detector's graph sets. */
export interface DetectionDecodeOptions {
  numBoxes: number;
  /** Box (4) and keypoint values per anchor. */
  numCoords: number;
  boxCoordOffset: number;
  keypointCoordOffset: number;
  numKeypoints: number;
  /** Box values are x, y, w, h (true) or y, x, h, w. */
  reverseOutputOrder: boolean;
  xScale: number;
  yScale: number;
  wScale: number;
  hScale: number;
  scoreClippingThresh: number;
  minScoreThresh: number;
}

/**
 * One detector output decoded against its anchors: each anchor whose score (sigmoid of the
 * clipped logit) reaches the threshold becomes a detection with its box and keypoints, offsets
 * scaled by the input size and added to the anchor's centre. In: `raw`, per anchor the score logit
 * at `scoreIndex` and the coords from `coordsIndex` (`stride` floats per anchor: the palm model
 * concatenates its classificator and regressor outputs, score first). Out: `out` (count set;
 * capacity numBoxes). Allocates nothing.
 * ref: mediapipe/calculators/tflite/tflite_tensors_to_detections_calculator.cc (DecodeBoxes, ConvertToDetections)
 */
export function tensorsToDetections(
  raw: Float32Array,
  layout: { stride: number; scoreIndex: number; coordsIndex: number },
  anchors: Float32Array,
  options: DetectionDecodeOptions,
  out: Detections,
): void {
  const { stride, scoreIndex, coordsIndex } = layout;
  const clip = options.scoreClippingThresh;
  // sigmoid(logit) >= t  <=>  logit >= log(t / (1 - t)): the sigmoid is taken only for kept boxes.
  const minLogit = Math.log(options.minScoreThresh / (1 - options.minScoreThresh));
  const keypointValues = out.keypointCount * 2;
  let count = 0;
  for (let i = 0; i < options.numBoxes; i++) {
    const base = i * stride;
    let logit = raw[base + scoreIndex]!;
    if (logit < -clip) logit = -clip;
    else if (logit > clip) logit = clip;
    if (logit < minLogit) continue;
    const anchorX = anchors[i * ANCHOR_STRIDE]!;
    const anchorY = anchors[i * ANCHOR_STRIDE + 1]!;
    const anchorW = anchors[i * ANCHOR_STRIDE + 2]!;
    const anchorH = anchors[i * ANCHOR_STRIDE + 3]!;
    const box = base + coordsIndex + options.boxCoordOffset;
    const rawX = options.reverseOutputOrder ? raw[box]! : raw[box + 1]!;
    const rawY = options.reverseOutputOrder ? raw[box + 1]! : raw[box]!;
    const rawW = options.reverseOutputOrder ? raw[box + 2]! : raw[box + 3]!;
    const rawH = options.reverseOutputOrder ? raw[box + 3]! : raw[box + 2]!;
    const xCenter = (rawX / options.xScale) * anchorW + anchorX;
    const yCenter = (rawY / options.yScale) * anchorH + anchorY;
    const w = (rawW / options.wScale) * anchorW;
    const h = (rawH / options.hScale) * anchorH;
    out.score[count] = 1 / (1 + Math.exp(-logit));
    out.box[count * 4] = xCenter - w / 2;
    out.box[count * 4 + 1] = yCenter - h / 2;
    out.box[count * 4 + 2] = xCenter + w / 2;
    out.box[count * 4 + 3] = yCenter + h / 2;
    const keypoints = base + coordsIndex + options.keypointCoordOffset;
    for (let k = 0; k < options.numKeypoints; k++) {
      const rawKx = options.reverseOutputOrder ? raw[keypoints + 2 * k]! : raw[keypoints + 2 * k + 1]!;
      const rawKy = options.reverseOutputOrder ? raw[keypoints + 2 * k + 1]! : raw[keypoints + 2 * k]!;
      out.keypoints[count * keypointValues + 2 * k] = (rawKx / options.xScale) * anchorW + anchorX;
      out.keypoints[count * keypointValues + 2 * k + 1] = (rawKy / options.yScale) * anchorH + anchorY;
    }
    count++;
  }
  out.count = count;
}
