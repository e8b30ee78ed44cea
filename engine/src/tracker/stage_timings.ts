import { TRACKER_STAGE_COUNT } from './constants.ts';

/**
 * The per-stage timings of a frame (TrackerStage, milliseconds): every stage adds the time it took
 * into the caller's array. A clock and one adder, so that no stage keeps its own bookkeeping.
 * ref: none
 */
export const now = (): number => performance.now();

/** Adds `ms` to `stage`'s time in this frame's `timings`. */
export function addStageTime(timings: Float64Array, stage: number, ms: number): void {
  timings[stage] = timings[stage]! + ms;
}

/** Where a frame's timings go when the caller asks for none. */
export const scratchTimings = new Float64Array(TRACKER_STAGE_COUNT);
