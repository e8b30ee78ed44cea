import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HandPoint, POINT_STRIDE, X, Y } from '../core/landmark_layout.ts';

export const MOTION_WINDOW_MS = 180;
/** Speeds (palm lengths per second) are offset by this before precise mode's log: the tracker's jitter. */
export const MOTION_SPEED_OFFSET = 0.6;
/** A gap longer than this between frames starts the motion history afresh. */
export const MOTION_MAX_GAP_MS = 500;
const HISTORY = 16;

/**
 * A short history of one hand's wrist and index tip, in pixels, and its speed over the last
 * MOTION_WINDOW_MS in palm lengths per second (the mean of the two points' net displacements):
 * precise mode's motion feature, and the handshape judge's test of a held or a moving sign. A time
 * that goes back, or jumps more than MOTION_MAX_GAP_MS, starts the history afresh. Values
 * travel through typed arrays and fields, not through double arguments or return values, which
 * V8 may box (allocate) when a call is not inlined.
 */
export class HandMotion {
  private readonly t = new Float64Array(HISTORY);
  private readonly p = new Float64Array(HISTORY * 4);
  private count = 0;
  private head = 0;
  /** The speed that push() measured, palm lengths per second. */
  readonly speed = new Float64Array(1);

  reset(): void {
    this.count = 0;
    this.head = 0;
  }

  /**
   * Adds this frame's sample of `hand` (measured on `pixel` = [width, height]) and sets `speed`
   * over the last window. `palmPixels`: the hand's palm length in pixels to measure the speed
   * in (the handshape judge passes its 3-D one); absent or 0, the palm's length in the image.
   */
  push(landmarks: LandmarkFrame, hand: Float32Array, pixel: Float64Array, palmPixels = 0): void {
    const timeMs = landmarks.timestampMs;
    const width = pixel[0]!;
    const height = pixel[1]!;
    if (this.count > 0) {
      const last = this.t[(this.head + HISTORY - 1) % HISTORY]!;
      if (!(timeMs > last) || timeMs - last > MOTION_MAX_GAP_MS) this.reset();
    }
    const w = HandPoint.wrist * POINT_STRIDE;
    const i = HandPoint.indexTip * POINT_STRIDE;
    const m = HandPoint.middleMcp * POINT_STRIDE;
    const slot = this.head;
    this.t[slot] = timeMs;
    this.p[slot * 4] = hand[w + X]! * width;
    this.p[slot * 4 + 1] = hand[w + Y]! * height;
    this.p[slot * 4 + 2] = hand[i + X]! * width;
    this.p[slot * 4 + 3] = hand[i + Y]! * height;
    const ux = hand[m + X]! * width - this.p[slot * 4]!;
    const uy = hand[m + Y]! * height - this.p[slot * 4 + 1]!;
    const palmLength = palmPixels > 0 ? palmPixels : Math.sqrt(ux * ux + uy * uy);
    this.head = (this.head + 1) % HISTORY;
    if (this.count < HISTORY) this.count++;
    // The net displacement over exactly the last MOTION_WINDOW_MS, the position at its start
    // interpolated between the two samples around it: the same reading at 8 judged frames per
    // second as at 30. A path summed frame by frame would grow with the frame rate (at 30 it adds
    // up the tracker's jitter five times over, at 8 it cuts a curve's corners): a still hand read
    // about twice as fast at 30 as at 8 (A's recording: median 0.29 against 0.14 palm lengths a
    // second), a traced J a quarter to a half slower at 8. Now A reads 0.11 at 8, 15 and 30.
    const windowStart = timeMs - MOTION_WINDOW_MS;
    let from = slot;
    let startMs = timeMs;
    let wx = this.p[slot * 4]!;
    let wy = this.p[slot * 4 + 1]!;
    let ix = this.p[slot * 4 + 2]!;
    let iy = this.p[slot * 4 + 3]!;
    for (let k = 1; k < this.count; k++) {
      const s = (slot + HISTORY - k) % HISTORY;
      const t = this.t[s]!;
      if (t <= windowStart) {
        // Interpolate between sample s (at or before the window's start) and `from` (after it).
        const f = (windowStart - t) / (startMs - t);
        wx = this.p[s * 4]! + f * (this.p[from * 4]! - this.p[s * 4]!);
        wy = this.p[s * 4 + 1]! + f * (this.p[from * 4 + 1]! - this.p[s * 4 + 1]!);
        ix = this.p[s * 4 + 2]! + f * (this.p[from * 4 + 2]! - this.p[s * 4 + 2]!);
        iy = this.p[s * 4 + 3]! + f * (this.p[from * 4 + 3]! - this.p[s * 4 + 3]!);
        startMs = windowStart;
        break;
      }
      from = s;
      startMs = t;
      wx = this.p[s * 4]!;
      wy = this.p[s * 4 + 1]!;
      ix = this.p[s * 4 + 2]!;
      iy = this.p[s * 4 + 3]!;
    }
    const dwx = this.p[slot * 4]! - wx;
    const dwy = this.p[slot * 4 + 1]! - wy;
    const dix = this.p[slot * 4 + 2]! - ix;
    const diy = this.p[slot * 4 + 3]! - iy;
    const distance = (Math.sqrt(dwx * dwx + dwy * dwy) + Math.sqrt(dix * dix + diy * diy)) / 2;
    const seconds = (timeMs - startMs) / 1000;
    this.speed[0] = seconds > 0 && palmLength > 0 ? distance / palmLength / seconds : 0;
  }
}

