import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import { estimateDepthScale } from '../handshape/estimate_depth_scale.ts';
import { holisticFrameToLandmarks } from './holistic_frame_to_landmarks.ts';
import type { HolisticLayout } from './holistic_layout.ts';
import type { PoseFile } from './read_pose_file.ts';

/** Where the search for a recording's depth scale starts: a typical video width in pixels, the factor
 * by which MediaPipe's z (a fraction of the image width) falls short of pixels. */
export const DEPTH_SCALE_START = 1000;

/** Rounds of refinement; each multiplies the scale by the median per-frame correction, which
 * estimateDepthScale can give only within 1/8..8. Three rounds span 8^3 either way. */
const ROUNDS = 4;

/**
 * The factor by which Holistic recordings' stored z must be multiplied for its hands' rigid bones
 * to keep their proportions in 3-D (handshape/estimate_depth_scale.ts measures it frame by frame).
 * The files store MediaPipe's raw z, which is a fraction of the original video's width while x
 * and y were pixels, and the authors then scaled all three alike: the factor is about that
 * original width, which the files no longer record (their header says 500 x 500, the normalised
 * frame). One factor for recordings made alike (a language's letters: one camera, one signer),
 * the median over their frames with a hand whose depth says anything (a flat hand in the image
 * plane gives 1 and is left out: a single letter B alone would say nothing). Returns
 * `DEPTH_SCALE_START` when no frame says anything.
 *
 * ref: none (MediaPipe's graphs pass z through; pose-format's loader stored it unscaled).
 */
export function estimateRecordingDepthScale(recordings: ReadonlyArray<{ file: PoseFile; layout: HolisticLayout }>): number {
  const frame = createLandmarkFrame();
  let scale = DEPTH_SCALE_START;
  for (let round = 0; round < ROUNDS; round++) {
    const corrections: number[] = [];
    for (const { file, layout } of recordings) for (let i = 0; i < file.body.frameCount; i++) {
      holisticFrameToLandmarks(file, layout, i, scale, frame);
      for (const part of [Part.rightHand, Part.leftHand] as const) {
        if (frame.present[part] !== 1) continue;
        const hand = part === Part.rightHand ? frame.rightHand : frame.leftHand;
        const correction = estimateDepthScale(hand, frame.imageWidth, frame.imageHeight);
        if (correction !== 1) corrections.push(correction);
      }
    }
    if (corrections.length === 0) return scale;
    corrections.sort((a, b) => a - b);
    const median = corrections[Math.floor(corrections.length / 2)]!;
    scale *= median;
    if (Math.abs(Math.log(median)) < Math.LN2 / 16) break;
  }
  return scale;
}
