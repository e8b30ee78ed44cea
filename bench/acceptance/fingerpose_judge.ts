// The fingerpose anchor as a frame judge for the acceptance bench: does this one frame of a hand
// show `letter`, by npm `fingerpose` 0.1.0 (MIT) with the manual alphabet's descriptions
// (fingerpose_letters.ts)?
import fp from 'fingerpose';
import { HAND_POINT_COUNT, POINT_STRIDE, X, Y, Z } from '../../engine/src/core/landmark_layout.ts';
import { FINGERPOSE_LETTERS } from './fingerpose_letters.ts';

/** Judges single frames of one hand. */
export interface FrameJudge {
  name: string;
  /**
   * `hand`: 21 points x 4 numbers (x, y normalised to the image, z, score) as a LandmarkFrame's
   * rightHand / leftHand holds them; `mirrored`: the hand is a left hand, measured as its mirror
   * image; true when the frame shows `letter`.
   */
  accepts(hand: Float32Array, imageWidth: number, imageHeight: number, mirrored: boolean, letter: string): boolean;
}

/**
 * Fingerpose's own recommendation: its README asks for a threshold "rather high (at least 8,
 * better 8.5)" out of 10 and its example estimates with 8.5. Taken as is, not tuned on our data.
 */
const DEFAULT_MIN_SCORE = 8.5;

/** Two letters whose scores differ by less than this tie (sums of the same weights in another order). */
const TIE = 1e-9;

/**
 * True when fingerpose's best gesture for the frame is `letter` with a score of at least `minScore`.
 * A tie at the top accepts every tied letter: fingerpose has no way to prefer one (R and U share a
 * description, crossing being beyond its terms), and an app built on it shows one of them. J and Z
 * move, and fingerpose sees one frame: they are never accepted, nor is a letter outside the alphabet.
 * Points are converted to the pixels fingerpose expects (x * width, y * height, z * width), a
 * mirrored hand's x to width - x; a frame with a non-finite number is refused.
 */
export function createFingerposeJudge(minScore: number = DEFAULT_MIN_SCORE): FrameJudge {
  if (!(minScore >= 0 && minScore <= 10)) throw new Error(`fingerpose's minimum score is between 0 and 10, got ${minScore}`);
  const estimator = new fp.GestureEstimator(FINGERPOSE_LETTERS);
  const letters = new Set(FINGERPOSE_LETTERS.map((gesture) => gesture.name));
  // Reused for every frame: fingerpose reads the points and keeps nothing.
  const points: Array<[number, number, number]> = Array.from({ length: HAND_POINT_COUNT }, () => [0, 0, 0]);
  return {
    name: `fingerpose ${minScore}`,
    accepts(hand, imageWidth, imageHeight, mirrored, letter) {
      if (!letters.has(letter)) return false;
      if (hand.length < HAND_POINT_COUNT * POINT_STRIDE) throw new Error(`a hand has ${HAND_POINT_COUNT * POINT_STRIDE} numbers, got ${hand.length}`);
      for (let i = 0; i < HAND_POINT_COUNT; i++) {
        const x = hand[i * POINT_STRIDE + X]! * imageWidth;
        const point = points[i]!;
        point[0] = mirrored ? imageWidth - x : x;
        point[1] = hand[i * POINT_STRIDE + Y]! * imageHeight;
        point[2] = hand[i * POINT_STRIDE + Z]! * imageWidth;
        if (!Number.isFinite(point[0]) || !Number.isFinite(point[1]) || !Number.isFinite(point[2])) return false;
      }
      const { gestures } = estimator.estimate(points, minScore);
      let best = -Infinity;
      for (const gesture of gestures) best = Math.max(best, gesture.score);
      return gestures.some((gesture) => gesture.name === letter && gesture.score >= best - TIE);
    },
  };
}
