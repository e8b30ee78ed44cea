// Model inputs cut from the fixture photographs (data/photographs), the same for every runtime
// and backend: the pose landmark model's 256x256 crop of the footballer in messi5.jpg and the
// hand model's 224x224 crops of the open hand in handSrc.jpg (one upright, one turned 30 degrees,
// as the tracker turns a crop to the hand's angle). Values 0..1, NHWC, as both runtimes take them.
import { join } from 'node:path';
import { handCropTransform } from '../../engine/src/tracker/calculators/hand_crop_transform.ts';
import { cropRotatedRect } from '../../engine/src/tracker/calculators/crop_rotated_rect.ts';
import { LANDMARK_CROP_BORDER } from '../../engine/src/tracker/constants.ts';
import { decodeImageFile } from '../../engine/src/tracker/node/node_image.ts';
import type { NormalizedRect, PixelFrame } from '../../engine/src/tracker/types.ts';

export const POSE_CROP_SIZE = 256;
export const HAND_CROP_SIZE = 224;

export interface PhotoCrops {
  /** [1, 256, 256, 3]: the body in messi5.jpg, a square as tall as the photograph. */
  pose: Float32Array;
  /** [2, 224, 224, 3]: the hand in handSrc.jpg, upright and turned. */
  hands: Float32Array;
}

export async function photoCrops(root: string): Promise<PhotoCrops> {
  const messi = await decodeImageFile(join(root, 'data', 'photographs', 'messi5.jpg'));
  const hand = await decodeImageFile(join(root, 'data', 'photographs', 'handSrc.jpg'));
  const pose = new Float32Array(POSE_CROP_SIZE * POSE_CROP_SIZE * 3);
  crop(messi, squareRect(messi.width, messi.height, 0.5, 0.5, 1, 0), POSE_CROP_SIZE, pose, 0);
  const hands = new Float32Array(2 * HAND_CROP_SIZE * HAND_CROP_SIZE * 3);
  crop(hand, squareRect(hand.width, hand.height, 0.5, 0.5, 0.9, 0), HAND_CROP_SIZE, hands, 0);
  crop(hand, squareRect(hand.width, hand.height, 0.5, 0.5, 0.9, Math.PI / 6), HAND_CROP_SIZE, hands, HAND_CROP_SIZE * HAND_CROP_SIZE * 3);
  return { pose, hands };
}

/** A square rect, `side` the image's height, centred at (x, y) of the image, turned by `rotation`. */
function squareRect(width: number, height: number, x: number, y: number, side: number, rotation: number): NormalizedRect {
  return { xCenter: x, yCenter: y, width: (side * height) / width, height: side, rotation };
}

function crop(image: { data: Uint8Array; width: number; height: number }, rect: NormalizedRect, size: number, out: Float32Array, offset: number): void {
  const pixels: PixelFrame = { data: image.data, width: image.width, height: image.height, channels: 3 };
  const matrix = new Float32Array(8);
  handCropTransform(rect, image.width, image.height, size, matrix);
  cropRotatedRect(pixels, matrix, size, out, offset, LANDMARK_CROP_BORDER);
}
