import { HAND_POINT_COUNT } from '../core/landmark_layout.ts';
import { MANUAL_ALPHABET } from '../handshape/manual_alphabet.ts';
import { referenceSlice } from '../practice/reference_slice.ts';
import { RECORDING_FPS } from '../recordings/landmark_source.ts';
import type { AlphabetRecording } from '../recordings/alphabet_recording_schema.ts';

// ref: none (the app's 3-D hand guide; the GIF guide is render_guide_gif.ts)

/** What the app's 3-D hand guide draws for one letter, taken from its recording. */
export interface HandGuideFrames {
  sign: string;
  movement: 'held' | 'moving';
  /** Frames per second at which `frames` play (a held letter's one frame is shown still). */
  fps: number;
  /** The recording's frame each entry of `frames` comes from. */
  sourceFrames: number[];
  /** 21 x, y, z per frame as recorded (selfie view, x and y normalised to the image), rounded. */
  frames: number[][];
}

/** A moving letter keeps every STRIDE-th frame of its slice: half the recording's rate. */
const MOVING_STRIDE = 2;
const DECIMALS = 1e5;

/**
 * A letter's guide frames from the middle half of its recording (the reference slice of product.md §4.7 Practice flow, the
 * part the learner is judged against):
 *   - a held letter: its medoid frame, the one nearest to the slice's per-coordinate median, so
 *     the guide shows the hold itself, not a frame caught mid-adjustment;
 *   - a moving letter (J, Z): every second frame of the slice as recorded (the guide shows the
 *     recording, not a smoothed version of it), played at half the recording's rate (the
 *     tracing is read more easily slowed down).
 */
export function handGuideFrames(sign: string, recording: AlphabetRecording): HandGuideFrames {
  const slice = new Int32Array(2);
  referenceSlice(recording.frames.length, slice);
  const indices = Array.from({ length: slice[1]! }, (_, i) => slice[0]! + i);
  const values = HAND_POINT_COUNT * 3;
  const round = (v: number) => Math.round(v * DECIMALS) / DECIMALS;
  if (MANUAL_ALPHABET[sign]?.movement === 'moving') {
    const kept = indices.filter((_, i) => i % MOVING_STRIDE === 0);
    const frames = kept.map((index) => recording.frames[index]!.map(round));
    return { sign, movement: 'moving', fps: RECORDING_FPS / MOVING_STRIDE, sourceFrames: kept, frames };
  }
  const median = Array.from({ length: values }, (_, v) => {
    const sorted = indices.map((i) => recording.frames[i]![v]!).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  });
  let best = indices[0]!;
  let bestDistance = Infinity;
  for (const i of indices) {
    const frame = recording.frames[i]!;
    let distance = 0;
    for (let v = 0; v < values; v++) distance += (frame[v]! - median[v]!) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return { sign, movement: 'held', fps: RECORDING_FPS, sourceFrames: [best], frames: [recording.frames[best]!.map(round)] };
}
