// The tracker (the engine's, in its Web Worker, started with the camera screen's settings) run
// over a teacher's clip: a video file frame by frame (every frame at TRACKED_FPS, each waited for,
// however slow the machine), or the camera while the teacher records. Frames stay on this machine.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { createTrackerClient } from '@signlearn/engine/tracker/browser/create_tracker_worker';
import type { TrackerClient } from '@signlearn/engine/tracker/browser/tracker_client';
import { TRACKER_START_OPTIONS } from '@/lib/tracker-warmup/tracker-warmup.ts';
import { keepFrame } from './clip-frames.ts';
import { clipMessages, MAX_FILE_SECONDS } from './clip-problems.ts';

/** A file is read at this many frames a second: a sign's course, at a third of the tracking work of 30. */
export const TRACKED_FPS = 15;
const FRAME_TIMEOUT_MS = 60_000;

/** Thrown with the message the page shows. */
export class ClipError extends Error {}

/** One tracker for the page, started on first use. */
export class ClipTracker {
  private client: TrackerClient | null = null;
  private starting: Promise<TrackerClient> | null = null;
  private waiting: ((frame: LandmarkFrame) => void) | null = null;
  private failing: ((error: Error) => void) | null = null;
  private live: ((frame: LandmarkFrame) => void) | null = null;

  start(): Promise<TrackerClient> {
    this.starting ??= (async () => {
      const client = createTrackerClient();
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
      this.client = client;
      return client;
    })();
    return this.starting;
  }

  /** The landmarks of the frame `video` shows now, at `timeMs` (the tracker follows the clip's
   * previous frames, as it follows a camera). */
  private async trackOne(video: HTMLVideoElement, timeMs: number): Promise<LandmarkFrame> {
    const client = await this.start();
    let silent = false;
    const result = new Promise<LandmarkFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        silent = true;
        reject(new ClipError(clipMessages.trackerSilent));
      }, FRAME_TIMEOUT_MS);
      this.waiting = (frame) => {
        clearTimeout(timer);
        resolve(keepFrame(frame, timeMs));
      };
      this.failing = (error) => {
        clearTimeout(timer);
        reject(error);
      };
    });
    // The tracker takes a frame once the previous one is done (a moment after its landmarks came).
    // A worker that never frees up ends in the timeout's message, not in a page that waits forever.
    while (!silent && !client.offer(video, video.videoWidth, video.videoHeight, timeMs)) await new Promise((resolve) => setTimeout(resolve, 10));
    return result;
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
      (await this.start()).reset();
      for (let i = 0; i < total; i++) {
        const time = i / TRACKED_FPS;
        await new Promise<void>((resolve, reject) => {
          // A seek the browser never finishes is said, not waited for forever.
          const timer = setTimeout(() => reject(new ClipError(clipMessages.seekFailed(file.name, time))), FRAME_TIMEOUT_MS);
          video.onseeked = () => {
            clearTimeout(timer);
            resolve();
          };
          video.currentTime = time;
        });
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
