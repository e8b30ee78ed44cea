import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part, POINT_STRIDE, X } from '../core/landmark_layout.ts';
import type { LandmarkSource } from '../recordings/landmark_source.ts';
import { sampleFrameIndices, type GuideFrame } from './render_guide_gif.ts';

/**
 * Guide frames from a fingerspelling lexicon letter (a Holistic recording read as a LandmarkSource,
 * usually its letter span: recordings/letter_span.ts), evenly sampled: the signing (right) hand
 * only, as the American guides show it, mirrored (x -> 1 - x) so that the learner sees it as in the
 * mirrored camera, the way the American recordings were made (selfie view). Frames without the
 * hand are skipped; none at all is an error.
 */
export function holisticGuideFrames(source: LandmarkSource, count: number): GuideFrame[] {
  const frame = createLandmarkFrame();
  const frames: GuideFrame[] = [];
  for (const index of sampleFrameIndices(source.frameCount, count)) {
    source.read(index, frame);
    if (frame.present[Part.rightHand] !== 1) continue;
    const hand = frame.rightHand.slice();
    for (let i = 0; i < HAND_POINT_COUNT; i++) hand[i * POINT_STRIDE + X] = 1 - hand[i * POINT_STRIDE + X]!;
    frames.push({ rightHand: hand });
  }
  if (frames.length === 0) throw new Error(`${source.name}: no frame shows the signing hand`);
  return frames;
}
