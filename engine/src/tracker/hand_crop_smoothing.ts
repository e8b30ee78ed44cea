import { HAND_POINT_COUNT, POINT_STRIDE, X, Y } from '../core/landmark_layout.ts';
import { ONE_EURO_STATE_LENGTH, oneEuroStep } from './calculators/one_euro_step.ts';
import { HAND_CROP_SMOOTHING } from './constants.ts';

/**
 * One hand's landmarks as its next crop is taken from them in video: each point's x and y
 * smoothed by a one-euro filter (HAND_CROP_SMOOTHING), speeds measured in the hand's own size (the
 * mean of its box's width and height, as MediaPipe's LandmarksSmoothingCalculator scales them).
 * Allocated once per side; nothing here allocates per frame.
 * ref: mediapipe/calculators/util/landmarks_smoothing_calculator.cc (one-euro filter per landmark)
 */
export class HandCropSmoothing {
  /** The smoothed landmarks (frame coordinates, engine layout; only x and y are smoothed). */
  readonly hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  private readonly state = new Float64Array(HAND_POINT_COUNT * 2 * ONE_EURO_STATE_LENGTH);
  /** The last smoothed frame's time (ms); null: the next hand starts the filter afresh. */
  private lastMs: number | null = null;

  /**
   * Smooths `raw` (frame coordinates) seen at `timestampMs` into `hand`. A time not after the last
   * one leaves the filter as it is and copies `raw` (as MediaPipe's filter does).
   */
  apply(raw: Float32Array, timestampMs: number, imageWidth: number, imageHeight: number): Float32Array {
    const out = this.hand;
    out.set(raw);
    if (this.lastMs !== null && timestampMs <= this.lastMs) return out;
    const seconds = this.lastMs === null ? 0 : (timestampMs - this.lastMs) / 1000;
    this.lastMs = timestampMs;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let p = 0; p < HAND_POINT_COUNT; p++) {
      const x = raw[p * POINT_STRIDE + X]! * imageWidth;
      const y = raw[p * POINT_STRIDE + Y]! * imageHeight;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const size = (maxX - minX + maxY - minY) / 2;
    if (!(size > 1e-6)) {
      this.lastMs = null;
      return out;
    }
    const scale = 1 / size;
    const state = this.state;
    for (let p = 0; p < HAND_POINT_COUNT; p++) {
      const at = p * 2 * ONE_EURO_STATE_LENGTH;
      const x = oneEuroStep(state, at, raw[p * POINT_STRIDE + X]! * imageWidth, seconds, scale, HAND_CROP_SMOOTHING);
      const y = oneEuroStep(state, at + ONE_EURO_STATE_LENGTH, raw[p * POINT_STRIDE + Y]! * imageHeight, seconds, scale, HAND_CROP_SMOOTHING);
      out[p * POINT_STRIDE + X] = x / imageWidth;
      out[p * POINT_STRIDE + Y] = y / imageHeight;
    }
    return out;
  }

  /** Forgets the hand: the next landmarks start the filter. */
  reset(): void {
    this.lastMs = null;
  }
}
