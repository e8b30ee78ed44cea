import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, POINT_STRIDE, SCORE } from '../core/landmark_layout.ts';
import { handRectFromLandmarks } from './calculators/hand_rect_from_landmarks.ts';
import { projectHandLandmarks } from './calculators/project_hand_landmarks.ts';
import { transformRect } from './calculators/transform_rect.ts';
import { HAND_INPUT_SIZE, HAND_PRESENCE_THRESHOLD, HAND_RECT_FROM_LANDMARKS_TRANSFORM, STILL_HAND_REFINE_PASSES, WIDER_LOOK_TRANSFORM } from './constants.ts';
import type { HandModelRunner } from './hand_model_runner.ts';
import { HAND_SIDES, handLandmarks, isHandPresent, type HandSide } from './hand_side.ts';
import type { HandTracks } from './hand_tracks.ts';
import { copyRect, createNormalizedRect, type PixelFrame } from './types.ts';

/**
 * The wider look (ours, not a MediaPipe step: its graph trusts the palm box): a hand looked for
 * once more from a crop twice its next crop (WIDER_LOOK_TRANSFORM), followed from its own
 * landmarks for a few passes, and kept when the hand model's presence there beats the hand found
 * (constants.ts says why). A still image's hands after their refinement passes; in video each
 * newly found hand, VIDEO_WIDER_LOOK_AFTER_FRAMES frames after it was found, with the same passes.
 * Owns its crop and the hand it follows.
 * ref: none
 */
export class WiderLook {
  private readonly crop = createNormalizedRect();
  private readonly crops = [this.crop];
  /** The hand followed from pass to pass (frame coordinates). */
  private readonly hand = new Float32Array(HAND_POINT_COUNT * POINT_STRIDE);

  constructor(
    private readonly runner: HandModelRunner,
    private readonly tracks: HandTracks,
  ) {}

  /** Video: the wider look for each hand in `out` whose turn has come (HandTrack.framesToWiderLook). */
  async lookAtNewHands(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<void> {
    for (const side of HAND_SIDES) {
      const track = this.tracks.of(side);
      if (!isHandPresent(out, side) || track.framesToWiderLook === 0) continue;
      if (--track.framesToWiderLook === 0) await this.look(pixels, side, out, timings, STILL_HAND_REFINE_PASSES);
    }
  }

  /** Looks wider for the hand on `side` (found in `out`), `passes` passes; replaces it in `out` when surer. */
  async look(pixels: PixelFrame, side: HandSide, out: LandmarkFrame, timings: Float64Array, passes: number): Promise<void> {
    const width = out.imageWidth;
    const height = out.imageHeight;
    const crop = this.crop;
    const hand = this.hand;
    copyRect(this.tracks.of(side).rect, crop);
    transformRect(crop, width, height, WIDER_LOOK_TRANSFORM);
    for (let pass = 0; pass < passes; pass++) {
      if (pass > 0) {
        handRectFromLandmarks(hand, width, height, crop);
        transformRect(crop, width, height, HAND_RECT_FROM_LANDMARKS_TRANSFORM);
      }
      const result = await this.runner.run(pixels, this.crops, 1, timings);
      const score = result.presence[0]!;
      if (score < HAND_PRESENCE_THRESHOLD) return;
      projectHandLandmarks(result.landmarks, 0, HAND_INPUT_SIZE, crop, score, hand);
      if (pass === passes - 1 && score > handLandmarks(out, side)[SCORE]!) this.tracks.of(side).accept(result.landmarks, 0, crop, score, out);
    }
  }
}
