// The camera screen's tracker source falls back to the next backend when one fails to start, or
// keeps failing while tracking, and says so. Fake tracker clients stand in
// for the worker; the real tracker is exercised in tests/e2e/camera/live-tracker.test.ts.
import { describe, expect, it } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '../../../engine/src/core/landmark_frame.ts';
import { TRACKER_STAGE_COUNT, TrackerStage } from '../../../engine/src/tracker/constants.ts';
import type { LandmarksListener } from '../../../engine/src/tracker/browser/tracker_client.ts';
import type { TrackingSchedule } from '../../../engine/src/tracker/tracker_options.ts';
import type { BackendReport } from '../../../engine/src/tracker/types.ts';
import type { TrackerFrameCost } from '../../../src/features/camera/landmarks/landmark-source.ts';
import { createTrackerLandmarkSource, type TrackerClientLike } from '../../../src/features/camera/landmarks/tracker-landmark-source.ts';
import { createSessionClock } from '../../../src/features/camera/practice/session-clock.ts';

interface FakeClient extends TrackerClientLike {
  backend: string;
  fail(message: string): void;
  /** Delivers landmarks as the worker's answer would. */
  track(frame: LandmarkFrame, stagesMs: Float64Array, latencyMs: number): void;
  disposed: boolean;
  /** Every schedule the source set on this client. */
  schedules: (TrackingSchedule | null)[];
}

/** Clients whose start fails for the backends in `failing`, and otherwise reports that backend. */
function fakeClients(failing: Set<string>, autoIs: BackendReport['name'] = 'wasm') {
  const made: FakeClient[] = [];
  const factory = (): TrackerClientLike => {
    const errorListeners = new Set<(message: string) => void>();
    const landmarkListeners = new Set<LandmarksListener>();
    const client: FakeClient = {
      backend: '',
      disposed: false,
      schedules: [],
      setSchedule: (value) => {
        client.schedules.push(value);
      },
      start: async (options = {}) => {
        const preference = options.backend ?? 'auto';
        client.backend = preference;
        if (failing.has(preference)) throw new Error(`${preference} is broken`);
        const name = preference === 'auto' ? autoIs : preference;
        const models = { poseModel: 'full', handModel: name === 'cpu' ? 'lite' : 'full' } as const;
        return name === 'cpu' ? { name, ...models, warning: 'slow CPU fallback' } : { name, ...models };
      },
      onLandmarks: (listener) => {
        landmarkListeners.add(listener);
        return () => landmarkListeners.delete(listener);
      },
      onError: (listener) => {
        errorListeners.add(listener);
        return () => errorListeners.delete(listener);
      },
      offer: () => true,
      inFlightSince: null,
      reset: () => {},
      dispose: () => {
        client.disposed = true;
      },
      fail: (message) => errorListeners.forEach((listener) => listener(message)),
      track: (frame, stagesMs, latencyMs) => landmarkListeners.forEach((listener) => listener(frame, stagesMs, { numTensors: 0, latencyMs })),
    };
    made.push(client);
    return client;
  };
  return { made, factory };
}

const video = { videoWidth: 640, videoHeight: 480, readyState: 4, requestVideoFrameCallback: () => 1, cancelVideoFrameCallback: () => {} } as unknown as HTMLVideoElement;

