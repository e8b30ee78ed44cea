// The sign a teacher is making: the clip's frames between the trim marks -> the engine's record of
// a sign that moves (its course, the product's angles and the recorded skeleton as its guide), and the
// checks on it: a take of the same sign must complete it, a take of another sign must not, each
// judged by the engine's practice loop as the camera screen judges a learner (the chapter's other
// signs that move followed alongside).
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { MovementClipError } from '@signlearn/engine/movement/build_movement_model';
import type { CompiledMovement } from '@signlearn/engine/movement/compiled_movement';
import { compileSign } from '@signlearn/engine/practice/compile_lesson';
import type { CompiledSign } from '@signlearn/engine/practice/compiled_sign';
import { PracticeLoop } from '@signlearn/engine/practice/practice_loop';
import { buildMovingSign } from '@signlearn/engine/recordings/build_moving_sign';
import { parseReferenceSign, type ReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import { clipSource } from './clip-frames.ts';

/** A sign's name: letters, digits, single spaces or hyphens between them (the database's rule). */
export const SIGN_NAME_PATTERN = /^[A-Za-z0-9]+([ -][A-Za-z0-9]+)*$/;
export const SIGN_NAME_MAX = 30;

export function signNameProblem(name: string): string | null {
  if (name.length === 0) return 'Name the sign.';
  if (name.length > SIGN_NAME_MAX) return `A sign's name has at most ${SIGN_NAME_MAX} characters.`;
  if (!SIGN_NAME_PATTERN.test(name)) return 'Use letters and digits, with single spaces or hyphens between words.';
  return null;
}

export type Draft = { ok: true; record: ReferenceSign; compiled: CompiledSign } | { ok: false; message: string };

/** The record of frames [start, end] of the clip, or the builder's message for a clip it refuses. */
export function draftSign(name: string, frames: readonly LandmarkFrame[], start: number, end: number): Draft {
  try {
    const record = parseReferenceSign(name, buildMovingSign(clipSource(name, frames, start, end), `${name}.gif`));
    return { ok: true, record, compiled: compileSign(name, record) };
  } catch (error) {
    if (error instanceof MovementClipError) return { ok: false, message: error.message };
    throw error;
  }
}

/** After the take, its last frame is held this long (the signer holds the end). */
const HOLD_AFTER_MS = 1000;

/** Whether `take` completes the sign through the practice loop, at the take's own timing, with
 * `otherMovingSigns` (the chapter's) followed alongside as the camera screen follows them. */
export function takeCompletes(sign: CompiledSign, take: readonly LandmarkFrame[], otherMovingSigns: readonly CompiledMovement[] = []): boolean {
  if (take.length === 0) return false;
  let completed = false;
  const loop = new PracticeLoop([{ name: sign.reference.signName, compiled: sign }], {
    otherMovingSigns,
    onEvent: (event) => {
      if (event.type === 'signComplete' && !event.skipped) completed = true;
    },
  });
  const t0 = take[0]!.timestampMs;
  loop.start(0);
  const feed = (frame: LandmarkFrame, nowMs: number) => {
    const timestamp = frame.timestampMs;
    frame.timestampMs = nowMs;
    loop.onLandmarks(frame, nowMs);
    frame.timestampMs = timestamp;
  };
  // A first frame at time 1 ms: the session's start is time 0.
  for (const frame of take) {
    feed(frame, frame.timestampMs - t0 + 1);
    if (completed) return true;
  }
  const last = take[take.length - 1]!;
  const end = last.timestampMs - t0 + 1;
  for (let ms = 33; ms <= HOLD_AFTER_MS && !completed; ms += 33) feed(last, end + ms);
  return completed;
}
