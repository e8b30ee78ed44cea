// Where the practice screen gets its landmarks from. In the product: the tracker, running the
// pose and hand models in a Web Worker on the camera's (or a picked video file's) frames; or, when
// the learner chose "Watch a recorded signer", real recordings of a signer following the lesson
// (recorded-signer-source.ts). In browser tests only: a recorded
// landmark fixture replayed in real time (fixture-landmark-source.ts), chosen when the app was
// built with VITE_TEST_LANDMARKS=true and the address names a fixture. Production builds replace
// the flag with a literal, so the fixture code is not even in the bundle.
import type { LandmarkSource } from './landmark-source.ts';

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
