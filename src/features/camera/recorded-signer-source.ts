// "Watch a recorded signer" (issue 27): a landmark source that plays real recordings of a signer
// (data/asl-alphabet, recorded-signer-data.ts) into the practice loop in place of the learner's
// tracked camera. The signer follows the lesson as a learner would: the controller tells it which
// letter is asked (followSign) and it signs that letter, looping the letter's recorded frames at
// the recordings' 30 frames/s until the lesson moves on; before a repeated letter (the OO of
// BOOK) it lowers the hand out of view for a moment, as the bounce asks. It plays only the frames
// the letter's reference is NOT built from (the recording's first and last quarters): the judge
// never sees the exact frames it compares with. A letter without a recording shows no hand.
import { createLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import { alphabetRecordingSchema } from '@signlearn/engine/recordings/alphabet_recording_schema';
import { heldOutFrameIndices } from '@signlearn/engine/recordings/build_practice_fixture';
import { alphabetSource, RECORDING_FPS, type LandmarkSource as RecordedLetter } from '@signlearn/engine/recordings/landmark_source';
import type { LandmarkSource, LandmarkSourceStatus } from './landmark-source.ts';
import { recordedLetterUrl } from './recorded-signer-data.ts';

/** How long the hand is out of view before a repeated letter (the bounce). */
export const RECORDED_RELEASE_MS = 400;
const FRAME_MS = 1000 / RECORDING_FPS;
const POLL_MS = 10;

export const RECORDED_SIGNER_BACKEND = 'recorded signer (data/asl-alphabet)';

async function loadLetter(letter: string, language: string): Promise<RecordedLetter | null> {
  const url = recordedLetterUrl(letter, language);
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The recording of "${letter}" could not be loaded (${response.status})`);
  const recording = alphabetRecordingSchema.parse(await response.json());
  return alphabetSource(letter, recording, heldOutFrameIndices(recording.frames.length));
}

export function createRecordedSignerSource(signNames: readonly string[], language = 'american'): LandmarkSource {
  const listeners = new Set<(frame: LandmarkFrame, cost: null) => void>();
  const frame = createLandmarkFrame();
  const letters = new Map<string, RecordedLetter | null>();
  let current: RecordedLetter | null = null;
  let position = 0;
  /** Time before which the hand is out of view (a bounce before a repeated letter). */
  let handAwayUntilMs = 0;
  let nextFrameAtMs = 0;
  let paused = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  const deliver = (now: number) => {
    if (current && now >= handAwayUntilMs) {
      current.read(position, frame);
      position = (position + 1) % current.frameCount;
    } else {
      frame.present[Part.pose] = 0;
      frame.present[Part.leftHand] = 0;
      frame.present[Part.rightHand] = 0;
    }
    frame.timestampMs = now;
    for (const listener of listeners) listener(frame, null);
  };

  const pump = () => {
    if (paused) return;
    const now = performance.now();
    // A page that stood still (a background tab) starts again from now, not with a burst.
    if (now - nextFrameAtMs > 1000) nextFrameAtMs = now;
    // Every frame whose time has come: a busy page delays frames but never loses one.
    while (nextFrameAtMs <= now) {
      deliver(nextFrameAtMs);
      nextFrameAtMs += FRAME_MS;
    }
  };

  return {
    kind: 'recording',
    async start(): Promise<LandmarkSourceStatus> {
      const unique = [...new Set(signNames)];
      const loaded = await Promise.all(unique.map((name) => loadLetter(name, language)));
      unique.forEach((name, i) => letters.set(name, loaded[i]!));
      nextFrameAtMs = performance.now();
      timer = setInterval(pump, POLL_MS);
      return { backend: RECORDED_SIGNER_BACKEND, notice: null, models: null };
    },
    followSign(signName: string, awaitsRelease: boolean) {
      current = letters.get(signName) ?? null;
      position = 0;
      handAwayUntilMs = awaitsRelease ? performance.now() + RECORDED_RELEASE_MS : 0;
    },
    onLandmarks(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus() {
      return () => {};
    },
    pause() {
      paused = true;
    },
    resume() {
      if (!paused) return;
      paused = false;
      nextFrameAtMs = performance.now();
    },
    reset() {},
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
      listeners.clear();
    },
  };
}
