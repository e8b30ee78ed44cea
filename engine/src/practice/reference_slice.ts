import { MIN_REFERENCE_FRAMES } from '../core/constants.ts';

/**
 * product.md §4.7 Practice flow: a sign's reference is the middle slice of its frames, at least 10 frames and about half
 * the total (all of them when a recording has fewer than 10). Writes [start, length] into `out`.
 */
export function referenceSlice(frameCount: number, out: Int32Array): void {
  const length = Math.min(frameCount, Math.max(MIN_REFERENCE_FRAMES, Math.round(frameCount / 2)));
  out[0] = Math.floor((frameCount - length) / 2);
  out[1] = length;
}
