// The PopSign performances the moving-signs stage judges: every signer's performances of each sign,
// as landmark frames, with whether each is measured (eligible) and why not.
import { join } from 'node:path';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { loadPopSignFolder } from '../../engine/src/node/load_popsign_folder.ts';
import { RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { popsignSource } from '../../engine/src/recordings/popsign_recording.ts';
import type { TrackingSchedule } from '../../engine/src/tracker/tracker_options.ts';
import { asScheduled } from '../acceptance/as_scheduled.ts';

export const POPSIGN_DIR = (root: string) => join(root, 'data', 'popsign-hello-thankyou');

/** The source's glosses and the product's names of the signs. */
export const SIGN_NAMES: Readonly<Record<string, string>> = { HELLO: 'HELLO', 'THANK-YOU': 'THANK YOU' };

/**
 * A performance is measured when it shows a sign a camera could judge: at least MIN_FRAMES frames
 * (a third of a second; the source cuts some performances to 6 frames, 0.2 s, and its README says
 * to filter on length), with a hand found in at least half of them (the bar a teacher's clip must
 * pass too: movement/build_movement_model.ts). The others are counted, not judged.
 */
export const MIN_FRAMES = 10;

export interface Performance {
  signer: string;
  /** The source's gloss (HELLO, THANK-YOU). */
  sign: string;
  sequence: string;
  frames: LandmarkFrame[];
  /** Frames with the hand found more often (left or right). */
  handFrames: number;
  eligible: boolean;
}

export async function loadPerformances(folder: string): Promise<Performance[]> {
  const sequences = await loadPopSignFolder(folder);
  return sequences.map((sequence) => {
    const source = popsignSource(sequence);
    const frame = createLandmarkFrame();
    const frames: LandmarkFrame[] = [];
    let left = 0;
    let right = 0;
    for (let i = 0; i < source.frameCount; i++) {
      source.read(i, frame);
      left += frame.present[Part.leftHand]!;
      right += frame.present[Part.rightHand]!;
      frames.push(cloneLandmarkFrame(frame));
    }
    const handFrames = Math.max(left, right);
    return { signer: sequence.signer, sign: sequence.sign, sequence: sequence.sequence, frames, handFrames, eligible: frames.length >= MIN_FRAMES && handFrames * 2 >= frames.length };
  });
}

/** The judged frames of a performance signed at `speed` times its own pace, seen by a camera at
 * RECORDING_FPS, then its last frame held for `tailSeconds` (the learner holds the end). */
export function* atSpeed(frames: readonly LandmarkFrame[], speed: number, tailSeconds: number): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  const seconds = frames.length / RECORDING_FPS / speed + tailSeconds;
  const count = Math.round(seconds * RECORDING_FPS);
  for (let i = 1; i <= count; i++) {
    const nowMs = (i * 1000) / RECORDING_FPS;
    const index = Math.min(frames.length - 1, Math.floor(((i - 1) * speed)));
    const frame = frames[index]!;
    frame.timestampMs = nowMs;
    yield { frame, nowMs };
  }
}

/** What the learner's camera and tracker give the judge: `fps` of the camera's 30 frames a second
 * tracked (the others dropped: a busy laptop), and the tracker's `schedule` (the body and a hand
 * of their last run on the frames that skip them). Every frame, whole, when absent. */
export interface CameraPath {
  fps?: number;
  schedule?: TrackingSchedule | null;
}

/** `judged` (the camera's frames at RECORDING_FPS) as `camera` delivers them to the judge. */
export function* throughCamera(judged: Iterable<{ frame: LandmarkFrame; nowMs: number }>, camera: CameraPath = {}): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  const fps = camera.fps ?? RECORDING_FPS;
  // Frame i is tracked when it starts a new 1/fps of a second (the first always).
  function* tracked() {
    let i = 0;
    for (const frame of judged) {
      if (Math.floor((i * fps) / RECORDING_FPS) !== Math.floor(((i - 1) * fps) / RECORDING_FPS)) yield frame;
      i++;
    }
  }
  yield* camera.schedule ? asScheduled(tracked(), camera.schedule) : tracked();
}

/** `frames` cycled (a photograph held, a video looped) for `seconds` at RECORDING_FPS. */
export function* cycled(frames: readonly LandmarkFrame[], seconds: number): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  const count = Math.round(seconds * RECORDING_FPS);
  for (let i = 1; i <= count; i++) {
    const nowMs = (i * 1000) / RECORDING_FPS;
    const frame = frames[(i - 1) % frames.length]!;
    frame.timestampMs = nowMs;
    yield { frame, nowMs };
  }
}
