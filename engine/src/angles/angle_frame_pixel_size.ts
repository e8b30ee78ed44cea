import { ANGLE_FRAME_WIDTH } from '../core/constants.ts';
import { angleFrameYScale } from './angle_frame_y_scale.ts';

/**
 * The pixel size of the angle frame for a source of `imageWidth` x `imageHeight`: 1280 wide
 * (product.md §9 Constants) and as tall as the source's aspect ratio makes it, so pixels stay square and angles
 * are the true ones (a 16:9 camera gives product.md §9 Constants' 1280x720; a 4:3 one 1280x960). Writes
 * [width, height] into `out`.
 */
export function angleFramePixelSize(imageWidth: number, imageHeight: number, out: Float64Array): void {
  out[0] = ANGLE_FRAME_WIDTH;
  out[1] = ANGLE_FRAME_WIDTH * angleFrameYScale(imageWidth, imageHeight);
}
