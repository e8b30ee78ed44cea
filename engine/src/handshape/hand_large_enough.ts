import { computeHandDescriptors, measuredPalmPixels } from './hand_descriptors.ts';

/**
 * The smallest hand the handshape judge reads: its palm length (wrist to middle knuckle, in 3-D)
 * in the camera image's own pixels. The shortest segment the descriptors read, the pinky's last,
 * is about a fifth of the palm length; with a palm of 15 pixels it spans 3, and one pixel of blur
 * then turns it by 18 degrees, nearly the judge's scale for a bend or a direction (20 degrees,
 * hand_descriptors.ts). Below that a single pixel is a category of the manual alphabet, and the
 * fingers the tracker draws are guesses: a man walking across a lawn far from the camera
 * (data/non-signs vtest-walk: three of its five palms 10 to 14 pixels) had one such hand read as
 * Q. Measured beside it: every hand of other people's photographed letters (312 x 416), 22 pixels
 * and more, but for one spurious second hand our tracker found beside a fist (15.3); our own
 * signer's recordings, at their assumed width of 640 (the width the app's tracker reads its
 * camera at), 49 to 279, half of them over 104.
 */
export const MIN_PALM_PIXELS = 15;

/**
 * Is a hand whose palm measured `palmPixels` (computeHandDescriptors' measuredPalmPixels, in the
 * angle frame's pixels, `pixelWidth` wide) large enough to read in an image `imageWidth` pixels
 * wide? A hand too small is not judged: the learner is asked for the sign, as with no hand.
 *
 * ref: none in MediaPipe.
 */
export function handLargeEnough(palmPixels: number, pixelWidth: number, imageWidth: number): boolean {
  return (palmPixels * imageWidth) / pixelWidth >= MIN_PALM_PIXELS;
}

/**
 * One hand's descriptors as the judge reads them (computeHandDescriptors into `out`), or false
 * for a degenerate palm or a hand too small to read in an image `imageWidth` pixels wide. The
 * app's feature step (handshape_features.ts) and the bench's still frames both read hands
 * through it. Allocates nothing.
 */
export function describeReadableHand(hand: Float32Array, pixelWidth: number, pixelHeight: number, imageWidth: number, mirror: boolean, out: Float32Array): boolean {
  return computeHandDescriptors(hand, pixelWidth, pixelHeight, mirror, out) && handLargeEnough(measuredPalmPixels[0]!, pixelWidth, imageWidth);
}
