import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, SCORE, X, Y, Z } from '../core/landmark_layout.ts';
import type { Movement } from '../handshape/manual_alphabet.ts';
import type { AlphabetSource } from './build_alphabet_references.ts';
import { heldOutFrameIndices } from './build_practice_fixture.ts';
import { RECORDING_FPS, type LandmarkSource } from './landmark_source.ts';

/**
 * One letter of a fingerspelling lexicon (data/fingerspelling-<code>) as the app's recorded signer
 * plays it: the signing (right) hand of some frames of the letter's span, in camera coordinates (x
 * over the file's width, y over its height, z as the engine reads it), played forward and back at
 * the rate they were filmed. Plain numbers, so that it travels to the browser as JSON.
 */
export interface RecordedSignerLetter {
  sign: string;
  /** Frames per second the frames were filmed at. */
  fps: number;
  imageWidth: number;
  imageHeight: number;
  /**
   * Which frames of the span are played: 'heldOut', frames outside the reference's middle half
   * (the judge never compares a frame with itself); 'wholeSpan', every frame of the span, for a
   * letter whose held-out frames cannot show it (a moving letter: its movement lies in the middle
   * half, its quarters show the hand still before and after it; a hold of 10 frames or fewer: the
   * middle half takes them all).
   */
  played: 'heldOut' | 'wholeSpan';
  /** The span's frames played, in order (indices into the span). */
  spanFrames: number[];
  /** The right hand of each played frame: 21 x, y, z, rounded to 5 decimals. */
  hands: number[][];
}

const DECIMALS = 1e5;

/**
 * Frame `k` of `count` played forward, then back, and again (0 1 2 1 0 1 ...): a stretch cycled
 * would jump on every loop, and a jump reads as a moving hand.
 */
export const backAndForth = (k: number, count: number): number => (count < 2 ? 0 : count - 1 - Math.abs((k % (2 * count - 2)) - (count - 1)));

/**
 * The frames the recorded signer plays for a letter (a lexicon letter's span as
 * holistic_alphabet_sources.ts gives it): a held letter's first held-out stretch (the span's frames
 * before its middle half, else those after it), a moving letter's whole span, and a span without
 * held-out frames whole (RecordedSignerLetter.played says which). Frames without the signing hand
 * are left out; a letter with none throws.
 *
 * ref: none (build_lexicon_practice_fixture.ts plays the held-out stretch the same way).
 */
export function recordedSignerLetter(sign: string, { source, fps }: AlphabetSource, movement: Movement): RecordedSignerLetter {
  const heldOut = heldOutFrameIndices(source.frameCount);
  const before = heldOut.filter((index, i) => index === i);
  const after = heldOut.slice(before.length);
  const stretch = movement === 'held' ? (before.length > 0 ? before : after) : [];
  const spanFrames = stretch.length > 0 ? stretch : Array.from({ length: source.frameCount }, (_, i) => i);
  const frame = createLandmarkFrame();
  const kept: number[] = [];
  const hands: number[][] = [];
  let imageWidth = 0;
  let imageHeight = 0;
  for (const index of spanFrames) {
    source.read(index, frame);
    if (frame.present[Part.rightHand] !== 1) continue;
    const hand: number[] = [];
    for (let i = 0; i < HAND_POINT_COUNT; i++) {
      for (const axis of [X, Y, Z]) hand.push(Math.round(frame.rightHand[i * POINT_STRIDE + axis]! * DECIMALS) / DECIMALS);
    }
    kept.push(index);
    hands.push(hand);
    imageWidth = frame.imageWidth;
    imageHeight = frame.imageHeight;
  }
  if (hands.length === 0) throw new Error(`recordedSignerLetter: no frame of "${sign}" shows the signing hand`);
  return { sign, fps, imageWidth, imageHeight, played: stretch.length > 0 ? 'heldOut' : 'wholeSpan', spanFrames: kept, hands };
}

/**
 * A recorded signer's letter as a LandmarkSource seen at RECORDING_FPS (a webcam tracker's rate):
 * frame k shows the filmed frame nearest that moment, played forward and back at the filmed rate; one
 * source frame count is one cycle (forward and back), so a caller that loops it plays on without a
 * jump. The hand is the right hand, scored 1; no pose, no left hand.
 */
export function recordedSignerLetterSource(letter: RecordedSignerLetter): LandmarkSource {
  const count = letter.hands.length;
  const filmedCycle = count < 2 ? 1 : 2 * count - 2;
  const frameCount = Math.max(1, Math.round((filmedCycle * RECORDING_FPS) / letter.fps));
  return {
    name: letter.sign,
    frameCount,
    read(index, out) {
      // The filmed frame nearest this moment (29.97 frames/s seen at 30 must not repeat one).
      const filmed = Math.round((index * letter.fps) / RECORDING_FPS);
      const hand = letter.hands[backAndForth(filmed, count)]!;
      for (let i = 0; i < HAND_POINT_COUNT; i++) {
        out.rightHand[i * POINT_STRIDE + X] = hand[i * 3]!;
        out.rightHand[i * POINT_STRIDE + Y] = hand[i * 3 + 1]!;
        out.rightHand[i * POINT_STRIDE + Z] = hand[i * 3 + 2]!;
        out.rightHand[i * POINT_STRIDE + SCORE] = 1;
      }
      out.present[Part.pose] = 0;
      out.present[Part.leftHand] = 0;
      out.present[Part.rightHand] = 1;
      out.imageWidth = letter.imageWidth;
      out.imageHeight = letter.imageHeight;
      out.timestampMs = (index * 1000) / RECORDING_FPS;
    },
  };
}
