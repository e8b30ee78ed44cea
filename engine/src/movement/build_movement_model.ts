import { createLandmarkFrame, type LandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import type { MovementModel } from '../reference/reference_sign_schema.ts';
import { compileMovement } from './compiled_movement.ts';
import { computeMovementFeatures, MOVEMENT_FEATURE_COUNT, MOVEMENT_FEATURE_NAMES } from './movement_features.ts';

/**
 * Key poses a movement is sampled at. Six follow a sign's course (start, four on the way, end); 8
 * and 10 completed fewer of the PopSign signers' own signs at the same wrong-sign rate
 * (bench/moving-signs/tune_moving_judge.ts). A learner faster than the reference passes them on
 * poses filled in between frames (follow_movement.ts).
 */
export const MOVEMENT_KEY_COUNT = 6;
/** The least travel (in feature scales, along the direction of travel) that makes a clip a movement. */
export const MIN_MOVEMENT_EXTENT = 1.5;
/** A clip longer than this is not one sign. */
export const MAX_MOVEMENT_CLIP_SECONDS = 20;

/** Why a clip makes no movement reference; `message` says it to a teacher. */
export type MovementClipProblem = 'noPerson' | 'handLost' | 'tooLong' | 'tooShort' | 'noMovement';

export class MovementClipError extends Error {
  constructor(
    readonly problem: MovementClipProblem,
    message: string,
  ) {
    super(message);
    this.name = 'MovementClipError';
  }
}

/** A clip's frames, read one at a time into a preallocated frame (a recordings/ LandmarkSource). */
export interface ClipFrames {
  frameCount: number;
  read(index: number, out: LandmarkFrame): void;
}

const F = MOVEMENT_FEATURE_COUNT;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/**
 * A clip of one sign that moves (its frames, timestamps in ms, trimmed to the sign) -> the
 * record's `movement`: the signing hand (the one seen in more frames; the one that travels
 * further when both are seen as often), its movement features in every frame it is seen,
 * median-smoothed over 3 frames (a tracker's one-frame mistake), sampled at MOVEMENT_KEY_COUNT key
 * poses (`keyCount`, MOVEMENT_KEY_COUNT unless the bench's tuning tries another) evenly spaced in time between the first and the last frame it is seen in (linearly
 * interpolated; a finger direction renormalised). Throws a MovementClipError a teacher can act on
 * for a clip without a person, a clip in which the signing hand is lost for half the frames or
 * more, one longer than MAX_MOVEMENT_CLIP_SECONDS or too short to show a movement, and one whose
 * hand does not travel (a held sign is a handshape).
 *
 * ref: none in MediaPipe (the reference builder's step for a sign that moves, beside
 * reference/build_reference_sign.ts).
 */
export function buildMovementModel(source: ClipFrames, keyCount = MOVEMENT_KEY_COUNT): MovementModel {
  const landmarks = createLandmarkFrame();
  const times: number[] = [];
  const seen: Float32Array[][] = [[], []];
  const seenAt: number[][] = [[], []];
  let people = 0;
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, landmarks);
    times.push(landmarks.timestampMs);
    if (landmarks.present[Part.pose] === 1) people++;
    for (const side of [0, 1] as const) {
      const features = new Float32Array(F);
      if (computeMovementFeatures(landmarks, side, features)) {
        seen[side]!.push(features);
        seenAt[side]!.push(landmarks.timestampMs);
      }
    }
  }
  const seconds = times.length > 1 ? (times[times.length - 1]! - times[0]!) / 1000 : 0;
  if (people === 0) throw new MovementClipError('noPerson', 'No person was found in the clip: sign facing the camera, your head, shoulders and hands in view.');
  if (seconds > MAX_MOVEMENT_CLIP_SECONDS) throw new MovementClipError('tooLong', `The clip is ${Math.round(seconds)} s long: trim it to the one sign (at most ${MAX_MOVEMENT_CLIP_SECONDS} s).`);
  const extents = [0, 1].map((side) => travel(seen[side]!));
  const side: 0 | 1 = seen[1]!.length > seen[0]!.length || (seen[1]!.length === seen[0]!.length && extents[1]! > extents[0]!) ? 1 : 0;
  const frames = seen[side]!;
  const at = seenAt[side]!;
  if (frames.length * 2 < source.frameCount || frames.length === 0) {
    throw new MovementClipError('handLost', `The signing hand is lost in ${source.frameCount - frames.length} of the clip's ${source.frameCount} frames: light your hands and keep them in view.`);
  }
  const span = (at[at.length - 1]! - at[0]!) / 1000;
  if (frames.length < 3 || !(span > 0.1)) throw new MovementClipError('tooShort', 'The clip is too short to show a movement: record the whole sign.');

  const smoothed = frames.map((frame, i) => {
    const before = frames[Math.max(0, i - 1)]!;
    const after = frames[Math.min(frames.length - 1, i + 1)]!;
    return Float32Array.from(frame, (value, f) => median3(before[f]!, value, after[f]!));
  });
  const keys: number[][] = [];
  for (let k = 0; k < keyCount; k++) {
    const t = at[0]! + ((at[at.length - 1]! - at[0]!) * k) / (keyCount - 1);
    let j = 0;
    while (j < at.length - 2 && at[j + 1]! < t) j++;
    const t0 = at[j]!;
    const t1 = at[Math.min(j + 1, at.length - 1)]!;
    const share = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
    const a = smoothed[j]!;
    const b = smoothed[Math.min(j + 1, smoothed.length - 1)]!;
    const key = Array.from(a, (value, f) => value + share * (b[f]! - value));
    const fingers = Math.hypot(key[3]!, key[4]!);
    if (fingers > 0) {
      key[3] = key[3]! / fingers;
      key[4] = key[4]! / fingers;
    }
    keys.push(key.map(round3));
  }
  const model: MovementModel = { features: [...MOVEMENT_FEATURE_NAMES], hand: side === 0 ? 'left' : 'right', seconds: round3(span), keys };
  const compiled = compileMovement('clip', model)!;
  if (compiled.extent < MIN_MOVEMENT_EXTENT) {
    throw new MovementClipError('noMovement', 'The hand hardly moves in the clip: a sign that moves needs its movement recorded (a held handshape is taught as a letter).');
  }
  return model;
}

/** How far a hand's palm travels over its frames (the larger spread of its two place coordinates). */
function travel(frames: readonly Float32Array[]): number {
  if (frames.length === 0) return 0;
  let spread = 0;
  for (const f of [0, 1]) {
    let low = Infinity;
    let high = -Infinity;
    for (const frame of frames) {
      low = Math.min(low, frame[f]!);
      high = Math.max(high, frame[f]!);
    }
    spread = Math.max(spread, high - low);
  }
  return spread;
}
