// The tracker (the engine's, in its Web Worker, started with the camera screen's settings) run
// over a teacher's clip: a video file frame by frame (its first frame looked at SETTLE_LOOKS times
// first, then every frame at TRACKED_FPS, each waited for, however slow the machine; a worker that
// stops answering is replaced), or the camera while the teacher records. Frames stay on this machine.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { createTrackerClient } from '@signlearn/engine/tracker/browser/create_tracker_worker';
import type { TrackerClient } from '@signlearn/engine/tracker/browser/tracker_client';
import { TRACKER_START_OPTIONS } from '@/lib/tracker-warmup/tracker-warmup.ts';
import { keepFrame } from './clip-frames.ts';
import { clipMessages, MAX_FILE_SECONDS } from './clip-problems.ts';

/** A file is read at this many frames a second: a sign's course, at a third of the tracking work of 30. */
export const TRACKED_FPS = 15;

/**
 * Looks the tracker takes at a file's first frame before the clip, at times before it. The
 * tracker's first look at a hand (its crop from the palm detector) and where it settles over the
 * next frames (its crop from the hand's own landmarks) can differ: on the small photographed hand
 * of the page's browser test, by 0.3 shoulder widths in the palm's height and 1.6 times in its
 * size, settling over 12-16 looks. A learner's camera has followed their hand for a while when
 * they sign, so the clip is tracked from a settled tracker, as the camera would have followed the
 * teacher before the sign.
 */
export const SETTLE_LOOKS = 15;

/** How long a clip's frame may wait for its landmarks (a WASM frame takes well under a second). */
export interface ClipTrackerTiming {
  /** Unanswered this long, the tracker's worker is replaced and the frame given to the new one. */
  stallMs: number;
  /** Unanswered this long by the new worker too: the page says tracking stopped answering. */
  frameTimeoutMs: number;
  /** A frame the browser could not hand to the worker is offered this many times before the page says so. */
  snapshotTries: number;
}

export const CLIP_TRACKER_TIMING: ClipTrackerTiming = { stallMs: 20_000, frameTimeoutMs: 60_000, snapshotTries: 3 };

/** What the clip tracker uses of the engine's tracker client (a test gives its own). */
export type ClipTrackerClient = Pick<TrackerClient, 'start' | 'offer' | 'reset' | 'onLandmarks' | 'onError' | 'onFrameLost' | 'dispose'>;

/** Thrown with the message the page shows. */
export class ClipError extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One tracker for the page, started on first use. */
export class ClipTracker {
  private client: ClipTrackerClient | null = null;
  private starting: Promise<ClipTrackerClient> | null = null;
  private waiting: ((frame: LandmarkFrame) => void) | null = null;
  private failing: ((error: Error) => void) | null = null;
  private lost: ((reason: string) => void) | null = null;
  private live: ((frame: LandmarkFrame) => void) | null = null;
  /** Workers replaced because they stopped answering (the page's tracker is a new one after each). */
  replaced = 0;

  constructor(
    private readonly createClient: () => ClipTrackerClient = createTrackerClient,
    private readonly timing: ClipTrackerTiming = CLIP_TRACKER_TIMING,
  ) {}

  start(): Promise<ClipTrackerClient> {
    this.starting ??= (async () => {
      const client = this.createClient();
      try {
        await client.start(TRACKER_START_OPTIONS);
      } catch (error) {
        client.dispose();
        this.starting = null;
        throw new ClipError(clipMessages.trackerFailed(error instanceof Error ? error.message : String(error)));
      }
      client.onLandmarks((frame) => {
        const resolve = this.waiting;
        this.waiting = null;
        this.failing = null;
        resolve?.(frame);
        this.live?.(frame);
      });
      client.onError((message) => {
        const reject = this.failing;
        this.waiting = null;
        this.failing = null;
        reject?.(new ClipError(`Pose tracking failed on a frame: ${message}`));
      });
      client.onFrameLost((reason) => this.lost?.(reason));
      this.client = client;
      return client;
    })();
    return this.starting;
  }

  /** The landmarks of the frame `video` shows now, at `timeMs` (the tracker follows the clip's
   * previous frames, as it follows a camera). */
  private async trackOne(video: HTMLVideoElement, timeMs: number): Promise<LandmarkFrame> {
    const frame = await this.waitForFrame(await this.start(), video, timeMs, this.timing.stallMs);
    if (frame !== null) return frame;
    // A worker that stops answering (a frame normally takes well under a second) is replaced, once
    // a frame: the new one starts this frame afresh, as after a reset, and the clip goes on.
    console.warn(`Pose tracking did not answer the clip's frame at ${(timeMs / 1000).toFixed(2)} s within ${this.timing.stallMs / 1000} s: starting a new tracker`);
    this.dispose();
    this.replaced++;
    const again = await this.waitForFrame(await this.start(), video, timeMs, this.timing.frameTimeoutMs);
    if (again === null) throw new ClipError(clipMessages.trackerSilent);
    return again;
  }

