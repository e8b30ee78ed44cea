import { describe, expect, it } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { HandPoint, POINT_STRIDE, X, Y } from '../../engine/src/core/landmark_layout.ts';
import { HandMotion, MOTION_WINDOW_MS } from '../../engine/src/motion/hand_motion.ts';

const PIXEL = new Float64Array([1000, 1000]);
/** Palm length (wrist -> middle knuckle) of the test hand: 0.1 of the image, 100 pixels. */
const PALM = 0.1;

/** A frame whose hand has its wrist at (x, y), its middle knuckle a palm above, its index tip two above. */
function frameAt(x: number, y: number, timestampMs: number) {
  const frame = createLandmarkFrame(1000, 1000);
  const set = (point: number, px: number, py: number) => {
    frame.rightHand[point * POINT_STRIDE + X] = px;
    frame.rightHand[point * POINT_STRIDE + Y] = py;
  };
  set(HandPoint.wrist, x, y);
  set(HandPoint.middleMcp, x, y - PALM);
  set(HandPoint.indexTip, x, y - 2 * PALM);
  frame.timestampMs = timestampMs;
  return frame;
}

/** The speeds HandMotion reads for a hand at position(t) seen at `fps` for `seconds`. */
function speeds(fps: number, seconds: number, position: (t: number) => [number, number]): number[] {
  const motion = new HandMotion();
  const out: number[] = [];
  for (let i = 0; i <= seconds * fps; i++) {
    const t = (i * 1000) / fps;
    const frame = frameAt(...position(t), t);
    motion.push(frame, frame.rightHand, PIXEL);
    out.push(motion.speed[0]!);
  }
  return out;
}

describe('HandMotion: a hand\'s speed reads the same at any frame rate', () => {
  it('a hand moving 2 palm lengths a second in a straight line reads 2 at 8, 15, 30 and 60 frames per second', () => {
    for (const fps of [8, 15, 30, 60]) {
      const read = speeds(fps, 1, (t) => [0.2 + (2 * PALM * t) / 1000, 0.5]);
      for (const speed of read.slice(1)) expect(speed, `${fps} fps`).toBeCloseTo(2, 4);
    }
  });

  it('a hand tracing a circle (1 turn a second, radius half a palm) reads its net speed over the window, about the same at every rate', () => {
    const radius = PALM / 2;
    const circle = (t: number): [number, number] => [0.5 + radius * Math.cos((2 * Math.PI * t) / 1000), 0.5 + radius * Math.sin((2 * Math.PI * t) / 1000)];
    // The chord over MOTION_WINDOW_MS of a circle traced at 2*pi*r a second, in palm lengths a second.
    const chord = (2 * radius * Math.sin((Math.PI * MOTION_WINDOW_MS) / 1000)) / PALM / (MOTION_WINDOW_MS / 1000);
    for (const fps of [8, 15, 30, 60]) {
      const read = speeds(fps, 2, circle).slice(Math.ceil((fps * MOTION_WINDOW_MS) / 1000) + 1);
      const mean = read.reduce((a, b) => a + b, 0) / read.length;
      expect(mean / chord, `${fps} fps`).toBeGreaterThan(0.95);
      expect(mean / chord, `${fps} fps`).toBeLessThan(1.05);
    }
  });

  it('a still hand with the tracker\'s jitter reads about as slow at 30 frames per second as at 8 (a path summed frame by frame read it twice as fast)', () => {
    // A deterministic jitter of 0.5% of the image (half a pixel's worth of noise at 100 px a palm is 0.05 palm).
    let seed = 7;
    const noise = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 0.005;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const at = (fps: number) => median(speeds(fps, 4, () => [0.5 + noise(), 0.5 + noise()]).slice(fps));
    const ratio = at(30) / at(8);
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.4);
  });

  it('a time that goes back starts the history afresh: no speed from one sample', () => {
    const motion = new HandMotion();
    for (const [x, t] of [[0.2, 0], [0.3, 100], [0.4, 50]] as const) {
      const frame = frameAt(x, 0.5, t);
      motion.push(frame, frame.rightHand, PIXEL);
    }
    expect(motion.speed[0]).toBe(0);
  });
});
