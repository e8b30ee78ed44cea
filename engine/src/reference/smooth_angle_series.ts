import { cloneAngleFrame, type AngleFrame } from '../core/angle_frame.ts';
import { Part } from '../core/landmark_layout.ts';

/**
 * Temporal median of every angle over a centred window of `window` frames, over the frames where
 * the part is present. Recorded landmarks jitter (the tracker's one-frame spikes, and in 2D the
 * wide swings of a foreshortened curled finger); the practice loop compares the learner with one
 * reference frame at a time, so a single spiked reference frame would block progress until the
 * learner happened to reproduce the spike. The live tracker smooths its landmarks for the same
 * reason (product.md §9 Constants: smoothing on). Returns new frames; the input is left as it was.
 *
 * ref: the temporal filtering of MediaPipe's landmark smoothing (LandmarksSmoothingCalculator),
 * as a median, which removes spikes without lagging a held pose.
 */
export function smoothAngleSeries(frames: readonly AngleFrame[], window: number): AngleFrame[] {
  const half = Math.floor(window / 2);
  // Precise mode's shape and motion features (precise/precise_features.ts) pass through as they are.
  const copy = frames.map(cloneAngleFrame);
  const values: number[] = [];
  for (const part of ['pose', 'leftHand', 'rightHand'] as const) {
    const present = frames.map((f, i) => (f.present[Part[part]] === 1 ? i : -1)).filter((i) => i >= 0);
    const count = frames[0]?.[part].length ?? 0;
    for (let k = 0; k < present.length; k++) {
      for (let j = 0; j < count; j++) {
        values.length = 0;
        for (let w = Math.max(0, k - half); w <= Math.min(present.length - 1, k + half); w++) values.push(frames[present[w]!]![part][j]!);
        values.sort((a, b) => a - b);
        copy[present[k]!]![part][j] = values[values.length >> 1]!;
      }
    }
  }
  return copy;
}
