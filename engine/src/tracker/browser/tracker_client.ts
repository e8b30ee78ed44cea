import { createLandmarkFrame, type LandmarkFrame } from '../../core/landmark_frame.ts';
import { TRACKER_STAGE_COUNT } from '../constants.ts';
import { checkedSchedule, type TrackingSchedule } from '../tracker_options.ts';
import type { TrackerRequest, TrackerResponse, TrackerStartup, WorkerTrackerOptions } from './tracker_messages.ts';
import type { BackendReport } from '../types.ts';

/** The worker, as the client needs it (a DOM Worker satisfies this). */
export interface TrackerWorkerPort {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TrackerResponse>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** A frame source the browser can snapshot: a playing <video>, a canvas, a VideoFrame. */
export type FrameSource = Parameters<typeof createImageBitmap>[0];

export interface TrackerClientOptions extends WorkerTrackerOptions {
  /**
   * Frames wider than this are scaled down when snapshotted (createImageBitmap resize), so the
   * worker reads fewer pixels; the models crop 256 and 224 pixel squares. Default 640.
   */
  maxInputWidth?: number;
}

export type LandmarksListener = (frame: LandmarkFrame, stageTimings: Float64Array, info: { numTensors: number; latencyMs: number }) => void;

/**
 * Main-thread side of the tracker. `offer` hands a frame to the worker with the arrays to fill (a
 * VideoFrame of the source at the size tracked, else an ImageBitmap snapshot scaled down to it);
 * while a frame is in the worker, offered frames are dropped (never queued), so the landmarks are
 * always of a recent frame and the main thread never waits on inference. When a live source's
 * frame was dropped (a video), the source is read again as soon as the worker is free (its newest
 * frame), instead of waiting for the camera's next one.
 * Two LandmarkFrames alternate: the one last delivered stays readable until the next delivery.
 */
export class TrackerClient {
  /** Frames dropped because the worker was busy. */
  dropped = 0;
  /** Frames tracked. */
  tracked = 0;
  /** Frames taken by `offer` that never reached the worker (onFrameLost). */
  lost = 0;
  /** Frames handed to the worker as VideoFrames (the others went as ImageBitmaps). */
  sentAsVideoFrames = 0;
  backend: BackendReport | null = null;
  /** Where the worker's start-up time went (set when ready). */
  startup: TrackerStartup | null = null;

  private readonly frames: [LandmarkFrame, LandmarkFrame] = [createLandmarkFrame(), createLandmarkFrame()];
  private readonly timings: [Float64Array, Float64Array] = [new Float64Array(TRACKER_STAGE_COUNT), new Float64Array(TRACKER_STAGE_COUNT)];
  private spare = 0;
  private busy = false;
  /** Frames go to the worker as VideoFrames until the browser refuses one (sendVideoFrame). */
  private videoFrames = true;
  private offeredAt = 0;
  /**
   * The last live source (a video element, see `offer`) whose frame was dropped while the worker
   * was busy: it is offered again the moment the worker is free, and then reads the newest frame
   * the source shows. Without it the worker idles until the camera's next frame (up to 33 ms at 30 fps),
   * a third of a lite frame's work. Nothing is queued: a video holds one frame, the current one.
   */
  private readonly catchUp = { source: null as FrameSource | null, width: 0, height: 0, timestampMs: 0 };
  private readonly listeners = new Set<LandmarksListener>();
  private readonly errorListeners = new Set<(message: string) => void>();
  private readonly lostListeners = new Set<(reason: string) => void>();
  private ready: Promise<BackendReport> | null = null;
  private resolveReady: ((report: BackendReport) => void) | null = null;
  private rejectReady: ((error: Error) => void) | null = null;
  private maxInputWidth = 640;

  constructor(private readonly worker: TrackerWorkerPort) {
    worker.addEventListener('message', (event: MessageEvent<TrackerResponse>) => this.receive(event.data));
    worker.addEventListener('error', (event: ErrorEvent) => {
      const message = event.message || 'tracker worker failed to start';
      this.rejectReady?.(new Error(message));
      for (const listener of this.errorListeners) listener(message);
    });
  }

