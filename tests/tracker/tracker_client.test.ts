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
    // The image and the four arrays and the timings travel as transferables.
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

  it('hands a frame at the size tracked to the worker as a VideoFrame, a wider one as a scaled ImageBitmap', async () => {
    const made: Array<{ source: unknown; timestamp: number; closed: boolean }> = [];
    class FakeVideoFrame {
      record: { source: unknown; timestamp: number; closed: boolean };
      constructor(source: unknown, init: { timestamp: number }) {
        if ((source as { empty?: boolean }).empty) throw new DOMException('no frame yet', 'InvalidStateError');
        this.record = { source, timestamp: init.timestamp, closed: false };
        made.push(this.record);
      }
      close() {
        this.record.closed = true;
      }
    }
    const bitmaps: Array<{ resizeWidth?: number }> = [];
    vi.stubGlobal('VideoFrame', FakeVideoFrame);
    vi.stubGlobal('createImageBitmap', async (_source: unknown, options: { resizeWidth?: number } = {}) => {
      bitmaps.push(options);
      return { close() {} };
    });
    const { worker, client } = await readyClient();
    const images = () => worker.sent.filter((s) => s.message.type === 'frame').map((s) => (s.message as Extract<TrackerRequest, { type: 'frame' }>).image);
    const video = { videoWidth: 640, videoHeight: 480 } as unknown as ImageBitmap;
    // At the size tracked: a VideoFrame, sent at once (no snapshot to wait for), transferred.
    expect(client.offer(video, 640, 480, 33.5)).toBe(true);
    expect(images()).toHaveLength(1);
    expect(images()[0]).toBeInstanceOf(FakeVideoFrame);
    expect(made[0]).toMatchObject({ source: video, timestamp: 33_500 });
    expect(worker.sent.at(-1)!.transfer[0]).toBe(images()[0]);
    expect(bitmaps).toHaveLength(0);
    expect(client.sentAsVideoFrames).toBe(1);
    worker.answerFrame();
    // Wider than the tracker reads (1280 > 640): scaled down in a snapshot, as before.
    expect(client.offer(video, 1280, 960, 66)).toBe(true);
    await flush();
    expect(bitmaps).toEqual([{ resizeWidth: 640, resizeHeight: 480, resizeQuality: 'low' }]);
    expect(images()[1]).not.toBeInstanceOf(FakeVideoFrame);
    worker.answerFrame();
    // A source with no frame to give yet: the snapshot path for this frame only.
    expect(client.offer({ empty: true } as unknown as ImageBitmap, 640, 480, 100)).toBe(true);
    await flush();
    expect(images()).toHaveLength(3);
    expect(images()[2]).not.toBeInstanceOf(FakeVideoFrame);
    worker.answerFrame();
    expect(client.offer(video, 640, 480, 133)).toBe(true);
    expect(images()[3]).toBeInstanceOf(FakeVideoFrame);
    worker.answerFrame();
    // A browser that cannot transfer a VideoFrame: that one is closed, and every later frame is a snapshot.
    worker.postMessage = (message: unknown, transfer: Transferable[]) => {
      if (transfer.some((t) => t instanceof FakeVideoFrame)) throw new DOMException('cannot transfer', 'DataCloneError');
      worker.sent.push({ message: message as TrackerRequest, transfer });
    };
    expect(client.offer(video, 640, 480, 166)).toBe(true);
    await flush();
    expect(made.at(-1)!.closed).toBe(true);
    expect(images()).toHaveLength(5);
    expect(images()[4]).not.toBeInstanceOf(FakeVideoFrame);
    worker.answerFrame();
    const madeBefore = made.length;
    expect(client.offer(video, 640, 480, 200)).toBe(true);
    await flush();
    expect(made).toHaveLength(madeBefore);
    expect(images()[5]).not.toBeInstanceOf(FakeVideoFrame);
    expect(client.sentAsVideoFrames).toBe(2);
  });

  it('says when a frame it took never reaches the worker, and takes the next one; says since when a frame is in the worker', async () => {
    const { worker, client } = await readyClient();
    const lost: string[] = [];
    client.onFrameLost((reason) => lost.push(reason));
    const frameRequests = () => worker.sent.filter((s) => s.message.type === 'frame');
    const video = {} as ImageBitmap;
    // The browser cannot snapshot the source: no landmarks will come for that frame.
    vi.stubGlobal('createImageBitmap', async () => {
      throw new DOMException('The provided element has not retrieved data.', 'InvalidStateError');
    });
    expect(client.inFlightSince).toBeNull();
    const before = performance.now();
    expect(client.offer(video, 1280, 960, 0)).toBe(true);
    expect(client.inFlightSince).toBeGreaterThanOrEqual(before);
    await flush();
    expect(lost).toEqual(['The provided element has not retrieved data.']);
    expect(client.inFlightSince).toBeNull();
    expect(frameRequests()).toHaveLength(0);
    expect(client.lost).toBe(1);
    // The snapshot was made but the message could not be sent: the snapshot is closed.
    const bitmap = { closed: false, close() { this.closed = true; } };
    vi.stubGlobal('createImageBitmap', async () => bitmap);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = () => {
      throw new DOMException('An ArrayBuffer is detached and could not be cloned.', 'DataCloneError');
    };
    expect(client.offer(video, 1280, 960, 33)).toBe(true);
    await flush();
    expect(lost).toHaveLength(2);
    expect(lost[1]).toMatch(/detached/);
    expect(bitmap.closed).toBe(true);
    // Neither left the client busy: the next frame goes to the worker and is answered.
    worker.postMessage = post;
    expect(client.offer(video, 1280, 960, 66)).toBe(true);
    await flush();
    expect(frameRequests()).toHaveLength(1);
    expect(client.inFlightSince).not.toBeNull();
    const times: number[] = [];
    client.onLandmarks((frame) => times.push(frame.timestampMs));
    worker.answerFrame();
    expect(times).toEqual([66]);
    expect(client.inFlightSince).toBeNull();
    expect(client.lost).toBe(2);
    expect(client.dropped).toBe(0);
  });

  it('drops frames before the tracker is ready', () => {
    const client = new TrackerClient(new FakeWorker());
    expect(client.offer({} as ImageBitmap, 640, 480, 0)).toBe(false);
  });
});
