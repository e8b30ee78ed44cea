/**
 * How long a reference of a held handshape lasts, and at what rate: NATURAL_HOLD_FRAMES frames at
 * NATURAL_HOLD_FPS. The practice session takes the middle half as the reference (product.md §4.7 Practice flow), so a
 * learner holds a letter for 1.5 s of correct signing (0.15 s free, 1.2 s matching, 0.15 s free),
 * about what a fingerspelling teacher asks a beginner to hold a letter for, and the same at any
 * camera or tracker frame rate, since the session advances by time.
 */
export const NATURAL_HOLD_FPS = 30;
export const NATURAL_HOLD_FRAMES = 90;

/**
 * `count` indices of `candidates` (frame indices in time order), spread evenly over them, in
 * order: a held sign's reference keeps the signer's variation over the whole hold instead of
 * copying one frame, compressed (or, from fewer candidates than `count`, stretched) into the
 * natural hold's duration, which does not depend on how many frames a recording had.
 */
export function naturalHoldIndices(candidates: readonly number[], count = NATURAL_HOLD_FRAMES): number[] {
  if (candidates.length === 0) return [];
  return Array.from({ length: count }, (_, i) => candidates[Math.floor(((i + 0.5) * candidates.length) / count)]!);
}
