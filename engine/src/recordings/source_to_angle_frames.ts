import { computeAngleFrame } from '../angles/compute_angle_frame.ts';
import { createAngleFrame, type AngleFrame } from '../core/angle_frame.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
import type { LandmarkSource } from '../fixtures/landmark_source.ts';
import { createPreciseFeatureTracker } from '../match/precise_features.ts';

/**
 * Every frame of a recording -> its angle frame, with the same angle code the live loop uses, and
 * precise mode's shape and motion features (match/precise_features.ts; the SPEC ignores them).
 */
export function sourceToAngleFrames(source: LandmarkSource): AngleFrame[] {
  const landmarks = createLandmarkFrame();
  const precise = createPreciseFeatureTracker();
  const frames: AngleFrame[] = [];
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, landmarks);
    const angles = createAngleFrame();
    computeAngleFrame(landmarks, angles);
    precise.update(landmarks, angles);
    frames.push(angles);
  }
  return frames;
}
