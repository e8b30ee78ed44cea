import { POINT_STRIDE, X } from '../core/landmark_layout.ts';
import type { LandmarkFixture } from '../recordings/landmark_fixture_schema.ts';
import { sampleFrameIndices, type GuideFrame } from './render_guide_gif.ts';

/**
 * Guide frames from tracked landmark frames, evenly sampled. The guide is shown over the learner's
 * mirrored camera view, so a camera-view recording is mirrored (x -> 1 - x) into that selfie view;
 * a recording that is already a mirror image is kept.
 */
export function trackedGuideFrames(fixture: LandmarkFixture, count: number, recordingIsMirrored: boolean): GuideFrame[] {
  const view = (points: number[] | undefined) => {
    if (!points) return undefined;
    const copy = Float32Array.from(points);
    if (!recordingIsMirrored) for (let i = X; i < copy.length; i += POINT_STRIDE) copy[i] = 1 - copy[i]!;
    return copy;
  };
  return sampleFrameIndices(fixture.frames.length, count).map((index) => {
    const frame = fixture.frames[index]!;
    return { pose: view(frame.pose), leftHand: view(frame.leftHand), rightHand: view(frame.rightHand) };
  });
}
