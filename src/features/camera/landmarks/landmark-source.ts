// What the practice screen gets its landmarks from: a landmark source and what it reports. The
// sources themselves (the tracker, a recorded signer, a test fixture) live in files of their own,
// loaded on demand by create-landmark-source.ts; they import these types, never the file that
// loads them.
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
