/** Numbers of the product (product.md §5 Validation, §9 Constants) and of the engine's angle definitions. */

/** product.md §9 Constants: angle frame 1280x720. Angles are measured on pixels of a frame 1280 wide; its height
 * follows the source's aspect ratio (720 for 16:9), so that pixels stay square and angles true. */
export const ANGLE_FRAME_WIDTH = 1280;
export const ANGLE_FRAME_HEIGHT = 720;

/** product.md §5 Validation: pose match tolerance, degrees, every angle. */
export const POSE_TOLERANCE_DEG = 30;
/** product.md §5 Validation: hand match tolerance is max(this, reference degreesOfFreedom), degrees. */
export const HAND_TOLERANCE_MIN_DEG = 75;

/** product.md §5 Validation, §9 Constants: detection and tracking confidence. A point below it is missing. */
export const MIN_POINT_SCORE = 0.5;

/**
 * A finger joint bends to about 90 degrees at the MCP, 110 at the PIP and 80 at the DIP, so in the
 * image plane its angle stays above 70 degrees; a sharper 2-D angle is a projection (a phalanx
 * pointing at the camera) or a tracking mistake. 60 leaves room for the tracker's noise.
 */
export const FOLDED_PAST_DEG = 60;

export const POSE_ANGLE_COUNT = 4;
export const HAND_ANGLE_COUNT = 16;
/** directionX, directionY, palmFacing: see angles/compute_hand_orientation.ts. */
export const HAND_ORIENTATION_COUNT = 3;
/** Per hand, precise mode's shape and motion features (precise/precise_features.ts), as a
 * reference record stores them in `shape`, each within +-SHAPE_LIMIT. */
export const SHAPE_FEATURE_COUNT = 13;
export const SHAPE_LIMIT = 1000;

/** product.md §4.7 Practice flow, §9 Constants: practice windows and timings. */
export const FREE_START_FRACTION = 0.1;
export const FREE_END_FRACTION = 0.9;
export const MIN_REFERENCE_FRAMES = 10;
export const SIGN_COMPLETE_LOCK_MS = 1000;
export const LESSON_COMPLETE_DELAY_MS = 200;
export const LESSON_CONTINUE_DELAY_MS = 4000;

/**
 * Word lessons (product.md §4.7 Practice flow): the pause before each letter of a word after its first, in place of
 * SIGN_COMPLETE_LOCK_MS, so that spelling flows. 350 ms: long enough to see the ring start again
 * on the next letter, and longer than the handshape judge's speed smoothing (300 ms,
 * handshape/handshape_features.ts), so the move from one letter to the next has faded before the
 * next letter is judged; short enough that a 5-letter word is not held up 4 s by pauses alone (the
 * 1 s pause of product.md §4.7 stays between separate signs, words included).
 */
export const WORD_LETTER_PAUSE_MS = 350;
/**
 * A repeated letter in a word (the OO of BOOK) is signed again after a small bounce: before the
 * second O is judged, the hand must be seen NOT making the letter for this long (judged time, as
 * the position counts it): relaxed, lowered or bounced. A one- or two-frame tracking glitch in a
 * held letter is shorter and does not count.
 */
export const REPEATED_LETTER_RELEASE_MS = 150;
