import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import type { LandmarkFixtureFrame } from '../recordings/landmark_fixture_schema.ts';

/** 5 decimals: a hundred-thousandth of the image, far below any tracker's noise. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
const toList = (points: Float32Array) => Array.from(points, round5);

/** One tracked frame -> a frame of the landmark fixture format (a missing part has no key). */
export function landmarksToFixtureFrame(frame: LandmarkFrame): LandmarkFixtureFrame {
  const out: LandmarkFixtureFrame = { t: Math.round(frame.timestampMs * 100) / 100 };
  if (frame.present[Part.pose]) out.pose = toList(frame.pose);
  if (frame.present[Part.leftHand]) out.leftHand = toList(frame.leftHand);
  if (frame.present[Part.rightHand]) out.rightHand = toList(frame.rightHand);
  return out;
}
