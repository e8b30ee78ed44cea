// The camera screen's tracker source falls back to the next backend when one fails to start, or
// keeps failing while tracking, and says so (issue 6 "Resilience"). Fake tracker clients stand in
// for the worker; the real tracker is exercised in tests/e2e/camera/live-tracker.test.ts.
import { describe, expect, it } from 'vitest';
import type { BackendReport } from '../../../engine/src/tracker/types.ts';
import { createTrackerLandmarkSource, type TrackerClientLike } from '../../../src/features/camera/tracker-landmark-source.ts';
import { createSessionClock } from '../../../src/features/camera/session-clock.ts';

interface FakeClient extends TrackerClientLike {
  backend: string;
  fail(message: string): void;
  disposed: boolean;
}

/** Clients whose start fails for the backends in `failing`, and otherwise reports that backend. */
function fakeClients(failing: Set<string>, autoIs: BackendReport['name'] = 'wasm') {
  const made: FakeClient[] = [];
  const factory = (): TrackerClientLike => {
    const errorListeners = new Set<(message: string) => void>();
    const client: FakeClient = {
      backend: '',
      disposed: false,
      start: async (options = {}) => {
        const preference = options.backend ?? 'auto';
        client.backend = preference;
        if (failing.has(preference)) throw new Error(`${preference} is broken`);
        const name = preference === 'auto' ? autoIs : preference;
        return name === 'cpu' ? { name, warning: 'slow CPU fallback' } : { name };
      },
      onLandmarks: () => () => true,
      onError: (listener) => {
        errorListeners.add(listener);
        return () => errorListeners.delete(listener);
      },
      offer: () => true,
      reset: () => {},
      dispose: () => {
        client.disposed = true;
      },
      fail: (message) => errorListeners.forEach((listener) => listener(message)),
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
    expect(await source.start(video)).toEqual({ backend: 'wasm (WebAssembly)', notice: null });
    source.stop();
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
    expect(statuses[0]).toEqual({ backend: 'cpu (CPU)', notice: 'Pose tracking fell back to CPU: wasm kept failing while tracking. slow CPU fallback' });
    expect(made[0]!.disposed).toBe(true);
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
