import { HAND_POINT_COUNT, POINT_STRIDE } from '../core/landmark_layout.ts';
import type { AlphabetRecording } from '../recordings/alphabet_recording_schema.ts';
import { sampleFrameIndices, type GuideFrame } from './render_guide_gif.ts';

/**
 * Guide frames from a hand-only alphabet recording (21 x, y, z per frame), evenly sampled over the
 * whole recording. Kept as recorded (a selfie view), the way the learner sees the mirrored camera.
 */
export function alphabetGuideFrames(recording: AlphabetRecording, count: number): GuideFrame[] {
  return sampleFrameIndices(recording.frames.length, count).map((index) => {
    const raw = recording.frames[index]!;
    const hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);
    for (let i = 0; i < HAND_POINT_COUNT; i++) {
      hand[i * POINT_STRIDE] = raw[i * 3]!;
      hand[i * POINT_STRIDE + 1] = raw[i * 3 + 1]!;
      hand[i * POINT_STRIDE + 2] = raw[i * 3 + 2]!;
      hand[i * POINT_STRIDE + 3] = 1;
    }
    return { rightHand: hand };
  });
}
