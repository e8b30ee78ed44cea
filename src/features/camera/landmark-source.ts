// Where the practice screen gets its landmarks from. In the product: the tracker, running the
// pose and hand models in a Web Worker on the camera's (or a picked video file's) frames; or, when
// the learner chose "Watch a recorded signer", real recordings of a signer following the lesson
// (recorded-signer-source.ts). In browser tests only: a recorded
// landmark fixture replayed in real time (fixture-landmark-source.ts), chosen when the app was
// built with VITE_TEST_LANDMARKS=true and the address names a fixture. Production builds replace
// the flag with a literal, so the fixture code is not even in the bundle.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import type { TrackingSchedule } from '@signlearn/engine/tracker/tracker_options';

export interface LandmarkSourceStatus {
  /** What runs the models ('wasm', 'webgpu', 'cpu'), or 'fixture'. */
  backend: string;
  /** Said to the learner: a fallback happened, or tracking is slow. */
  notice: string | null;
  /** The landmark models in use, e.g. 'pose full, hand full' (null: recorded landmarks). */
  models: string | null;
}

/** What one frame cost the tracker, for the performance readouts (null from recorded landmarks). */
export interface TrackerFrameCost {
  /** Milliseconds per stage, indexed by TrackerStage (engine/src/tracker/constants.ts). */
  stagesMs: Float64Array;
  /** From offering the frame to its landmarks on the page: snapshot, transfers and tracking. */
  latencyMs: number;
}

export interface LandmarkSource {
  readonly kind: 'tracker' | 'fixture' | 'recording';
  /** Starts delivering landmarks for the frames of `video` (playing the camera). */
  start(video: HTMLVideoElement): Promise<LandmarkSourceStatus>;
  /** Called with every new landmark frame; the frame and its cost stay readable until the next call. */
  onLandmarks(listener: (frame: LandmarkFrame, cost: TrackerFrameCost | null) => void): () => void;
  /** Called when the backend changes after start (a runtime fallback). */
  onStatus(listener: (status: LandmarkSourceStatus) => void): () => void;
  /** Stops offering frames (tab hidden, camera lost, a dialog open) without tearing down. */
  pause(): void;
  resume(): void;
  /** The lesson asks for `signName` now (a recorded signer then signs it; a tracker ignores it).
   * `awaitsRelease`: a repeated letter, asked after the hand lets go of the first. Returns false
   * when the source cannot sign it (a recorded signer without that recording). */
  followSign?(signName: string, awaitsRelease: boolean): boolean;
  /** The parts of each frame the tracker runs, from what the current sign reads (null: every
   * part on every frame); recorded landmarks have nothing to schedule. */
  setSchedule?(schedule: TrackingSchedule | null): void;
  /** Forgets tracked state (after a pause: the learner has moved). */
  reset(): void;
  stop(): void;
}

/** Whether this page load's landmarks come from the tracker (not a recording, not a test fixture). */
export function tracksCamera(search: URLSearchParams, recording: boolean): boolean {
  return !recording && !(import.meta.env.VITE_TEST_LANDMARKS === 'true' && search.get('fixture') !== null);
}

/** The source for this page load: the recorded signer when chosen; the fixture one only in test
 * builds and when asked for; else the tracker. */
export async function createLandmarkSource(search: URLSearchParams, options: { recording: boolean; signNames: readonly string[]; language?: string }): Promise<LandmarkSource> {
  if (options.recording) {
    const { createRecordedSignerSource } = await import('./recorded-signer-source.ts');
    return createRecordedSignerSource(options.signNames, options.language);
  }
  if (import.meta.env.VITE_TEST_LANDMARKS === 'true') {
    const fixture = search.get('fixture');
    if (fixture !== null) {
      const { createFixtureLandmarkSource } = await import('./fixture-landmark-source.ts');
      return createFixtureLandmarkSource(fixture);
    }
  }
  const { createTrackerLandmarkSource } = await import('./tracker-landmark-source.ts');
  return createTrackerLandmarkSource();
}
