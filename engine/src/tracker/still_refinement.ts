import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { STILL_HAND_REFINE_PASSES } from './constants.ts';
import type { HandPath } from './hand_path.ts';
import { anyHandPresent, HAND_SIDES, isHandPresent } from './hand_side.ts';
import type { PixelFrame } from './types.ts';
import type { WiderLook } from './wider_look.ts';

/**
 * What a still image gets that a video gets from its next frames: the hands re-run a few times
 * (STILL_HAND_REFINE_PASSES), each cropped from its own landmarks; when that loses every hand found
 * (a palm box on a pattern that looked like a palm), the whole frame as for a hand without a body,
 * and its refinement; then each hand's wider look. Holds no state of its own: the hands' tracks
 * carry it from pass to pass.
 * ref: none (MediaPipe's static-image mode runs its detectors on every image instead)
 */
export class StillRefinement {
  constructor(
    private readonly hands: HandPath,
    private readonly widerLook: WiderLook,
  ) {}

  /**
   * Refines the hands the image's first pass found in `out`. `forget` clears every track (the
   * whole frame starts from nothing).
   */
  async refine(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array, forget: () => void): Promise<void> {
    if (await this.refinePasses(pixels, out, timings)) {
      forget();
      await this.hands.findHandWithoutPose(pixels, out, timings, 'refine');
      await this.refinePasses(pixels, out, timings);
    }
    for (const side of HAND_SIDES) if (isHandPresent(out, side)) await this.widerLook.look(pixels, side, out, timings, STILL_HAND_REFINE_PASSES);
  }

  /** The refinement passes: true when they lost every hand found. */
  private async refinePasses(pixels: PixelFrame, out: LandmarkFrame, timings: Float64Array): Promise<boolean> {
    if (!anyHandPresent(out)) return false;
    for (let pass = 0; pass < STILL_HAND_REFINE_PASSES && anyHandPresent(out); pass++) await this.hands.track(pixels, out, timings, 'refine');
    return !anyHandPresent(out);
  }
}
