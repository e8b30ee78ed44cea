import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { Part, POINT_STRIDE, PosePoint, X, Y } from '../core/landmark_layout.ts';
import { agreesWithDefinition } from '../handshape/build_handshape_models.ts';
import type { FingerState, Movement } from '../handshape/manual_alphabet.ts';
import type { LandmarkSource } from './landmark_source.ts';
import { sourceToAngleFrames } from './source_to_angle_frames.ts';

/** The wrist is in place (the hand has arrived) while it moves slower than this, in shoulder widths
 * a second (the pose's shoulders in the image; not the palm, which shrinks to nothing when the
 * hand points down or at the camera). A hand holding a letter moves 0-0.5 (data/fingerspelling-asq
 * and -bzs); rising into signing space or dropping out of it, 2-30. */
export const ARRIVED_SPEED = 1.5;

/**
 * The frames of a short fingerspelling clip in which the letter is made: from the first frame in
 * which the signing (right) hand has arrived in place to the last before it leaves, as
 * [first, count] (the whole clip when the hand never settles). The lexicon's clips
 * (spoken-to-signed-translation) are each one letter, trimmed by their authors to the frames in
 * which a wrist is above its elbow with five frames either side: they begin with the hand rising
 * into signing space and end with it dropping, at 10-70 palm lengths a second. Those frames are no
 * part of the letter: a reference built from them would learn the rise, and the judge's sustained
 * speed (handshape_features.ts, smoothed over 300 ms) would carry the rise's speed into the
 * letter's hold. A traced letter's movement (J, Z) lies between arrival and departure and stays.
 * The hand has left once its wrist stays below its elbow. `movement`: the letter's, from its
 * definition; `fingers` (optional, its definition's): the span then also begins with a frame that
 * shows them and ends with the last that does.
 *
 * ref: none (undoes spoken-to-signed-translation's trim_pose margins; no MediaPipe step).
 */
export function letterSpan(source: LandmarkSource, movement: Movement, fingers?: readonly FingerState[]): [number, number] {
  const frame = createLandmarkFrame();
  // slow[i]: the wrist moved slower than ARRIVED_SPEED from frame i - 1 to frame i.
  const slow = new Uint8Array(source.frameCount);
  // below[i]: the signing wrist is lower in the image than its elbow in frame i.
  const below = new Uint8Array(source.frameCount);
  let previous: [number, number, number] | null = null;
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, frame);
    if (frame.present[Part.rightHand] !== 1 || frame.present[Part.pose] !== 1) {
      previous = null;
      continue;
    }
    const hand = frame.rightHand;
    below[i] = hand[Y]! > frame.pose[PosePoint.rightElbow * POINT_STRIDE + Y]! ? 1 : 0;
    const x = hand[X]! * frame.imageWidth, y = hand[Y]! * frame.imageHeight;
    const l = PosePoint.leftShoulder * POINT_STRIDE, r = PosePoint.rightShoulder * POINT_STRIDE;
    const shoulders = Math.hypot((frame.pose[l + X]! - frame.pose[r + X]!) * frame.imageWidth, (frame.pose[l + Y]! - frame.pose[r + Y]!) * frame.imageHeight);
    if (previous !== null && shoulders > 0) {
      const seconds = (frame.timestampMs - previous[2]) / 1000;
      slow[i] = Math.hypot(x - previous[0], y - previous[1]) / shoulders / seconds < ARRIVED_SPEED ? 1 : 0;
    }
    previous = [x, y, frame.timestampMs];
  }
  // A held letter has arrived after two slow steps in a row (a single one can be the turn at the
  // top of the rise: O's hand slows, then settles); a moving letter starts its movement as soon as
  // the hand arrives, so its single slow step at the top of the rise is all the arrival it shows.
  const steps = movement === 'held' ? 2 : 1;
  // With the letter's fingers (its definition), the letter begins with a frame that shows them
  // (the builder's training bands) and ends with the last that does: a hand that has arrived but
  // not yet formed the letter (Libras Y: four frames of an open hand hanging down, then the Y,
  // its fingers still settling for a frame) or that has let it go before leaving is no part of it.
  const angleFrames = fingers ? sourceToAngleFrames(source) : null;
  const shows = (i: number) =>
    angleFrames === null || !fingers || (angleFrames[i]!.descriptorsPresent?.[1] === 1 && agreesWithDefinition(angleFrames[i]!.rightHandDescriptors!, fingers));
  let first = -1;
  let last = -1;
  for (let i = 1; i < source.frameCount; i++) {
    // Once the wrist stays below its elbow (two frames in a row) after the letter began, the hand
    // has left: the authors' own test of signing (trim_pose keeps the frames with a wrist above its
    // elbow, and five either side). A slow step after that is the bottom of the drop (Libras J's
    // frame 27, an open hand at the frame's edge), not the letter. One frame below is the letter's
    // own movement (ÖGS Ü, signed low, dips to its elbow as it shakes).
    if (first >= 0 && below[i] === 1 && below[i + 1] === 1) break;
    if (slow[i] === 1 && (steps === 1 || slow[i + 1] === 1) && (first >= 0 || shows(i - 1))) {
      if (first < 0) first = i - 1;
      last = i + steps - 1;
    }
  }
  if (first < 0) return [0, source.frameCount];
  while (last > first && !shows(last)) last--;
  return [first, last - first + 1];
}
