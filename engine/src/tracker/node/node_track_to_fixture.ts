import { LANDMARK_FIXTURE_FORMAT, type LandmarkFixture } from '../../recordings/landmark_fixture_schema.ts';
import { landmarksToFixtureFrame } from '../landmarks_to_fixture_frame.ts';
import { createNodeTracker } from './node_tracker.ts';
import { trackFile, type TrackInput } from './node_track_file.ts';
import type { TrackerOptions } from '../tracker_options.ts';

/**
 * Tracks `input` with a new Node tracker (WASM, smoothing on) into a landmark fixture
 * (fixtures/landmark_fixture_schema.ts) whose `source` is `source`; `onTimings` sees each frame's
 * stage timings. The tracker is disposed afterwards. What the `track` and `author` commands share.
 */
export async function trackToFixture(
  options: TrackerOptions,
  input: TrackInput,
  source: string,
  onTimings?: (stageTimings: Float64Array) => void,
): Promise<LandmarkFixture> {
  const { tracker, backend } = await createNodeTracker({ ...options, smoothing: true });
  const fixture: LandmarkFixture = {
    format: LANDMARK_FIXTURE_FORMAT,
    imageWidth: 1,
    imageHeight: 1,
    backend: backend.name + (backend.simd ? '-simd' : ''),
    source,
    frames: [],
  };
  try {
    await trackFile(tracker, input, (landmarks, frame, timings) => {
      fixture.imageWidth = frame.width;
      fixture.imageHeight = frame.height;
      fixture.frames.push(landmarksToFixtureFrame(landmarks));
      onTimings?.(timings);
    });
  } finally {
    tracker.dispose();
  }
  return fixture;
}
