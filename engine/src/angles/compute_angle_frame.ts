import * as constants from '../core/constants.ts';
import type { AngleFrame } from '../core/angle_frame.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import * as layout from '../core/landmark_layout.ts';
import * as orientation from './compute_hand_orientation.ts';
import * as javaScriptPath from './compute_angle_frame_in_js.ts';
import * as frameScale from './angle_frame_y_scale.ts';
import * as kernelModule from './kernel/angle_kernel.ts';

// Module-local copies of the imports this hot path uses: V8 reloads (and hole-checks) an
// imported binding at every use, even a constant; a module's own const it folds. Measured by
// bench/engine/hot_path.ts: about a fifth of a hand's angle time.
const { MIN_POINT_SCORE } = constants;
const { Part } = layout;
const { computeHandOrientation } = orientation;
const { computeAngleFrameInJs } = javaScriptPath;
const { angleFrameYScale } = frameScale;
const { angleKernel } = kernelModule;

/**
 * Landmarks of one frame -> the 4 pose angles and each hand's 16 angles and orientation, written
 * into `out` (preallocated; nothing is allocated). A part is present in `out` only when it is
 * present in `landmarks` and every point it needs scores at least MIN_POINT_SCORE (product.md §5 Validation: 0.5)
 * and no joint is degenerate; a missing part's angles are zeros or left as they were, never NaN,
 * and must not be read.
 *
 * The angles come from the angle kernel (angles/kernel/: WebAssembly SIMD, float32) where the
 * runtime has it, else from computeAngleFrameInJs (float64); the two agree within 1e-4 degrees
 * (tests/engine/angle-kernel.test.ts), far below the Float32 storage of landmarks and references.
 * (Only segments shorter than about 1e-20 of the image, which no tracker produces, tell them
 * apart: their float32 products underflow, and the kernel reports the part missing.)
 *
 * `withOrientation` false leaves the hands' orientations in `out` as they were: the angle rule
 * never reads them (only precise mode, the reference builder and the guides do), and they cost
 * about a tenth of the angle rule loop's time per frame. A hand's presence does not depend on it: a
 * degenerate orientation (the wrist on the index, middle or pinky MCP) is a zero-length bone, which
 * already makes the hand's angles missing.
 *
 * ref: the angle step of the product's practice loop (product.md §5 Validation), on the pixel grid of the angle
 * frame (product.md §9 Constants).
 */
export function computeAngleFrame(landmarks: LandmarkFrame, out: AngleFrame, withOrientation = true): void {
  const kernel = angleKernel();
  if (kernel === null) {
    computeAngleFrameInJs(landmarks, out, withOrientation);
    return;
  }
  const present = landmarks.present;
  let parts = 0;
  if (present[Part.pose] === 1) {
    kernel.pose.set(landmarks.pose);
    parts |= 1;
  }
  if (present[Part.leftHand] === 1) {
    kernel.leftHand.set(landmarks.leftHand);
    parts |= 2;
  }
  if (present[Part.rightHand] === 1) {
    kernel.rightHand.set(landmarks.rightHand);
    parts |= 4;
  }
  const width = landmarks.imageWidth;
  const height = landmarks.imageHeight;
  const found = kernel.computeAngles(parts, angleFrameYScale(width, height), MIN_POINT_SCORE);
  out.values.set(kernel.angles);
  out.present[Part.pose] = found & 1;
  out.present[Part.leftHand] =
    (found & 2) !== 0 && (!withOrientation || computeHandOrientation(landmarks.leftHand, width, height, out.leftHandOrientation)) ? 1 : 0;
  out.present[Part.rightHand] =
    (found & 4) !== 0 && (!withOrientation || computeHandOrientation(landmarks.rightHand, width, height, out.rightHandOrientation)) ? 1 : 0;
}
