// "Watch a recorded signer": a landmark source that plays real recordings of a signer of the
// lesson's language (recorded-signer-data.ts) into the practice loop in place of the learner's
// tracked camera. The signer follows the lesson as a learner would: the controller tells it which
// letter is asked (followSign) and it signs that letter, looping the letter's recorded frames at
// 30 frames/s until the lesson moves on; before a repeated letter (the OO of BOOK) it lowers the
// hand out of view for a moment, as the bounce asks. American: only the frames the letter's
// reference is NOT built from (the recording's first and last quarters), so the judge never sees
// the exact frames it compares with; the lexicons' short clips: see recorded_signer_letter.ts. A
// sign without a recording shows no hand, and followSign says so (the controller skips it).
import { createLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import { RECORDING_FPS } from '@signlearn/engine/recordings/landmark_source';
import { DEFAULT_LANGUAGE } from '@/lib/data/paths.ts';
import type { LandmarkSource, LandmarkSourceStatus } from './landmark-source.ts';
import { loadRecordedLetters, recordedSignerFolder, type RecordedLetter } from './recorded-signer-data.ts';

/** How long the hand is out of view before a repeated letter (the bounce). */
export const RECORDED_RELEASE_MS = 400;
const FRAME_MS = 1000 / RECORDING_FPS;
const POLL_MS = 10;

/** What the side panel says runs the tracking: the recorded signer, and where its recordings are. */
export function recordedSignerBackend(language: string): string {
  return `recorded signer (${recordedSignerFolder(language) ?? 'no recordings in this language'})`;
}

export function createRecordedSignerSource(signNames: readonly string[], language = DEFAULT_LANGUAGE): LandmarkSource {
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
      for (const [name, letter] of await loadRecordedLetters(signNames, language)) letters.set(name, letter);
      nextFrameAtMs = performance.now();
      timer = setInterval(pump, POLL_MS);
      const missing = [...letters].filter(([, letter]) => letter === null).map(([name]) => name);
      const notice = missing.length > 0 ? `The recorded signer has no recording of ${missing.map((name) => `"${name}"`).join(', ')}: skipped when asked.` : null;
      return { backend: recordedSignerBackend(language), notice, models: null };
    },
    followSign(signName: string, awaitsRelease: boolean) {
      current = letters.get(signName) ?? null;
      position = 0;
      handAwayUntilMs = awaitsRelease ? performance.now() + RECORDED_RELEASE_MS : 0;
      return current !== null;
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