  /** Starts the worker's backend and models, and warms them up. Resolves with the backend used. */
  start(options: TrackerClientOptions = {}): Promise<BackendReport> {
    this.maxInputWidth = options.maxInputWidth ?? 640;
    this.ready ??= new Promise<BackendReport>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
      const { maxInputWidth: _, ...workerOptions } = options;
      this.send({ type: 'init', options: workerOptions }, []);
    });
    return this.ready;
  }

  onLandmarks(listener: LandmarksListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onError(listener: (message: string) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /**
   * Offers a frame to track. Returns false, dropping it, while the previous frame is still being
   * tracked (or before the tracker is ready). `live`: the source shows the camera's newest frame
   * whenever it is read (a playing video, the default for one; or a canvas a camera stand-in draws
   * each frame into), so a frame dropped from it is read again the moment the worker is free.
   */
  offer(source: FrameSource, width: number, height: number, timestampMs: number, live = isLiveVideo(source)): boolean {
    if (this.busy || this.backend === null || width === 0 || height === 0) {
      this.dropped++;
      if (this.busy && live) {
        this.catchUp.source = source;
        this.catchUp.width = width;
        this.catchUp.height = height;
        this.catchUp.timestampMs = timestampMs;
      }
      return false;
    }
    this.catchUp.source = null;
    this.busy = true;
    this.offeredAt = performance.now();
    const scale = width > this.maxInputWidth ? this.maxInputWidth / width : 1;
    if (scale === 1 && this.sendVideoFrame(source, timestampMs)) return true;
    const resize = scale < 1 ? { resizeWidth: Math.round(width * scale), resizeHeight: Math.round(height * scale), resizeQuality: 'low' as const } : {};
    createImageBitmap(source, resize).then(
      (bitmap) => {
        try {
          this.sendFrame(bitmap, timestampMs);
        } catch (error) {
          bitmap.close();
          this.lose(error);
        }
      },
      (error: unknown) => this.lose(error),
    );
    return true;
  }

  /**
   * When the frame now in the worker was taken (performance.now()), or null when none is: a caller
   * can tell a worker that stopped answering from a slow one.
   */
  get inFlightSince(): number | null {
    return this.busy ? this.offeredAt : null;
  }

  /**
   * Called with the reason when a frame `offer` took never reaches the worker (the browser could not
   * snapshot the source, or the message could not be sent): no landmarks will come for it. A camera
   * loop needs nothing (its next frame is offered anyway); a caller that waits for that frame's
   * landmarks offers it again instead of waiting for an answer that cannot come.
   */
  onFrameLost(listener: (reason: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Forget the tracked pose and hands (a new sign, a new learner). */
  reset(): void {
    this.send({ type: 'reset' }, []);
  }

  setMirrored(value: boolean): void {
    this.send({ type: 'mirrored', value }, []);
  }

  /**
   * Which parts the next frames run (TrackerOptions.schedule, tracking_schedule in the tracker's
   * docs): the practice sets it from what the current sign reads; null runs every part on every
   * frame. Takes effect from the next frame the worker starts.
   */
  setSchedule(value: TrackingSchedule | null): void {
    this.send({ type: 'schedule', value: checkedSchedule(value) }, []);
  }

  dispose(): void {
    this.worker.terminate();
    this.listeners.clear();
    this.errorListeners.clear();
    this.lostListeners.clear();
  }

  /**
   * A frame at the size tracked goes to the worker as a VideoFrame, made at once from the source
   * and read there into one buffer (read_video_frame.ts): no snapshot to wait for, no read-back
   * through a canvas. False (the ImageBitmap path, from then on) where the browser has no
   * VideoFrame or cannot transfer one; false for this frame when the source has none to give.
   */
  private sendVideoFrame(source: FrameSource, timestampMs: number): boolean {
    if (!this.videoFrames || typeof VideoFrame === 'undefined') return false;
    let frame: VideoFrame;
    try {
      frame = new VideoFrame(source as CanvasImageSource, { timestamp: Math.round(timestampMs * 1000) });
    } catch {
      return false;
    }
    try {
      this.sendFrame(frame, timestampMs);
      this.sentAsVideoFrames++;
      return true;
    } catch {
      frame.close();
      this.videoFrames = false;
      return false;
    }
  }

  private sendFrame(image: ImageBitmap | VideoFrame, timestampMs: number): void {
    const frame = this.frames[this.spare]!;
    const timings = this.timings[this.spare]!;
    this.send(
      { type: 'frame', image, timestampMs, pose: frame.pose, leftHand: frame.leftHand, rightHand: frame.rightHand, present: frame.present, timings },
      [image, frame.pose.buffer, frame.leftHand.buffer, frame.rightHand.buffer, frame.present.buffer, timings.buffer],
    );
  }

  /** The frame in hand will never reach the worker: the next offer is taken, and the listeners are told. */
  private lose(error: unknown): void {
    this.busy = false;
    this.lost++;
    const reason = error instanceof Error ? error.message : String(error);
    for (const listener of this.lostListeners) listener(reason);
  }

  private send(request: TrackerRequest, transfer: Transferable[]): void {
    this.worker.postMessage(request, transfer);
  }

  private receive(message: TrackerResponse): void {
    switch (message.type) {
      case 'ready':
        this.backend = message.backend;
        this.startup = message.startup;
        this.resolveReady?.(message.backend);
        break;
      case 'error':
        if (this.backend === null) this.rejectReady?.(new Error(message.message));
        for (const listener of this.errorListeners) listener(message.message);
        break;
      case 'landmarks': {
        const frame = this.frames[this.spare]!;
        frame.pose = message.pose;
        frame.leftHand = message.leftHand;
        frame.rightHand = message.rightHand;
        frame.present = message.present;
        frame.timestampMs = message.timestampMs;
        frame.imageWidth = message.imageWidth;
        frame.imageHeight = message.imageHeight;
        this.timings[this.spare] = message.timings;
        const timings = message.timings;
        this.spare = 1 - this.spare;
        this.busy = false;
        this.tracked++;
        const info = { numTensors: message.numTensors, latencyMs: performance.now() - this.offeredAt };
        for (const listener of this.listeners) listener(frame, timings, info);
        const pending = this.catchUp.source;
        if (pending !== null && !this.busy) {
          // The dropped frame is tracked after all (or a newer one the video shows by now).
          this.dropped--;
          this.offer(pending, this.catchUp.width, this.catchUp.height, this.catchUp.timestampMs, true);
        }
        break;
      }
    }
  }
}

/** A video element: it shows its newest frame whenever it is read, so a dropped frame can be read again later. */
function isLiveVideo(source: FrameSource): boolean {
  return typeof (source as { videoWidth?: unknown }).videoWidth === 'number';
}
