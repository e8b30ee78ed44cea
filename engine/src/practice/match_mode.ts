import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import type { FrameMatcher } from '../practice/practice_session.ts';
import { matchFrame } from './match_frame.ts';
import { matchFramePrecise } from './match_frame_precise.ts';
import { createPreciseFeatureTracker } from './precise_features.ts';

/**
 * The matching mode of a practice session (an engine option; the camera screen's setting):
 * 'spec' is the SPEC 5 rule (every angle within 30 degrees for the pose, max(75, degreesOfFreedom)
 * for a hand) and the default; 'precise' adds per-joint tolerances calibrated from the reference,
 * the hand's orientation, fingertip places and motion (match/match_frame_precise.ts).
 */
export type MatchMode = 'spec' | 'precise';
export const MATCH_MODES: readonly MatchMode[] = ['spec', 'precise'];
export const DEFAULT_MATCH_MODE: MatchMode = 'spec';

export function isMatchMode(value: unknown): value is MatchMode {
  return value === 'spec' || value === 'precise';
}

/** The frame matcher of a mode, for PracticeSessionOptions.matcher and scoreRecording. */
export function createMatcher(mode: MatchMode): FrameMatcher {
  if (mode === 'spec') return matchFrame;
  if (mode === 'precise') return matchFramePrecise;
  throw new Error(`unknown match mode "${String(mode)}" (expected ${MATCH_MODES.join(' or ')})`);
}

/**
 * Everything a learner stream needs for one mode: the matcher, and the per-frame step to run right
 * after computeAngleFrame (precise mode computes its shape and motion features there; it keeps a
 * short motion history, so create one per session and feed it every frame in time order; the
 * SPEC mode's step does nothing). Allocation-free per frame.
 */
export interface MatchModeRuntime {
  mode: MatchMode;
  matcher: FrameMatcher;
  prepareFrame(landmarks: LandmarkFrame, angles: AngleFrame): void;
  reset(): void;
}

export function createMatchModeRuntime(mode: MatchMode): MatchModeRuntime {
  const matcher = createMatcher(mode);
  if (mode === 'spec') return { mode, matcher, prepareFrame: () => {}, reset: () => {} };
  const tracker = createPreciseFeatureTracker();
  return {
    mode,
    matcher,
    prepareFrame: (landmarks, angles) => tracker.update(landmarks, angles),
    reset: () => tracker.reset(),
  };
}
