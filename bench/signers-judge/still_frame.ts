// A photograph's landmarks as the judge sees one frame of them: each hand's descriptors (a hand
// large enough to read, as the app's feature step: hand_large_enough.ts), the hand not moving. Shared by tune_judge.ts and refusal_table.ts (frame-by-frame judging).
import { angleFramePixelSize } from '../../engine/src/angles/angle_frame_pixel_size.ts';
import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { describeReadableHand } from '../../engine/src/handshape/hand_large_enough.ts';
import { ensureDescriptorArrays } from '../../engine/src/handshape/handshape_features.ts';
import { HandRaised } from '../../engine/src/handshape/hand_raised.ts';
import type { Photo } from './landmark_photo.ts';

/** A photo's frame `index` as the judge sees it (descriptors of each hand shown, not moving), or null without a hand. */
export function stillFrame(photo: Photo, index = 0): AngleFrame | null {
  const landmarks = createLandmarkFrame();
  photo.source.read(index, landmarks);
  const frame = createAngleFrame();
  ensureDescriptorArrays(frame);
  const pixel = new Float64Array(2);
  angleFramePixelSize(landmarks.imageWidth, landmarks.imageHeight, pixel);
  let any = false;
  for (let side = 0; side < 2; side++) {
    const present = landmarks.present[side === 0 ? Part.leftHand : Part.rightHand] === 1;
    const out = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
    const ok = present && describeReadableHand(side === 0 ? landmarks.leftHand : landmarks.rightHand, pixel[0]!, pixel[1]!, landmarks.imageWidth, side === 0, out);
    frame.descriptorsPresent![side] = ok ? 1 : 0;
    frame.handSpeed![side] = 0;
    frame.handRaised![side] = HandRaised.unknown;
    any ||= ok;
  }
  return any ? frame : null;
}
