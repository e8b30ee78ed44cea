import type { Detections } from './detections.ts';

function intersectionOverUnion(box: Float32Array, a: number, b: number): number {
  const xmin = Math.max(box[a * 4]!, box[b * 4]!);
  const ymin = Math.max(box[a * 4 + 1]!, box[b * 4 + 1]!);
  const xmax = Math.min(box[a * 4 + 2]!, box[b * 4 + 2]!);
  const ymax = Math.min(box[a * 4 + 3]!, box[b * 4 + 3]!);
  if (xmax <= xmin || ymax <= ymin) return 0;
  const intersection = (xmax - xmin) * (ymax - ymin);
  const areaA = (box[a * 4 + 2]! - box[a * 4]!) * (box[a * 4 + 3]! - box[a * 4 + 1]!);
  const areaB = (box[b * 4 + 2]! - box[b * 4]!) * (box[b * 4 + 3]! - box[b * 4 + 1]!);
  const union = areaA + areaB - intersection;
  return union > 0 ? intersection / union : 0;
}

/**
 * Weighted non-maximum suppression: the best remaining detection and every remaining one that
 * overlaps it by more than `minSuppressionThreshold` (IoU) become one detection, box and keypoints
 * averaged with the scores as weights, the best one's score kept; repeated until none remain or
 * `maxDetections` are out. In: `input`; `order` scratch (capacity input's). Out: `out`, best
 * first. Allocates nothing.
 * ref: mediapipe/calculators/util/non_max_suppression_calculator.cc (WeightedNonMaxSuppression,
 * overlap_type INTERSECTION_OVER_UNION)
 */
export function weightedNonMaxSuppression(
  input: Detections,
  minSuppressionThreshold: number,
  maxDetections: number,
  order: Int32Array,
  out: Detections,
): void {
  // Indices by score, best first (insertion sort: a hand gives tens of candidates, not thousands).
  let remaining = input.count;
  for (let i = 0; i < remaining; i++) {
    const score = input.score[i]!;
    let j = i - 1;
    while (j >= 0 && input.score[order[j]!]! < score) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = i;
  }
  const values = input.keypointCount * 2;
  let count = 0;
  while (remaining > 0 && count < maxDetections) {
    const best = order[0]!;
    let kept = 0;
    let total = 0;
    const boxOut = count * 4;
    const keypointsOut = count * values;
    out.box.fill(0, boxOut, boxOut + 4);
    out.keypoints.fill(0, keypointsOut, keypointsOut + values);
    for (let i = 0; i < remaining; i++) {
      const candidate = order[i]!;
      if (candidate !== best && intersectionOverUnion(input.box, best, candidate) <= minSuppressionThreshold) {
        order[kept++] = candidate; // stays for a later round, order preserved
        continue;
      }
      const weight = input.score[candidate]!;
      total += weight;
      for (let v = 0; v < 4; v++) out.box[boxOut + v] = out.box[boxOut + v]! + weight * input.box[candidate * 4 + v]!;
      for (let v = 0; v < values; v++) {
        out.keypoints[keypointsOut + v] = out.keypoints[keypointsOut + v]! + weight * input.keypoints[candidate * values + v]!;
      }
    }
    for (let v = 0; v < 4; v++) out.box[boxOut + v] = out.box[boxOut + v]! / total;
    for (let v = 0; v < values; v++) out.keypoints[keypointsOut + v] = out.keypoints[keypointsOut + v]! / total;
    out.score[count] = input.score[best]!;
    count++;
    remaining = kept;
  }
  out.count = count;
}