  /** Hands the frame to `client` and resolves with its landmarks, or with null when none came within `limitMs`. */
  private waitForFrame(client: ClipTrackerClient, video: HTMLVideoElement, timeMs: number, limitMs: number): Promise<LandmarkFrame | null> {
    return new Promise<LandmarkFrame | null>((resolve, reject) => {
      let over = false;
      let snapshots = 0;
      const end = () => {
        over = true;
        clearTimeout(timer);
        this.waiting = null;
        this.failing = null;
        this.lost = null;
      };
      // The tracker takes a frame once the previous one is done (a moment after its landmarks came).
      // Not offered as live: the paused clip shows this frame until the next seek, and the tracker
      // must not take it again by itself.
      const offer = async () => {
        while (!over && !client.offer(video, video.videoWidth, video.videoHeight, timeMs, false)) await pause(10);
      };
      const timer = setTimeout(() => {
        end();
        resolve(null);
      }, limitMs);
      this.waiting = (frame) => {
        end();
        resolve(keepFrame(frame, timeMs));
      };
      this.failing = (error) => {
        end();
        reject(error);
      };
      // The browser could not hand the frame to the worker: no landmarks will come for it.
      this.lost = (reason) => {
        snapshots++;
        if (snapshots < this.timing.snapshotTries) {
          void pause(50).then(offer);
          return;
        }
        end();
        reject(new ClipError(clipMessages.frameUnreadable(timeMs / 1000, reason)));
      };
      void offer();
    });
  }

  /**
   * A picked file in `video`: refused when it is not a video or longer than MAX_FILE_SECONDS;
   * otherwise every frame at TRACKED_FPS, `onFrame` called with each (the page draws it).
   */
  async trackFile(video: HTMLVideoElement, file: File, onFrame: (frame: LandmarkFrame, done: number, total: number) => void): Promise<LandmarkFrame[]> {
    if (file.type !== '' && !file.type.startsWith('video/')) throw new ClipError(clipMessages.notVideo(file.name));
    const url = URL.createObjectURL(file);
    try {
      video.srcObject = null;
      video.muted = true;
      video.src = url;
      await new Promise<void>((resolve, reject) => {
        video.onloadeddata = () => resolve();
        video.onerror = () => reject(new ClipError(clipMessages.notVideo(file.name)));
      });
      const duration = video.duration;
      if (!Number.isFinite(duration) || duration <= 0 || video.videoWidth === 0) throw new ClipError(clipMessages.notVideo(file.name));
      if (duration > MAX_FILE_SECONDS) throw new ClipError(clipMessages.tooLong(file.name, duration));
      const total = Math.max(1, Math.floor(duration * TRACKED_FPS));
      const frames: LandmarkFrame[] = [];
      const seek = (time: number) =>
        new Promise<void>((resolve, reject) => {
          // A seek the browser never finishes is said, not waited for forever.
          const timer = setTimeout(() => reject(new ClipError(clipMessages.seekFailed(file.name, time))), this.timing.frameTimeoutMs);
          video.onseeked = () => {
            clearTimeout(timer);
            resolve();
          };
          video.currentTime = time;
        });
      (await this.start()).reset();
      await seek(0);
      for (let k = SETTLE_LOOKS; k > 0; k--) await this.trackOne(video, (-k / TRACKED_FPS) * 1000);
      for (let i = 0; i < total; i++) {
        const time = i / TRACKED_FPS;
        await seek(time);
        const frame = await this.trackOne(video, time * 1000);
        frames.push(frame);
        onFrame(frame, i + 1, total);
      }
      return frames;
    } finally {
      video.onloadeddata = null;
      video.onerror = null;
      video.onseeked = null;
      URL.revokeObjectURL(url);
    }
  }

  /** The camera in `video` while `recording()` says so: each frame the tracker returns, kept with its time. */
  async trackCamera(video: HTMLVideoElement, onFrame: (frame: LandmarkFrame) => void, recording: () => boolean): Promise<LandmarkFrame[]> {
    const client = await this.start();
    const frames: LandmarkFrame[] = [];
    const startedAt = performance.now();
    this.live = (frame) => {
      if (!recording()) return;
      const kept = keepFrame(frame, performance.now() - startedAt);
      frames.push(kept);
      onFrame(kept);
    };
    await new Promise<void>((resolve) => {
      const next = () => {
        if (!recording()) return resolve();
        if (video.readyState >= 2) client.offer(video, video.videoWidth, video.videoHeight, performance.now());
        video.requestVideoFrameCallback(next);
      };
      video.requestVideoFrameCallback(next);
    });
    this.live = null;
    return frames;
  }

  dispose(): void {
    this.client?.dispose();
    this.client = null;
    this.starting = null;
  }
}
