// The teacher's page tracking a video file frame by frame (src/features/teacher/track-clip.ts):
// every frame waited for; a frame the browser could not hand to the worker is offered again; a
// worker that stops answering is replaced and the clip goes on; only when the new one is silent
// too, or a frame can never be read, does the page get a message. The tracker client here is a
// stand-in that answers, loses or ignores each frame as the test says (the real one runs in the
// browser tests, tests/e2e/teacher).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import type { LandmarksListener } from '@signlearn/engine/tracker/browser/tracker_client';
import type { BackendReport } from '@signlearn/engine/tracker/types';
import { clipMessages } from '../../../src/features/teacher/clip-problems.ts';
import { ClipError, ClipTracker, SETTLE_LOOKS, TRACKED_FPS, type ClipTrackerClient } from '../../../src/features/teacher/track-clip.ts';

type Answer = 'answer' | 'lose' | 'ignore';

/** A tracker client whose worker answers each offered frame as `decide` says (by the frame's time and how often it was offered). */
class StandInClient implements ClipTrackerClient {
  readonly offered: number[] = [];
  disposed = false;
  private busy = false;
  private readonly landmarks = new Set<LandmarksListener>();
  private readonly lost = new Set<(reason: string) => void>();
  constructor(private readonly decide: (timeMs: number, offeredBefore: number) => Answer) {}

  async start(): Promise<BackendReport> {
    return { name: 'wasm', simd: true, threads: 1 };
  }
  offer(_source: unknown, _width: number, _height: number, timestampMs: number): boolean {
    if (this.busy || this.disposed) return false;
    const answer = this.decide(timestampMs, this.offered.filter((t) => t === timestampMs).length);
    this.offered.push(timestampMs);
    this.busy = true;
    if (answer === 'answer') {
      setTimeout(() => {
        this.busy = false;
        const frame = createLandmarkFrame();
        frame.timestampMs = timestampMs;
        frame.present[0] = 1;
        for (const listener of this.landmarks) listener(frame, new Float64Array(0), { numTensors: 0, latencyMs: 1 });
      }, 1);
    } else if (answer === 'lose') {
      setTimeout(() => {
        this.busy = false;
        for (const listener of this.lost) listener('The provided element has not retrieved data.');
      }, 1);
    }
    // 'ignore': a worker that never answers; the client stays busy.
    return true;
  }
  reset(): void {}
  onLandmarks(listener: LandmarksListener): () => boolean {
    this.landmarks.add(listener);
    return () => this.landmarks.delete(listener);
  }
  onError(): () => boolean {
    return () => true;
  }
  onFrameLost(listener: (reason: string) => void): () => boolean {
    this.lost.add(listener);
    return () => this.lost.delete(listener);
  }
  dispose(): void {
    this.disposed = true;
  }
}

/** A paused video of `seconds` that loads and seeks at once, as a browser's does with a small file. */
function clipVideo(seconds: number): HTMLVideoElement {
  const video = {
    videoWidth: 658,
    videoHeight: 494,
    duration: seconds,
    muted: false,
    srcObject: null,
    onloadeddata: null as (() => void) | null,
    onerror: null,
    onseeked: null as (() => void) | null,
    set src(_url: string) {
      setTimeout(() => video.onloadeddata?.(), 1);
    },
    set currentTime(_time: number) {
      setTimeout(() => video.onseeked?.(), 1);
    },
  };
  return video as unknown as HTMLVideoElement;
}

const FILE = new File([new Uint8Array(16)], 'raise-forearm.webm', { type: 'video/webm' });
const TIMING = { stallMs: 150, frameTimeoutMs: 300, snapshotTries: 3 };
const frameTime = (index: number) => (index / TRACKED_FPS) * 1000;

/** A clip tracker whose workers are the stand-ins `decides` make, one after the other. */
function clipTracker(...decides: Array<(timeMs: number, offeredBefore: number) => Answer>) {
  const clients: StandInClient[] = [];
  const tracker = new ClipTracker(() => {
    const client = new StandInClient(decides[clients.length] ?? (() => 'answer'));
    clients.push(client);
    return client;
  }, TIMING);
  return { tracker, clients };
}