describe('tracker landmark source: backend fallback', () => {
  it('uses the preferred backend and says nothing when it starts', async () => {
    const { factory } = fakeClients(new Set());
    const source = createTrackerLandmarkSource(factory);
    expect(await source.start(video)).toEqual({ backend: 'wasm (WebAssembly)', notice: null, models: 'pose full, hand full' });
    source.stop();
  });

  it("passes each frame's stage times and latency on with the landmarks, and nothing while paused", async () => {
    const { made, factory } = fakeClients(new Set());
    const source = createTrackerLandmarkSource(factory);
    await source.start(video);
    const seen: Array<{ frame: LandmarkFrame; total: number; latencyMs: number }> = [];
    source.onLandmarks((frame, cost: TrackerFrameCost | null) => seen.push({ frame, total: cost!.stagesMs[TrackerStage.total]!, latencyMs: cost!.latencyMs }));
    const frame = createLandmarkFrame();
    const stagesMs = new Float64Array(TRACKER_STAGE_COUNT);
    stagesMs[TrackerStage.total] = 41.5;
    made[0]!.track(frame, stagesMs, 57.25);
    source.pause();
    made[0]!.track(frame, stagesMs, 60);
    expect(seen).toEqual([{ frame, total: 41.5, latencyMs: 57.25 }]);
    source.stop();
  });

  it('takes over the tracker warmed up before the screen opened, and starts its own only to fall back', async () => {
    const { made, factory } = fakeClients(new Set());
    const warm = fakeClients(new Set(['auto']));
    const warmClient = warm.factory();
    let taken = 0;
    const source = createTrackerLandmarkSource(factory, () => (taken++ === 0 ? { client: warmClient } : null));
    const status = await source.start(video);
    // The warm one failed its start: the fallback is a new client, and the warm one is disposed.
    expect(status.backend).toBe('wasm (WebAssembly)');
    expect([warm.made[0]!.backend, warm.made[0]!.disposed]).toEqual(['auto', true]);
    expect(made.map((c) => c.backend)).toEqual(['wasm']);
    source.stop();

    const { made: none, factory: fresh } = fakeClients(new Set());
    const healthy = fakeClients(new Set());
    const warmHealthy = healthy.factory();
    const second = createTrackerLandmarkSource(fresh, () => ({ client: warmHealthy }));
    expect((await second.start(video)).backend).toBe('wasm (WebAssembly)');
    expect(none).toHaveLength(0);
    expect(healthy.made[0]!.disposed).toBe(false);
    second.stop();
    expect(healthy.made[0]!.disposed).toBe(true);
  });

  it('names the runtime and the adapter of a WebGPU tracker', async () => {
    const report = { name: 'webgpu', adapter: 'nvidia hopper', runtime: 'TF.js 4.22.0', replayedModels: 4 } as const;
    const factory = (): TrackerClientLike => ({ ...fakeClients(new Set()).factory(), start: async () => report });
    const source = createTrackerLandmarkSource(factory);
    expect((await source.start(video)).backend).toBe('webgpu (WebGPU on nvidia hopper, TF.js 4.22.0, 4 models replayed from recorded dispatches)');
    source.stop();
  });

  it('falls back when the preferred backend fails to start, and names what failed', async () => {
    const { made, factory } = fakeClients(new Set(['auto']));
    const source = createTrackerLandmarkSource(factory);
    const status = await source.start(video);
    expect(status.backend).toBe('wasm (WebAssembly)');
    expect(status.notice).toBe('Pose tracking fell back to WebAssembly: the preferred backend failed (auto is broken).');
    expect(made.map((c) => [c.backend, c.disposed])).toEqual([['auto', true], ['wasm', false]]);
    source.stop();
  });

  it('goes down to the CPU when WASM fails too, with its warning', async () => {
    const { factory } = fakeClients(new Set(['auto', 'wasm']));
    const status = await createTrackerLandmarkSource(factory).start(video);
    expect(status.backend).toBe('cpu (CPU)');
    expect(status.notice).toMatch(/^Pose tracking fell back to CPU: .*wasm failed \(wasm is broken\)\. slow CPU fallback$/);
  });

  it('fails with every reason when no backend starts', async () => {
    const { factory } = fakeClients(new Set(['auto', 'wasm', 'cpu']));
    await expect(createTrackerLandmarkSource(factory).start(video)).rejects.toThrow(/^Pose tracking could not start: .*cpu failed \(cpu is broken\)$/);
  });

  it('replaces a backend that keeps failing while tracking, and reports the change', async () => {
    const { made, factory } = fakeClients(new Set());
    const source = createTrackerLandmarkSource(factory);
    const statuses: unknown[] = [];
    source.onStatus((status) => statuses.push(status));
    await source.start(video);
    made[0]!.fail('frame failed'); // one error is not enough
    await Promise.resolve();
    expect(made).toHaveLength(1);
    for (let i = 0; i < 4; i++) made[0]!.fail('frame failed');
    await expect.poll(() => statuses.length).toBe(1);
    expect(statuses[0]).toEqual({ backend: 'cpu (CPU)', notice: 'Pose tracking fell back to CPU: wasm kept failing while tracking. slow CPU fallback', models: 'pose full, hand lite' });
    expect(made[0]!.disposed).toBe(true);
    source.stop();
  });
});

