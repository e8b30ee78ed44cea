import { cloneAngleFrame, type AngleFrame } from '../core/angle_frame.ts';
import { FINGER_FIRST_ANGLE } from '../angles/hand_angle_definitions.ts';
import { FOLDED_PAST_DEG, HAND_ANGLE_COUNT } from '../core/constants.ts';
import { Part } from '../core/landmark_layout.ts';

/**
 * A hand angle this far (degrees) from its median over a sign's frames is a tracking artefact,
 * not the sign (the hand shape of every letter is held, even where the hand moves): in 2-D, a folded finger pointing at the camera is foreshortened to a
 * few pixels and its projected angles flip (V's pinky middle joint 28 -> 136 -> 1, L's ring
 * knuckle 125-179 with a stretch at 30, in the recordings of data/asl-alphabet). A learner cannot follow such a
 * flip, and under the angle rule one unmatched stretch of reference frames blocks the sign.
 */
export const ARTEFACT_DEGREES = 60;

/**
 * The share of a held sign's frames a natural hold samples from: those nearest the sign's
 * median hand angles. The rest are the edges of the signer's own variation (half-formed shapes,
 * drifting fingers) that a reference followed frame by frame should not ask for.
 */
export const TYPICAL_SHARE = 0.8;

/**
 * The indices (in time order) of the TYPICAL_SHARE of `frames` nearest the median hand angles
 * (mean absolute difference over the signing hand's 16 angles); frames without a hand are left out.
 */
export function typicalFrames(frames: readonly AngleFrame[], indices: readonly number[]): number[] {
  const part = indices.some((i) => frames[i]!.present[Part.rightHand] === 1) ? 'rightHand' : 'leftHand';
  const withHand = indices.filter((i) => frames[i]!.present[Part[part]] === 1);
  if (withHand.length === 0) return [];
  const medians = Array.from({ length: HAND_ANGLE_COUNT }, (_, j) => {
    const sorted = withHand.map((i) => frames[i]![part][j]!).sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!;
  });
  const distance = (i: number) => medians.reduce((sum, m, j) => sum + Math.abs(frames[i]![part][j]! - m), 0) / HAND_ANGLE_COUNT;
  const ranked = [...withHand].sort((a, b) => distance(a) - distance(b));
  const kept = new Set(ranked.slice(0, Math.max(1, Math.round(TYPICAL_SHARE * ranked.length))));
  return withHand.filter((i) => kept.has(i));
}

/**
 * `frames` with their tracking artefacts repaired: every hand angle lying more than
 * ARTEFACT_DEGREES from its median over `range` (the frames of the recording that make the sign)
 * is replaced by that median, so a flipped folded finger reads as the finger does in the rest of
 * the sign. Only the angles are repaired (the reference data of product.md §3 Data); frames keep their place, so
 * a moving sign keeps its timing. Returns new frames and, per frame, whether it was repaired.
 */
export function repairTrackingArtefacts(frames: readonly AngleFrame[], range: readonly number[]): { frames: AngleFrame[]; repaired: boolean[] } {
  const out = frames.map(cloneAngleFrame);
  const repaired = frames.map(() => false);
  for (const part of ['leftHand', 'rightHand'] as const) {
    const withHand = range.filter((i) => frames[i]!.present[Part[part]] === 1);
    if (withHand.length === 0) continue;
    for (let j = 0; j < HAND_ANGLE_COUNT; j++) {
      const sorted = withHand.map((i) => frames[i]![part][j]!).sort((a, b) => a - b);
      const median = sorted[sorted.length >> 1]!;
      out.forEach((f, i) => {
        if (f.present[Part[part]] === 1 && Math.abs(f[part][j]! - median) > ARTEFACT_DEGREES) {
          f[part][j] = median;
          repaired[i] = true;
        }
      });
    }
  }
  return { frames: out, repaired };
}

/**
 * Does a hand's frame read a finger that `fingers` (index, middle, ring, pinky, as the letter's
 * definition has them) extends as folded past FOLDED_PAST_DEG at any of its joints? An extended
 * finger reads so only when it points at the camera (its phalanges seen end-on, their 2-D
 * directions noise) or the tracker misplaces a joint: either way the frame's angles say nothing
 * of how the signer holds that finger (Z's index reads a PIP of 8 degrees at times in its tracing).
 */
export function foldsAnExtendedFinger(hand: ArrayLike<number>, fingers: readonly string[]): boolean {
  return FINGER_FIRST_ANGLE.some((first, f) => fingers[f] === 'extended' && (hand[first]! < FOLDED_PAST_DEG || hand[first + 1]! < FOLDED_PAST_DEG || hand[first + 2]! < FOLDED_PAST_DEG));
}
