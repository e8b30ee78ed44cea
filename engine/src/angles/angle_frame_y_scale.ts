import * as constants from '../core/constants.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { ANGLE_FRAME_HEIGHT, ANGLE_FRAME_WIDTH } = constants;
const DEFAULT_Y_SCALE = ANGLE_FRAME_HEIGHT / ANGLE_FRAME_WIDTH;

/**
 * The angle frame's height / width for a source of `imageWidth` x `imageHeight`: the source's
 * aspect ratio (16:9, product.md §9 Constants' 1280x720, when the size is unknown). The angle frame is 1280 wide (product.md §9 Constants)
 * and as tall as this makes it (angleFramePixelSize), so pixels stay square and angles are the
 * true ones. Angles do not change under uniform scale, so the angle code measures on the angle
 * frame divided by its width: x as stored, y times this. Small enough that V8 always inlines it:
 * a call would box the double it returns.
 */
export function angleFrameYScale(imageWidth: number, imageHeight: number): number {
  return imageWidth > 0 && imageHeight > 0 ? imageHeight / imageWidth : DEFAULT_Y_SCALE;
}
