import { ANGLE_FRAME_WIDTH } from '../core/constants.ts';
import { angleFramePixelSize } from './angle_frame_pixel_size.ts';

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
