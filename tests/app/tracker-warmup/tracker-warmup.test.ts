// The tracker warmed up before the camera screen opens: started once, handed over once,
// freed when nobody takes it. A fake client stands in for the worker; the real hand-over runs in
// tests/e2e/camera/first-skeleton.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackerClient, TrackerClientOptions } from '../../../engine/src/tracker/browser/tracker_client.ts';
import { releaseWarmTracker, takeWarmTracker, TRACKER_START_OPTIONS, WARM_TRACKER_KEPT_MS, warmUpTracker } from '../../../src/lib/tracker-warmup/tracker-warmup.ts';

function fakeClient() {
  const client = {
    started: [] as TrackerClientOptions[],
    disposed: false,
    start: (options: TrackerClientOptions) => {
      client.started.push(options);
      return Promise.resolve({ name: 'wasm' as const });
    },
    dispose: () => {
      client.disposed = true;
    },
  };
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Worker', class {});
});
afterEach(() => {
  releaseWarmTracker();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('warm tracker', () => {
  it('starts one tracker with the camera screen options, however often it is asked', () => {
    const made: ReturnType<typeof fakeClient>[] = [];
    const create = () => {
      made.push(fakeClient());
      return made.at(-1) as unknown as TrackerClient;
    };
    warmUpTracker(create);
    warmUpTracker(create);
    expect(made).toHaveLength(1);
    expect(made[0]!.started).toEqual([TRACKER_START_OPTIONS]);
    expect(TRACKER_START_OPTIONS.backend).toBe('auto');
  });

  it('hands the tracker over once; the next warm-up starts another', () => {
    const first = fakeClient();
    warmUpTracker(() => first as unknown as TrackerClient);
    expect(takeWarmTracker()?.client).toBe(first);
    expect(takeWarmTracker()).toBeNull();
    vi.advanceTimersByTime(WARM_TRACKER_KEPT_MS * 2);
    expect(first.disposed).toBe(false); // the taker owns it now
    const second = fakeClient();
    warmUpTracker(() => second as unknown as TrackerClient);
    expect(takeWarmTracker()?.client).toBe(second);
  });

  it('frees a tracker nobody took after WARM_TRACKER_KEPT_MS', () => {
    const client = fakeClient();
    warmUpTracker(() => client as unknown as TrackerClient);
    vi.advanceTimersByTime(WARM_TRACKER_KEPT_MS - 1);
    expect(client.disposed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(client.disposed).toBe(true);
    expect(takeWarmTracker()).toBeNull();
  });

  it('frees it at once when a screen that tracks no camera opens', () => {
    const client = fakeClient();
    warmUpTracker(() => client as unknown as TrackerClient);
    releaseWarmTracker();
    expect(client.disposed).toBe(true);
    expect(takeWarmTracker()).toBeNull();
  });

  it('starts nothing where the browser has no Worker', () => {
    vi.unstubAllGlobals();
    const client = fakeClient();
    warmUpTracker(() => client as unknown as TrackerClient);
    expect(client.started).toEqual([]);
    expect(takeWarmTracker()).toBeNull();
  });
});
