import { FREE_END_FRACTION, FREE_START_FRACTION } from '../core/constants.ts';

/**
 * product.md §4.7 Practice flow: over the first 10% of the reference frames the position simply advances; from 10% to
 * 90% it advances only on a match; after 90% it advances freely again. True when `position`
 * (0-based, of `length` frames) needs a match to advance. `freeStart` false: a match is needed
 * from the first frame (the handshape judge's reading, match_mode.ts).
 */
export function needsMatch(position: number, length: number, freeStart = true): boolean {
  return (!freeStart || position >= FREE_START_FRACTION * length) && position < FREE_END_FRACTION * length;
}
