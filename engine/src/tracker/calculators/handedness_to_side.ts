import { Part } from '../../core/landmark_layout.ts';

/**
 * The signer's side of a hand from the hand landmark model's handedness output. The output is
 * the score of label 0 of MediaPipe's handedness.txt, "Left" (binary classification: "Right"
 * scores 1 - it), and MediaPipe labels hands as they appear in a mirror image (a selfie camera's
 * flipped view). So in a mirrored frame a score over 0.5 is the signer's left hand; in an
 * unmirrored frame (a photograph, a camera not flipped) it is the signer's right.
 * ref: mediapipe/calculators/tensor/tensors_to_classification_calculator.cc (binary_classification)
 * with mediapipe/modules/hand_landmark/handedness.txt
 */
export function handednessToSide(leftInMirrorScore: number, mirrored: boolean): typeof Part.leftHand | typeof Part.rightHand {
  const leftInMirror = leftInMirrorScore > 0.5;
  return leftInMirror === mirrored ? Part.leftHand : Part.rightHand;
}