afterEach(() => vi.restoreAllMocks());

describe("the teacher's clip tracking", () => {
  it('tracks every frame of a file at TRACKED_FPS, each in order with its time in the clip', async () => {
    const { tracker, clients } = clipTracker(() => 'answer');
    const seen: number[] = [];
    const frames = await tracker.trackFile(clipVideo(1), FILE, (_frame, done) => seen.push(done));
    expect(frames.map((f) => f.timestampMs)).toEqual(Array.from({ length: TRACKED_FPS }, (_, i) => frameTime(i)));
    expect(seen).toEqual(Array.from({ length: TRACKED_FPS }, (_, i) => i + 1));
    expect(clients).toHaveLength(1);
    expect(clients[0]!.offered).toHaveLength(SETTLE_LOOKS + TRACKED_FPS);
  });

  it('looks at the first frame SETTLE_LOOKS times before the clip, at times before it, and keeps none of those looks', async () => {
    const { tracker, clients } = clipTracker(() => 'answer');
    const seen: number[] = [];
    const frames = await tracker.trackFile(clipVideo(1), FILE, (frame) => seen.push(frame.timestampMs));
    const settle = Array.from({ length: SETTLE_LOOKS }, (_, k) => frameTime(k - SETTLE_LOOKS));
    expect(clients[0]!.offered).toEqual([...settle, ...Array.from({ length: TRACKED_FPS }, (_, i) => frameTime(i))]);
    expect(seen).toEqual(frames.map((f) => f.timestampMs));
    expect(frames[0]!.timestampMs).toBe(0);
  });

  it('offers a frame again when the browser could not hand it to the worker', async () => {
    const { tracker, clients } = clipTracker((t, before) => (t === frameTime(4) && before < 2 ? 'lose' : 'answer'));
    const frames = await tracker.trackFile(clipVideo(1), FILE, () => {});
    expect(frames).toHaveLength(TRACKED_FPS);
    expect(clients[0]!.offered.filter((t) => t === frameTime(4))).toHaveLength(3);
    expect(tracker.replaced).toBe(0);
  });

  it('says which frame could not be read when the browser never hands it over', async () => {
    const { tracker } = clipTracker((t) => (t === frameTime(5) ? 'lose' : 'answer'));
    const tracking = tracker.trackFile(clipVideo(1), FILE, () => {});
    await expect(tracking).rejects.toThrow(ClipError);
    await expect(tracking).rejects.toThrow(clipMessages.frameUnreadable(frameTime(5) / 1000, 'The provided element has not retrieved data.'));
  });

  it('replaces a worker that stops answering, and the new one tracks the rest of the clip from that frame', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((message: string) => warnings.push(message));
    const { tracker, clients } = clipTracker((t) => (t === frameTime(6) ? 'ignore' : 'answer'), () => 'answer');
    const frames = await tracker.trackFile(clipVideo(1), FILE, () => {});
    expect(frames.map((f) => f.timestampMs)).toEqual(Array.from({ length: TRACKED_FPS }, (_, i) => frameTime(i)));
    expect(tracker.replaced).toBe(1);
    expect(clients).toHaveLength(2);
    expect(clients[0]!.disposed).toBe(true);
    expect(clients[0]!.offered.at(-1)).toBe(frameTime(6));
    expect(clients[1]!.offered[0]).toBe(frameTime(6));
    expect(clients[1]!.offered).toHaveLength(TRACKED_FPS - 6);
    expect(warnings).toEqual([`Pose tracking did not answer the clip's frame at 0.40 s within 0.15 s: starting a new tracker`]);
  });

  it('says tracking stopped answering when the new worker is silent too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { tracker, clients } = clipTracker((t) => (t === frameTime(2) ? 'ignore' : 'answer'), () => 'ignore');
    await expect(tracker.trackFile(clipVideo(1), FILE, () => {})).rejects.toThrow(clipMessages.trackerSilent);
    expect(clients).toHaveLength(2);
    expect(clients[1]!.offered).toEqual([frameTime(2)]);
  });
});
