import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { createHandshapeFeatureTracker } from '../handshape/handshape_features.ts';
import { matchHandshape } from '../handshape/match_handshape.ts';
import { matchFrame } from '../match/match_frame.ts';
import type { MatchReport } from '../match/match_report.ts';
import { matchFramePreciseNear } from '../precise/match_frame_precise.ts';
import { createPreciseFeatureTracker } from '../precise/precise_features.ts';
import type { CompiledSign } from './compiled_sign.ts';

/**
 * The matching mode of a practice session (an engine option; the camera screen's setting):
 *   'handshape', the default: the handshape judge (handshape/match_handshape.ts), which knows a
 *     sign from the way its handshape is described, held or moved, by any signer's hand, and
 *     refuses hands that make another sign or none;
 *   'spec': the SPEC 5 rule (every angle within 30 degrees for the pose, max(75,
 *     degreesOfFreedom) for a hand), followed frame by frame through the reference; lenient;
 *   'precise': per-joint tolerances calibrated from the reference signer's own frames, the hand's
 *     orientation, fingertip places and motion (precise/match_frame_precise.ts); strict, and fitted
 *     to that signer.
 */
export type MatchMode = 'handshape' | 'spec' | 'precise';
export const MATCH_MODES: readonly MatchMode[] = ['handshape', 'spec', 'precise'];
/**
 * The judge of a practice that names none: the handshape judge, the camera screen's default. The
 * one default of PracticeLoop, PracticeSession, `score` and the app's setting.
 */
export const DEFAULT_MATCH_MODE: MatchMode = 'handshape';

export function isMatchMode(value: unknown): value is MatchMode {
  return value === 'handshape' || value === 'spec' || value === 'precise';
}

/** Matches a learner frame with one frame of a sign's reference, filling the report. */
export type FrameMatcher = (learner: AngleFrame, sign: CompiledSign, referenceFrame: number, report: MatchReport) => boolean;

const matchBySpec: FrameMatcher = (learner, sign, frame, report) => matchFrame(learner, sign.reference, frame, report);
const matchPrecisely: FrameMatcher = (learner, sign, frame, report) => matchFramePreciseNear(learner, sign.reference, sign.precise, frame, report);
// A sign without a handshape model is judged by the SPEC rule: the lesson goes on.
const matchByHandshape: FrameMatcher = (learner, sign, frame, report) =>
  sign.handshape === null ? matchFrame(learner, sign.reference, frame, report) : matchHandshape(learner, sign.handshape, report);

/** Whether a mode keeps the free first 10% (MatchModeRuntime.freeStartWindow says why the handshape judge does not). */
export function hasFreeStartWindow(mode: MatchMode): boolean {
  return mode !== 'handshape';
}

/** The frame matcher of a mode. */
export function createMatcher(mode: MatchMode): FrameMatcher {
  if (mode === 'handshape') return matchByHandshape;
  if (mode === 'spec') return matchBySpec;
  if (mode === 'precise') return matchPrecisely;
  throw new Error(`unknown match mode "${String(mode)}" (expected ${MATCH_MODES.join(' or ')})`);
}

/**
 * Everything a learner stream needs for one mode: the matcher, whether the angle step computes the
 * hands' orientation (the SPEC matcher never reads it), and the per-frame step to run right after
 * the angles (precise mode computes its shape and motion features there; it keeps a short motion
 * history, so create one per stream and feed it every frame in time order). Allocation-free per
 * frame.
 */
export interface MatchModeRuntime {
  mode: MatchMode;
  matcher: FrameMatcher;
  needsOrientation: boolean;
  /**
   * Whether SPEC 4's free first 10% applies. It exists because a reference followed frame by frame
   * begins with the signer's hand arriving, which no learner can be asked to copy. The handshape
   * judge follows no frame sequence (a held letter is the same shape at every position, a moving
   * one is judged by its movement), so there the first 10% would only move the ring for a learner
   * who is not signing at all: it asks for a match from the start. The last 10% stays free in
   * every mode (the ring got there by matching).
   */
  freeStartWindow: boolean;
  prepareFrame(landmarks: LandmarkFrame, angles: AngleFrame): void;
  /** Forgets the motion history (after a pause: the learner has moved). */
  reset(): void;
}

export function createMatchModeRuntime(mode: MatchMode): MatchModeRuntime {
  const matcher = createMatcher(mode);
  const freeStartWindow = hasFreeStartWindow(mode);
  if (mode === 'spec') return { mode, matcher, needsOrientation: false, freeStartWindow, prepareFrame: () => {}, reset: () => {} };
  if (mode === 'handshape') {
    const handshape = createHandshapeFeatureTracker();
    return { mode, matcher, needsOrientation: false, freeStartWindow, prepareFrame: (landmarks, angles) => handshape.update(landmarks, angles), reset: () => handshape.reset() };
  }
  const tracker = createPreciseFeatureTracker();
  return {
    mode,
    matcher,
    needsOrientation: true,
    freeStartWindow,
    prepareFrame: (landmarks, angles) => tracker.update(landmarks, angles),
    reset: () => tracker.reset(),
  };
}
