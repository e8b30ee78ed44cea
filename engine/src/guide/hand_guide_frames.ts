import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, SCORE, X, Y, Z } from '../core/landmark_layout.ts';
import { estimateDepthScale } from '../handshape/estimate_depth_scale.ts';
import { MANUAL_ALPHABET, type Movement } from '../handshape/manual_alphabet.ts';
import { referenceSlice } from '../practice/reference_slice.ts';
import type { AlphabetSource } from '../recordings/build_alphabet_references.ts';
import { RECORDING_FPS } from '../recordings/landmark_source.ts';
import { ALPHABET_ASSUMED_HEIGHT, ALPHABET_ASSUMED_WIDTH, type AlphabetRecording } from '../recordings/alphabet_recording_schema.ts';

// ref: none (the app's 3-D hand guide; the GIF guide is render_guide_gif.ts)

/** What the app's 3-D hand guide draws for one letter, taken from its recording. */
export interface HandGuideFrames {
  sign: string;
  movement: Movement;
  /** Frames per second at which `frames` play (a held letter's one frame is shown still). */
  fps: number;
  /** The recording's frame each entry of `frames` comes from (the letter span's, for a lexicon letter). */
  sourceFrames: number[];
  /** The recorded image's width over its height: x is a fraction of the width, y of the height. */
  aspect: number;
  /** 21 x, y, z per frame in the selfie view (mirrored, as the learner sees their own camera), x and
   * y normalised to the image, z on the scale of x with the hand's bones in proportion, rounded. */
  frames: number[][];
}

/** A moving letter keeps every STRIDE-th frame of its slice: half the recording's rate. */
const MOVING_STRIDE = 2;
const DECIMALS = 1e5;
const VALUES = HAND_POINT_COUNT * 3;

/**
 * A letter's guide frames from the middle half of its frames (the reference slice of product.md §4.7
 * Practice flow, the part the learner is judged against), `frames` being the whole recording or
 * span (63 numbers each):
 *   - a held letter: its medoid frame, the one nearest to the slice's per-coordinate median, so
 *     the guide shows the hold itself, not a frame caught mid-adjustment;
 *   - a moving letter: every second frame of the slice as recorded (the guide shows the
 *     recording, not a smoothed version of it), played at half the recording's rate (the
 *     tracing is read more easily slowed down).
 */
function guideFromFrames(sign: string, movement: Movement, fps: number, aspect: number, frames: readonly (readonly number[])[]): HandGuideFrames {
  const slice = new Int32Array(2);
  referenceSlice(frames.length, slice);
  const indices = Array.from({ length: slice[1]! }, (_, i) => slice[0]! + i);
  const round = (v: number) => Math.round(v * DECIMALS) / DECIMALS;
  if (movement === 'moving') {
    const kept = indices.filter((_, i) => i % MOVING_STRIDE === 0);
    return { sign, movement, fps: fps / MOVING_STRIDE, sourceFrames: kept, aspect, frames: kept.map((index) => frames[index]!.map(round)) };
  }
  const median = Array.from({ length: VALUES }, (_, v) => {
    const sorted = indices.map((i) => frames[i]![v]!).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  });
  let best = indices[0]!;
  let bestDistance = Infinity;
  for (const i of indices) {
    const frame = frames[i]!;
    let distance = 0;
    for (let v = 0; v < VALUES; v++) distance += (frame[v]! - median[v]!) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  }
  return { sign, movement, fps, sourceFrames: [best], aspect, frames: [frames[best]!.map(round)] };
}

/**
 * The factor by which the recorded alphabet's z must be multiplied for its hands' bones to keep
 * their proportions in 3-D: the median, over every frame whose depth says anything, of
 * handshape/estimate_depth_scale.ts's per-frame factor (on the alphabet's assumed 640 x 480 image).
 * MediaPipe Hands in Python, which recorded data/asl-alphabet, gives about half the depth its x and
 * y imply (the median is 2.0): drawn as recorded, a fist's folded fingers lie nearly in the palm's
 * plane, and turned to the side it is a flat slab.
 */
export function alphabetDepthScale(recordings: ReadonlyMap<string, AlphabetRecording>): number {
  const hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
  const factors: number[] = [];
  for (const recording of recordings.values()) {
    for (const frame of recording.frames) {
      for (let i = 0; i < HAND_POINT_COUNT; i++) {
        hand[i * POINT_STRIDE + X] = frame[i * 3]!;
        hand[i * POINT_STRIDE + Y] = frame[i * 3 + 1]!;
        hand[i * POINT_STRIDE + Z] = frame[i * 3 + 2]!;
        hand[i * POINT_STRIDE + SCORE] = 1;
      }
      const factor = estimateDepthScale(hand, ALPHABET_ASSUMED_WIDTH, ALPHABET_ASSUMED_HEIGHT);
      if (factor !== 1) factors.push(factor);
    }
  }
  if (factors.length === 0) return 1;
  factors.sort((a, b) => a - b);
  return factors[Math.floor(factors.length / 2)]!;
}

/**
 * A letter of the recorded alphabet (data/asl-alphabet: selfie view, a 4:3 image) as the guide
 * draws it, its z multiplied by `depthScale` (alphabetDepthScale; 1 keeps the recording's).
 */
export function handGuideFrames(sign: string, recording: AlphabetRecording, depthScale = 1): HandGuideFrames {
  const movement = MANUAL_ALPHABET[sign]?.movement ?? 'held';
  const frames = depthScale === 1 ? recording.frames : recording.frames.map((frame) => frame.map((v, i) => (i % 3 === 2 ? v * depthScale : v)));
  return guideFromFrames(sign, movement, RECORDING_FPS, ALPHABET_ASSUMED_WIDTH / ALPHABET_ASSUMED_HEIGHT, frames);
}

/**
 * A fingerspelling lexicon's letter (its span, as holistic_alphabet_sources.ts gives it, z already
 * scaled by the language's factor) as the guide draws it: the signing (right) hand, mirrored
 * (x -> 1 - x) into the selfie view the American recordings have, on the file's own image. Frames
 * without the hand are left out; a letter with none throws.
 */
export function lexiconHandGuideFrames(sign: string, { source, fps }: AlphabetSource, movement: Movement): HandGuideFrames {
  const frame = createLandmarkFrame();
  const frames: number[][] = [];
  let aspect = 1;
  for (let index = 0; index < source.frameCount; index++) {
    source.read(index, frame);
    if (frame.present[Part.rightHand] !== 1) continue;
    const hand: number[] = [];
    for (let i = 0; i < HAND_POINT_COUNT; i++) {
      hand.push(1 - frame.rightHand[i * POINT_STRIDE + X]!, frame.rightHand[i * POINT_STRIDE + Y]!, frame.rightHand[i * POINT_STRIDE + Z]!);
    }
    frames.push(hand);
    aspect = frame.imageWidth / frame.imageHeight;
  }
  if (frames.length === 0) throw new Error(`lexiconHandGuideFrames: no frame of "${sign}" shows the signing hand`);
  return guideFromFrames(sign, movement, fps, aspect, frames);
}
