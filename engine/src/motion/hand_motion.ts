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
 * MOTION_WINDOW_MS in palm lengths per second: precise mode's motion feature, and the handshape
 * judge's test of a held or a moving sign. A time that goes back, or jumps more than
 * MOTION_MAX_GAP_MS, starts the history afresh. Values
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
    let path = 0;
    let oldest = timeMs;
    let next = slot;
    for (let k = 1; k < this.count; k++) {
      const s = (slot + HISTORY - k) % HISTORY;
      if (timeMs - this.t[s]! > MOTION_WINDOW_MS + 1) break;
      const dwx = this.p[next * 4]! - this.p[s * 4]!;
      const dwy = this.p[next * 4 + 1]! - this.p[s * 4 + 1]!;
      const dix = this.p[next * 4 + 2]! - this.p[s * 4 + 2]!;
      const diy = this.p[next * 4 + 3]! - this.p[s * 4 + 3]!;
      path += (Math.sqrt(dwx * dwx + dwy * dwy) + Math.sqrt(dix * dix + diy * diy)) / 2;
      oldest = this.t[s]!;
      next = s;
    }
    const seconds = (timeMs - oldest) / 1000;
    this.speed[0] = seconds > 0 && palmLength > 0 ? path / palmLength / seconds : 0;
  }
}

