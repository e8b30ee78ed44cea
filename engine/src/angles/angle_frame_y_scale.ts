import * as constants from '../core/constants.ts';
import * as frameSize from './angle_frame_pixel_size.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { ANGLE_FRAME_WIDTH } = constants;
const { angleFramePixelSize } = frameSize;

const pixelSize = new Float64Array(2);

/**
 * The angle frame's height / width for a source of `imageWidth` x `imageHeight` (see
 * angleFramePixelSize: 1280 wide, the source's aspect). Angles do not change under uniform scale,
 * so the angle code measures on the angle frame divided by its width: x as stored, y times this.
 */
export function angleFrameYScale(imageWidth: number, imageHeight: number): number {
  angleFramePixelSize(imageWidth, imageHeight, pixelSize);
  return pixelSize[1]! / ANGLE_FRAME_WIDTH;
}
