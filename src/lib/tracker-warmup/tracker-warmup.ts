// The tracker started before the camera screen opens (the first skeleton within 2 s of
// opening a lesson). The lesson pages call `warmUpTracker()` when the learner shows the intent to
// practise (a pointer over, focus on, or press of an open lesson: lessons-page.tsx); the worker
// then starts its backend, loads the models and warms them up while the learner is still reading,
// and the camera screen takes the started tracker over with `takeWarmTracker()` instead of
// starting its own. A warm tracker holds a worker, the WASM heap and the models (tens of MB):
// when nobody takes it within WARM_TRACKER_KEPT_MS (the learner went elsewhere), it is disposed.
// Shared code (src/lib), so that the lessons feature and the camera feature never import each other.
import { createTrackerClient } from '@signlearn/engine/tracker/browser/create_tracker_worker';
import type { TrackerClient, TrackerClientOptions } from '@signlearn/engine/tracker/browser/tracker_client';

/** How long a warm tracker nobody took is kept: long enough to read a lesson's signs and click. */
export const WARM_TRACKER_KEPT_MS = 120_000;

/** Frames are scaled to this width before they go to the worker (the models crop far smaller). */
export const TRACKER_INPUT_WIDTH = 640;

/**
 * The options the camera screen starts its tracker with. The warm-up frame is the camera's after
 * the downscale: the product's 1280x960 camera at 640 pixels wide.
 */
export const TRACKER_START_OPTIONS: TrackerClientOptions = {
  backend: 'auto',
  maxInputWidth: TRACKER_INPUT_WIDTH,
  warmUpWidth: TRACKER_INPUT_WIDTH,
  warmUpHeight: (TRACKER_INPUT_WIDTH * 3) / 4,
  // A hand held close to the camera, with no body in the picture, is a framing learners use.
  // In a frame with neither a body nor a hand, the whole frame is also tried as a
  // hand (the palm detector misses a hand that fills the frame). On the real photographs the
  // camera's path then finds 169 of 170 hands instead of 161 (bench/signers.md, video rows).
  handsWithoutPose: true,
  // The model files and WASM binaries, kept in Cache Storage under the packages' versions
  // (vite.config.ts): a new model version replaces the old files.
  modelCacheVersion: import.meta.env.VITE_TRACKER_FILES_VERSION,
};

interface WarmTracker {
  client: TrackerClient;
  /** When it was started, performance.now(). */
  startedAt: number;
  release: ReturnType<typeof setTimeout>;
}

let warm: WarmTracker | null = null;

/**
 * Starts the tracker now (once: later calls do nothing while one is warm), unless the browser has
 * no Worker (tests, old browsers). Errors are the camera screen's to report: a warm tracker that
 * failed is taken over like any other, and its start rejects there.
 */
export function warmUpTracker(create: () => TrackerClient = createTrackerClient): void {
  if (warm || typeof Worker === 'undefined') return;
  const client = create();
  client.start(TRACKER_START_OPTIONS).catch(() => undefined);
  warm = { client, startedAt: performance.now(), release: setTimeout(releaseWarmTracker, WARM_TRACKER_KEPT_MS) };
}

/** The warm tracker, handed over (the caller disposes of it), or null when none was started. */
export function takeWarmTracker(): { client: TrackerClient; startedAt: number } | null {
  if (!warm) return null;
  const { client, startedAt, release } = warm;
  clearTimeout(release);
  warm = null;
  return { client, startedAt };
}

/** Disposes of a warm tracker nobody took (its worker, WASM heap and models go). */
export function releaseWarmTracker(): void {
  const taken = takeWarmTracker();
  taken?.client.dispose();
}