describe('tracker landmark source: a worker that stops answering', () => {
  /** A video whose frames the test delivers (the browser's requestVideoFrameCallback). */
  function steppedVideo() {
    let callback: (() => void) | null = null;
    const target = {
      videoWidth: 640,
      videoHeight: 480,
      readyState: 4,
      requestVideoFrameCallback: (next: () => void) => {
        callback = next;
        return 1;
      },
      cancelVideoFrameCallback: () => {},
    } as unknown as HTMLVideoElement;
    return { target, nextFrame: () => callback?.() };
  }

  /** Makes `client` hold one frame at a time, as the real one does, on the test's clock: `take` puts
   * a frame in the worker (an offer, or the client's own catch-up), `answer` brings its landmarks. */
  function oneFrameAtATime(client: FakeClient, clock: () => number) {
    const state = { inFlightSince: null as number | null };
    Object.defineProperty(client, 'inFlightSince', { get: () => state.inFlightSince });
    const take = () => {
      state.inFlightSince = clock();
    };
    client.offer = () => {
      if (state.inFlightSince !== null) return false;
      take();
      return true;
    };
    const answer = () => {
      state.inFlightSince = null;
      client.track(createLandmarkFrame(), new Float64Array(TRACKER_STAGE_COUNT), 900);
    };
    return { take, answer };
  }

  it('starts a new tracker when a frame goes unanswered for TRACKER_STALL_MS, and says so; a slow answer is not a stall', async () => {
    const { made, factory } = fakeClients(new Set());
    let t = 0;
    const source = createTrackerLandmarkSource(factory, () => null, { stallMs: 1000, now: () => t });
    const statuses: unknown[] = [];
    source.onStatus((status) => statuses.push(status));
    const { target, nextFrame } = steppedVideo();
    await source.start(target);
    oneFrameAtATime(made[0]!, () => t); // takes one frame and never answers it
    nextFrame(); // taken at 0
    for (t = 100; t <= 1000; t += 100) nextFrame(); // refused, 1 s: not yet
    await Promise.resolve();
    expect(made).toHaveLength(1);
    t = 1100;
    nextFrame();
    await expect.poll(() => statuses.length).toBe(1);
    expect(statuses[0]).toEqual({ backend: 'wasm (WebAssembly)', notice: 'Pose tracking stopped answering for 1 s and was started again.', models: 'pose full, hand full' });
    expect(made.map((c) => [c.backend, c.disposed])).toEqual([['auto', true], ['wasm', false]]);
    // The new one answers each frame 0.9 s after taking it, the frames between refused, and then
    // takes the video's newest frame by itself (its catch-up), answered 0.9 s later: never replaced.
    const { take, answer } = oneFrameAtATime(made[1]!, () => t);
    for (t = 2000; t < 20_000; t += 100) {
      nextFrame(); // taken
      t += 500;
      nextFrame(); // refused
      t += 400;
      answer();
      take(); // the catch-up frame
      t += 600;
      nextFrame(); // refused: 1.5 s after the last frame this source handed over, 0.6 s after the catch-up
      t += 300;
      answer();
    }
    await Promise.resolve();
    expect(made).toHaveLength(2);
    expect(statuses).toHaveLength(1);
    source.stop();
  });

  it('goes down to the next backend when the tracker cannot start again', async () => {
    const broken = new Set<string>();
    const { made, factory } = fakeClients(broken);
    let t = 0;
    const source = createTrackerLandmarkSource(factory, () => null, { stallMs: 1000, now: () => t });
    const statuses: Array<{ notice: string | null }> = [];
    source.onStatus((status) => statuses.push(status));
    const { target, nextFrame } = steppedVideo();
    await source.start(target);
    const { take } = oneFrameAtATime(made[0]!, () => t);
    t = 4500;
    take(); // a frame it took by itself (its catch-up), never answered
    broken.add('wasm');
    t = 5000;
    nextFrame();
    await Promise.resolve();
    expect(statuses).toHaveLength(0);
    t = 5600;
    nextFrame();
    await expect.poll(() => statuses.length).toBe(1);
    expect(statuses[0]!.notice).toMatch(/^Pose tracking stopped answering for 1 s and was started again\. Pose tracking fell back to CPU: wasm failed \(wasm is broken\)\. slow CPU fallback$/);
    expect(made.at(-1)!.backend).toBe('cpu');
    source.stop();
  });
});

describe('tracker landmark source: the tracking schedule', () => {
  it('passes the current sign\'s schedule to the tracker, and to the one that replaces it', async () => {
    const { made, factory } = fakeClients(new Set());
    const source = createTrackerLandmarkSource(factory);
    await source.start(video);
    const held = { poseEvery: 10, otherHandEvery: 10 };
    source.setSchedule!(held);
    source.setSchedule!(null);
    source.setSchedule!(held);
    expect(made[0]!.schedules).toEqual([held, null, held]);
    for (let i = 0; i < 5; i++) made[0]!.fail('frame failed');
    await expect.poll(() => made.length).toBe(2);
    expect(made[1]!.schedules).toEqual([held]);
    source.stop();
  });
});

describe('session clock', () => {
  it('stands still while paused for any reason, and resumes where it stopped', () => {
    let t = 1000;
    const clock = createSessionClock(() => t);
    expect(clock.now()).toBe(1000);
    clock.pause('hidden');
    t = 5000;
    expect(clock.now()).toBe(1000);
    clock.pause('camera');
    clock.resume('hidden');
    t = 6000;
    expect(clock.paused).toBe(true);
    expect(clock.now()).toBe(1000);
    clock.resume('camera');
    expect(clock.now()).toBe(1000);
    t = 6500;
    expect(clock.now()).toBe(1500);
    clock.resume('camera'); // not paused: no effect
    expect(clock.now()).toBe(1500);
  });
});
