/**
 * The hand landmark model's outputs by name: 21 x (x, y, z) in crop pixels, presence and
 * handedness (the score of "Right" in a mirror image: calculators/handedness_to_side.ts). Both
 * scores already pass through a Sigmoid in the graph: they are probabilities.
 * ref: mediapipe/modules/hand_landmark/hand_landmark_cpu.pbtxt (the model's output tensors)
 */
export const HAND_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];
/** One hand's landmark numbers in the model's raw output: 21 x (x, y, z). */
export const HAND_RAW_LENGTH = 63;

/** A hand model run's outputs, one row per crop; made once and refilled by every run. */
export interface HandModelOutput {
  landmarks: Float32Array;
  presence: Float32Array;
  handedness: Float32Array;
}

/** Outputs for up to `crops` crops at once. */
export function createHandModelOutput(crops: number): HandModelOutput {
  return { landmarks: new Float32Array(crops * HAND_RAW_LENGTH), presence: new Float32Array(crops), handedness: new Float32Array(crops) };
}
