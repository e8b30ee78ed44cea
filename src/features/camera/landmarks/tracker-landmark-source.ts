// The product's landmark source: the tracker in its Web Worker (engine/src/tracker). Camera frames
// go to the worker on this machine only; nothing about them leaves the browser.
// The backend is chosen by the tracker (WebGPU on a hardware GPU, else WASM, else CPU); when one
// fails to start, or keeps failing while tracking, the next one down is tried and the learner is
// told; one that holds a frame without answering for TRACKER_STALL_MS is started again. A tracker
// the lesson page warmed up (src/lib/tracker-warmup) is taken over for the first attempt instead
// of starting another.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { createTrackerClient } from '@signlearn/engine/tracker/browser/create_tracker_worker';
import type { BackendPreference } from '@signlearn/engine/tracker/browser/select_backend';
import type { TrackerClient } from '@signlearn/engine/tracker/browser/tracker_client';
import type { TrackingSchedule } from '@signlearn/engine/tracker/tracker_options';
import type { BackendReport } from '@signlearn/engine/tracker/types';
import { takeWarmTracker, TRACKER_START_OPTIONS } from '@/lib/tracker-warmup/tracker-warmup.ts';
import type { LandmarkSource, LandmarkSourceStatus, TrackerFrameCost } from './landmark-source.ts';

/** A tracker that reports this many frame errors within RUNTIME_ERROR_WINDOW_MS is replaced. */
const RUNTIME_ERROR_LIMIT = 5;
const RUNTIME_ERROR_WINDOW_MS = 3000;
/**
 * A frame in the worker this long without its landmarks (one takes well under a second, tens of
 * seconds on nothing the product runs on) means the worker stopped answering: the screen would
 * otherwise freeze on its last skeleton, so a new tracker is started and the learner told.
 */
export const TRACKER_STALL_MS = 15_000;

/** How the source notices a stalled worker (a test gives its own clock, the one its client's `inFlightSince` reads, and a shorter time). */
export interface StallWatch {
  stallMs: number;
  now: () => number;
}

/** What to try after `backend` failed. */
function fallbacksAfter(backend: BackendPreference): BackendPreference[] {
  if (backend === 'auto' || backend === 'webgpu') return ['wasm', 'cpu'];
  if (backend === 'wasm') return ['cpu'];
  return [];
}

export function describeBackend(report: BackendReport): string {
  const runtime = report.runtime ? `, ${report.runtime}` : '';
  if (report.name === 'wasm') return `WebAssembly${report.simd ? ' SIMD' : ''}${report.threads && report.threads > 1 ? `, ${report.threads} threads` : ''}${runtime}`;
  if (report.name === 'webgpu') {
    const replayed = report.replayedModels ? `, ${report.replayedModels} models replayed from recorded dispatches` : '';
    return `WebGPU${report.adapter ? ` on ${report.adapter}` : ''}${runtime}${replayed}`;
  }
  return `CPU${runtime}`;
}

/** The landmark models the tracker loaded, e.g. 'pose full, hand full' (null: not reported). */
export function describeModels(report: BackendReport): string | null {
  if (!report.poseModel) return null;
  return `pose ${report.poseModel}, ${report.handModel ? `hand ${report.handModel}` : 'no hand model'}`;
}

/** The part of the tracker client this source uses (a fake one in unit tests). */
export type TrackerClientLike = Pick<TrackerClient, 'start' | 'onLandmarks' | 'onError' | 'offer' | 'reset' | 'dispose' | 'inFlightSince'> & Partial<Pick<TrackerClient, 'setSchedule'>>;

