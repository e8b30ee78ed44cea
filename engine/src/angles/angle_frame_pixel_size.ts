import * as constants from '../core/constants.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { ANGLE_FRAME_WIDTH } = constants;

/**
 * The pixel size of the angle frame for a source of `imageWidth` x `imageHeight`: 1280 wide
 * (SPEC 9) and as tall as the source's aspect ratio makes it, so pixels stay square and angles
 * are the true ones (a 16:9 camera gives the SPEC's 1280x720; a 4:3 one 1280x960). Writes
 * [width, height] into `out`.
 */
export function angleFramePixelSize(imageWidth: number, imageHeight: number, out: Float64Array): void {
  out[0] = ANGLE_FRAME_WIDTH;
  out[1] = imageWidth > 0 && imageHeight > 0 ? (ANGLE_FRAME_WIDTH * imageHeight) / imageWidth : ANGLE_FRAME_WIDTH * (9 / 16);
}
