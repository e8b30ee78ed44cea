// The main-thread client: one frame in flight, later frames dropped (never queued), arrays
// transferred to the worker and back, two LandmarkFrames alternating.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackerClient, type TrackerWorkerPort } from '../../engine/src/tracker/browser/tracker_client.ts';
import type { TrackerRequest, TrackerResponse, TrackerStartup } from '../../engine/src/tracker/browser/tracker_messages.ts';

const STARTUP: TrackerStartup = { scriptAt: 0, initAt: 1, backendMs: 1, coreProbeMs: 0, loadMs: 1, warmUpMs: 1, readyAt: 4, cacheHits: 0, cacheMisses: 0 };

class FakeWorker implements TrackerWorkerPort {
  sent: Array<{ message: TrackerRequest; transfer: Transferable[] }> = [];
  private listener: ((event: MessageEvent<TrackerResponse>) => void) | null = null;
  postMessage(message: unknown, transfer: Transferable[]): void {
    this.sent.push({ message: message as TrackerRequest, transfer });
  }
  addEventListener(type: string, listener: (event: never) => void): void {
    if (type === 'message') this.listener = listener as (event: MessageEvent<TrackerResponse>) => void;
  }
  terminate(): void {}
  reply(message: TrackerResponse): void {
    this.listener?.({ data: message } as MessageEvent<TrackerResponse>);
  }
  /** Answers the last frame request as the worker would: the same arrays, filled. */
  answerFrame(): void {
    const request = this.sent.at(-1)!.message as Extract<TrackerRequest, { type: 'frame' }>;
    request.present.set([1, 0, 1]);
    this.reply({ type: 'landmarks', timestampMs: request.timestampMs, imageWidth: 640, imageHeight: 480, pose: request.pose, leftHand: request.leftHand, rightHand: request.rightHand, present: request.present, timings: request.timings, numTensors: 10 });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A client whose worker has answered ready. */
async function readyClient(): Promise<{ worker: FakeWorker; client: TrackerClient }> {
  const worker = new FakeWorker();
  const client = new TrackerClient(worker);
  const started = client.start({ modelBaseUrl: '/models/' });
  worker.reply({ type: 'ready', backend: { name: 'wasm', simd: true, threads: 1 }, startup: STARTUP });
  await started;
  return { worker, client };
}

beforeEach(() => {
  vi.stubGlobal('createImageBitmap', async () => ({ close() {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('TrackerClient', () => {
  it('keeps one frame in flight and drops the frames offered meanwhile', async () => {
    const worker = new FakeWorker();
    const client = new TrackerClient(worker);
    const started = client.start({ modelBaseUrl: '/models/' });
    expect(worker.sent[0]!.message.type).toBe('init');
    worker.reply({ type: 'ready', backend: { name: 'wasm', simd: true, threads: 1 }, startup: STARTUP });
    expect(await started).toEqual({ name: 'wasm', simd: true, threads: 1 });

    const frames: Array<{ t: number; present: number[] }> = [];
    client.onLandmarks((frame) => frames.push({ t: frame.timestampMs, present: Array.from(frame.present) }));
    const video = {} as ImageBitmap;
    expect(client.offer(video, 1280, 960, 0)).toBe(true);
    expect(client.offer(video, 1280, 960, 33)).toBe(false);
    expect(client.offer(video, 1280, 960, 66)).toBe(false);
    await flush();
    const frameRequests = () => worker.sent.filter((s) => s.message.type === 'frame');
    expect(frameRequests()).toHaveLength(1);
    // Bitmap and the four arrays and the timings travel as transferables.
    expect(frameRequests()[0]!.transfer).toHaveLength(6);
    expect(client.dropped).toBe(2);

    worker.answerFrame();
    expect(frames).toEqual([{ t: 0, present: [1, 0, 1] }]);
    expect(client.offer(video, 1280, 960, 100)).toBe(true);
    await flush();
    expect(frameRequests()).toHaveLength(2);
    // The second frame goes out in the other LandmarkFrame's arrays.
    const [first, second] = frameRequests().map((s) => s.message as Extract<TrackerRequest, { type: 'frame' }>);
    expect(second!.pose).not.toBe(first!.pose);
  });

  it('reads a video again as soon as the worker is free when its frame was dropped, without waiting for the next one', async () => {
    const { worker, client } = await readyClient();
    const video = { videoWidth: 1280, videoHeight: 960 } as unknown as ImageBitmap;
    const frameRequests = () => worker.sent.filter((s) => s.message.type === 'frame').map((s) => s.message as Extract<TrackerRequest, { type: 'frame' }>);
    expect(client.offer(video, 1280, 960, 0)).toBe(true);
    expect(client.offer(video, 1280, 960, 33)).toBe(false);
    expect(client.offer(video, 1280, 960, 66)).toBe(false);
    await flush();
    expect(client.dropped).toBe(2);

    worker.answerFrame();
    await flush();
    // The newest dropped frame (66 ms) goes out at once; only the older one stays dropped.
    expect(frameRequests().map((r) => r.timestampMs)).toEqual([0, 66]);
    expect(client.dropped).toBe(1);
    expect(client.offer(video, 1280, 960, 100)).toBe(false);

    // Nothing dropped meanwhile: nothing is sent again.
    worker.answerFrame();
    await flush();
    worker.answerFrame();
    await flush();
    expect(frameRequests().map((r) => r.timestampMs)).toEqual([0, 66, 100]);
    expect(client.offer(video, 1280, 960, 133)).toBe(true);
  });

  it('reads a canvas again only when it is offered as live (a camera stand-in drawing each frame into it)', async () => {
    const { worker, client } = await readyClient();
    const canvas = {} as ImageBitmap;
    const frameTimes = () => worker.sent.filter((s) => s.message.type === 'frame').map((s) => (s.message as Extract<TrackerRequest, { type: 'frame' }>).timestampMs);
    // Not live (a still canvas): a dropped frame stays dropped.
    expect(client.offer(canvas, 640, 480, 0)).toBe(true);
    expect(client.offer(canvas, 640, 480, 33)).toBe(false);
    await flush();
    worker.answerFrame();
    await flush();
    expect(frameTimes()).toEqual([0]);
    expect(client.dropped).toBe(1);
    // Live: the newest dropped frame is read again the moment the worker is free.
    expect(client.offer(canvas, 640, 480, 66, true)).toBe(true);
    expect(client.offer(canvas, 640, 480, 100, true)).toBe(false);
    await flush();
    worker.answerFrame();
    await flush();
    expect(frameTimes()).toEqual([0, 66, 100]);
    expect(client.dropped).toBe(1);
  });

  it('drops frames before the tracker is ready', () => {
    const client = new TrackerClient(new FakeWorker());
    expect(client.offer({} as ImageBitmap, 640, 480, 0)).toBe(false);
  });
});
