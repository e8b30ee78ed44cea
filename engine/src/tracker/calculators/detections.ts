/**
 * Detections of one detector run, struct-of-arrays and allocated once (MediaPipe's Detection
 * protos: a relative bounding box, a score, keypoints). Box i is box[4i .. 4i+3] = xmin, ymin,
 * xmax, ymax; keypoint k of detection i is keypoints[(i * keypointCount + k) * 2 ..] = x, y; all
 * normalised to the image they were found in.
 */
export interface Detections {
  count: number;
  readonly keypointCount: number;
  readonly score: Float32Array;
  readonly box: Float32Array;
  readonly keypoints: Float32Array;
}

export function createDetections(capacity: number, keypointCount: number): Detections {
  return {
    count: 0,
    keypointCount,
    score: new Float32Array(capacity),
    box: new Float32Array(capacity * 4),
    keypoints: new Float32Array(capacity * keypointCount * 2),
  };
}
