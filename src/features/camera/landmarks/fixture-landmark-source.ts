// TEST ONLY (see create-landmark-source.ts): replays a recorded landmark fixture (signlearn-landmarks/1)
// in real time, frame by frame at its timestamps, in place of the tracker. Every frame whose time
// has come is delivered, so a busy test browser delays frames but never loses one. Camera frames
// are not read at all.
//
// Two ways to play. A fixture without `signs` plays straight through and loops at the end, as a
// camera would show a rehearsed session (tests that time the lesson against what was shown use
// this). A fixture with `signs` (made for a lesson: each sign's stretch of frames) follows the
// lesson as the recorded signer does: while the lesson asks for its n-th sign it plays the n-th
// stretch, its held frames looped, however long the judge takes, so a slow machine makes a lesson
// slower but never makes a letter run out of frames.
import { createLandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { fixtureFrameToLandmarks } from '@signlearn/engine/recordings/fixture_frame_to_landmarks';
import { landmarkFixtureSchema, type LandmarkFixture } from '@signlearn/engine/recordings/landmark_fixture_schema';
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import type { LandmarkSource, LandmarkSourceStatus } from './landmark-source.ts';

const POLL_MS = 10;

/** The frames played now: [first, end) of the fixture, looping back to `loopFrom`. */
interface Stretch {
  first: number;
  end: number;
  loopFrom: number;
}

export function createFixtureLandmarkSource(url: string): LandmarkSource {
  if (!url.startsWith('/')) throw new Error(`fixture landmarks: "${url}" must be a same-origin path`);
  const listeners = new Set<(frame: LandmarkFrame, cost: null) => void>();
  const frame = createLandmarkFrame();
  let fixture: LandmarkFixture | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stretch: Stretch = { first: 0, end: 0, loopFrom: 0 };
  let next = 0;
  /** When the frame `stretchStart` would have been shown (its time zero). */
  let startMs = 0;
  let stretchStart = 0;
  let pausedAtMs: number | null = null;
  /** Signs the lesson asked for so far (a following fixture plays the stretch of that number). */
  let asked = 0;

  const timeOf = (index: number) => fixture!.frames[index]!.t - fixture!.frames[stretchStart]!.t;
  const interval = (index: number) => {
    const frames = fixture!.frames;
    return index > 0 ? frames[index]!.t - frames[index - 1]!.t : 1000 / 30;
  };

  const play = (next_: Stretch, nowMs: number) => {
    stretch = next_;
    next = next_.first;
    stretchStart = next_.first;
    startMs = nowMs;
  };

  const pump = () => {
    if (!fixture || pausedAtMs !== null || stretch.end <= stretch.first) return;
    const now = performance.now();
    while (next < stretch.end && timeOf(next) <= now - startMs) {
      fixtureFrameToLandmarks(fixture, fixture.frames[next]!, frame);
      next++;
      for (const listener of listeners) listener(frame, null);
      if (next >= stretch.end) {
        // One frame interval after the stretch's last frame, its loop point (time zero moves on
        // by what was played, so the loop keeps the recording's pace).
        startMs += timeOf(stretch.end - 1) + interval(stretch.end - 1);
        next = stretch.loopFrom;
        stretchStart = stretch.loopFrom;
      }
    }
  };

  return {
    kind: 'fixture',
    async start(): Promise<LandmarkSourceStatus> {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`fixture landmarks: ${url}: ${response.status}`);
      fixture = landmarkFixtureSchema.parse(await response.json());
      const signs = fixture.signs;
      // A following fixture starts on its first sign's stretch; a plain one plays all of it.
      play(signs?.length ? stretchOf(fixture, 0) : { first: 0, end: fixture.frames.length, loopFrom: 0 }, performance.now());
      // The fixture's time zero, for tests that time the lesson against what the learner showed.
      performance.mark('signlearn:fixture-start');
      timer = setInterval(pump, POLL_MS);
      return { backend: 'fixture', notice: null, models: null };
    },
    followSign() {
      const signs = fixture?.signs;
      if (fixture && signs?.length) {
        // The n-th sign asked gets the n-th stretch (the last one again, past the fixture's end).
        play(stretchOf(fixture, Math.min(asked, signs.length - 1)), pausedAtMs ?? performance.now());
      }
      asked++;
      return true;
    },
    onLandmarks(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus() {
      return () => {};
    },
    pause() {
      pausedAtMs ??= performance.now();
    },
    resume() {
      if (pausedAtMs === null) return;
      startMs += performance.now() - pausedAtMs;
      pausedAtMs = null;
    },
    reset() {},
    stop() {
      if (timer !== null) clearInterval(timer);
      listeners.clear();
    },
  };
}

/** The n-th sign's stretch of a following fixture: its frames, looping back to its held ones. */
function stretchOf(fixture: LandmarkFixture, n: number): Stretch {
  const signs = fixture.signs!;
  const sign = signs[n]!;
  return { first: sign.from, end: signs[n + 1]?.from ?? fixture.frames.length, loopFrom: sign.hold };
}
