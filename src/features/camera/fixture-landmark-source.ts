// TEST ONLY (see landmark-source.ts): replays a recorded landmark fixture (signlearn-landmarks/1)
// in real time, frame by frame at its timestamps, looping at the end, in place of the tracker.
// Every frame whose time has come is delivered, so a busy test browser delays frames but never
// loses one. Camera frames are not read at all.
import { createLandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { fixtureFrameToLandmarks } from '@signlearn/engine/recordings/fixture_frame_to_landmarks';
import { landmarkFixtureSchema, type LandmarkFixture } from '@signlearn/engine/recordings/landmark_fixture_schema';
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import type { LandmarkSource, LandmarkSourceStatus } from './landmark-source.ts';

const POLL_MS = 10;

export function createFixtureLandmarkSource(url: string): LandmarkSource {
  if (!url.startsWith('/')) throw new Error(`fixture landmarks: "${url}" must be a same-origin path`);
  const listeners = new Set<(frame: LandmarkFrame, cost: null) => void>();
  const frame = createLandmarkFrame();
  let fixture: LandmarkFixture | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let next = 0;
  let loopStartMs = 0;
  let pausedAtMs: number | null = null;

  const pump = () => {
    if (!fixture || pausedAtMs !== null || fixture.frames.length === 0) return;
    const elapsed = performance.now() - loopStartMs;
    while (fixture.frames[next] && fixture.frames[next]!.t <= elapsed) {
      fixtureFrameToLandmarks(fixture, fixture.frames[next]!, frame);
      next++;
      for (const listener of listeners) listener(frame, null);
    }
    if (next >= fixture.frames.length) {
      // One frame interval after the last frame (the fixture's own rate), then from the top.
      const last = fixture.frames.length - 1;
      const interval = last > 0 ? fixture.frames[last]!.t - fixture.frames[last - 1]!.t : 1000 / 30;
      const duration = fixture.frames[last]!.t + interval;
      loopStartMs += duration;
      next = 0;
    }
  };

  return {
    kind: 'fixture',
    async start(): Promise<LandmarkSourceStatus> {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`fixture landmarks: ${url}: ${response.status}`);
      fixture = landmarkFixtureSchema.parse(await response.json());
      loopStartMs = performance.now();
      // The fixture's time zero, for tests that time the lesson against what the learner showed.
      performance.mark('signlearn:fixture-start');
      timer = setInterval(pump, POLL_MS);
      return { backend: 'fixture', notice: null, models: null };
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
      loopStartMs += performance.now() - pausedAtMs;
      pausedAtMs = null;
    },
    reset() {},
    stop() {
      if (timer !== null) clearInterval(timer);
      listeners.clear();
    },
  };
}
