import { createAngleFrame, type AngleFrame } from '../core/angle_frame.ts';
import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { createHandshapeFeatureTracker } from '../handshape/handshape_features.ts';
import { createMatchModeRuntime } from '../practice/match_mode.ts';
import { prepareAngleFrame } from '../practice/practice_loop.ts';
import type { LandmarkSource } from './landmark_source.ts';

/**
 * Every frame of a recording -> its angle frame, through the practice loop's own frame step with
 * everything a reference record is built from: the angles, the hands' orientation, precise
 * mode's shape and motion features (the angle rule ignores the last two), and the handshape judge's
 * descriptors and hand speed. The reference builder's input.
 */
export function sourceToAngleFrames(source: LandmarkSource): AngleFrame[] {
  const landmarks = createLandmarkFrame();
  const runtime = createMatchModeRuntime('precise');
  const handshape = createHandshapeFeatureTracker();
  const frames: AngleFrame[] = [];
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, landmarks);
    const angles = createAngleFrame();
    prepareAngleFrame(landmarks, angles, runtime);
    handshape.update(landmarks, angles);
    frames.push(angles);
  }
  return frames;
}
