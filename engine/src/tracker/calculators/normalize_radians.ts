/**
 * Wraps an angle in radians into [-pi, pi).
 * ref: mediapipe/calculators/util/detections_to_rects_calculator.cc (NormalizeRadians)
 */
export function normalizeRadians(angle: number): number {
  return angle - 2 * Math.PI * Math.floor((angle + Math.PI) / (2 * Math.PI));
}