export function createTrackerLandmarkSource(
  createClient: () => TrackerClientLike = createTrackerClient,
  /** The tracker warmed up before the screen opened, if any (taken once, for the first attempt). */
  takeWarm: () => { client: TrackerClientLike } | null = takeWarmTracker,
  watch: StallWatch = { stallMs: TRACKER_STALL_MS, now: () => performance.now() },
): LandmarkSource {
  const listeners = new Set<(frame: LandmarkFrame, cost: TrackerFrameCost | null) => void>();
  // One cost object, refilled for every frame: the hot path allocates nothing.
  const cost: TrackerFrameCost = { stagesMs: new Float64Array(0), latencyMs: 0 };
  const statusListeners = new Set<(status: LandmarkSourceStatus) => void>();
  let client: TrackerClientLike | null = null;
  let video: HTMLVideoElement | null = null;
  let paused = false;
  let stopped = false;
  let frameRequest = 0;
  let errorTimes: number[] = [];
  let current: BackendPreference = 'auto';
  let switching = false;
  /** What the current sign reads (the practice sets it per sign); kept for a tracker started after a fallback. */
  let schedule: TrackingSchedule | null = null;

  const offerFrames = () => {
    if (!video || stopped) return;
    if (!paused && client && video.readyState >= 2) {
      const now = watch.now();
      const since = client.offer(video, video.videoWidth, video.videoHeight, now) ? null : client.inFlightSince;
      if (since !== null && now - since > watch.stallMs) void restartStalled();
    }
    frameRequest = video.requestVideoFrameCallback(offerFrames);
  };

  async function startClient(preference: BackendPreference): Promise<BackendReport> {
    // The warm tracker was started with the same options (backend 'auto'): its start resolves
    // with the report it already has, or when it gets there.
    const next = (preference === 'auto' ? takeWarm()?.client : null) ?? createClient();
    try {
      const report = await next.start({ ...TRACKER_START_OPTIONS, backend: preference });
      next.onLandmarks((frame, stagesMs, info) => {
        if (paused) return;
        cost.stagesMs = stagesMs;
        cost.latencyMs = info.latencyMs;
        for (const listener of listeners) listener(frame, cost);
      });
      next.onError(() => void onRuntimeError());
      return attach(next, preference, report);
    } catch (error) {
      next.dispose();
      throw error;
    }
  }

  function attach(next: TrackerClientLike, preference: BackendPreference, report: BackendReport): BackendReport {
    if (stopped) throw new Error('the practice screen was closed');
    client?.dispose();
    client = next;
    if (schedule !== null) next.setSchedule?.(schedule);
    current = preference === 'auto' ? report.name : preference;
    errorTimes = [];
    return report;
  }

  /** Tries `preference`, then each fallback; the notice names what failed. */
  async function startWithFallback(preference: BackendPreference, firstFailure?: string): Promise<LandmarkSourceStatus> {
    const failures: string[] = firstFailure ? [firstFailure] : [];
    for (const attempt of [preference, ...fallbacksAfter(preference)]) {
      if (stopped) break;
      try {
        const report = await startClient(attempt);
        const fellBack = failures.length > 0;
        const notice = fellBack
          ? `Pose tracking fell back to ${describeBackend(report)}: ${failures.join('; ')}.${report.warning ? ` ${report.warning}` : ''}`
          : (report.warning ?? null);
        // The side panel shows it: the backend's name first, then the runtime and adapter.
        return { backend: `${report.name} (${describeBackend(report)})`, notice, models: describeModels(report) };
      } catch (error) {
        failures.push(`${attempt === 'auto' ? 'the preferred backend' : attempt} failed (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    throw new Error(`Pose tracking could not start: ${failures.join('; ')}`);
  }

  async function onRuntimeError(): Promise<void> {
    const now = performance.now();
    errorTimes = errorTimes.filter((t) => now - t < RUNTIME_ERROR_WINDOW_MS);
    errorTimes.push(now);
    if (errorTimes.length < RUNTIME_ERROR_LIMIT || switching || stopped) return;
    const fallbacks = fallbacksAfter(current);
    if (fallbacks.length === 0) return;
    await replaceTracker(fallbacks[0]!, `${current} kept failing while tracking`, null);
  }

  /** The worker holds a frame and says nothing: a new tracker on the same backend (the next one down if it cannot start). */
  async function restartStalled(): Promise<void> {
    if (switching || stopped) return;
    await replaceTracker(current, undefined, `Pose tracking stopped answering for ${Math.round(watch.stallMs / 1000)} s and was started again.`);
  }

  /** Starts a tracker on `preference` (or the next one down) in place of the current one and tells the side panel, `said` first. */
  async function replaceTracker(preference: BackendPreference, firstFailure: string | undefined, said: string | null): Promise<void> {
    const withSaid = (notice: string | null) => (said === null ? notice : notice ? `${said} ${notice}` : said);
    switching = true;
    try {
      const status = await startWithFallback(preference, firstFailure);
      for (const listener of statusListeners) listener({ ...status, notice: withSaid(status.notice) });
    } catch (error) {
      for (const listener of statusListeners) listener({ backend: 'none', notice: withSaid(error instanceof Error ? error.message : String(error)), models: null });
    } finally {
      switching = false;
    }
  }

  return {
    kind: 'tracker',
    async start(target) {
      video = target;
      const status = await startWithFallback('auto');
      frameRequest = target.requestVideoFrameCallback(offerFrames);
      return status;
    },
    onLandmarks(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    reset() {
      client?.reset();
    },
    setSchedule(value) {
      schedule = value;
      client?.setSchedule?.(value);
    },
    stop() {
      stopped = true;
      video?.cancelVideoFrameCallback(frameRequest);
      client?.dispose();
      client = null;
      listeners.clear();
      statusListeners.clear();
    },
  };
}
