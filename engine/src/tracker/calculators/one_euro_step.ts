/** The one-euro filter's settings (as MediaPipe's OneEuroFilterOptions). */
export interface OneEuroSettings {
  /** Cut-off frequency (Hz) while the value is still: lower smooths a still value more. */
  minCutOff: number;
  /** How fast the cut-off rises with the value's speed: higher follows a moving value sooner. */
  beta: number;
  /** Cut-off frequency (Hz) of the speed estimate itself. */
  derivateCutOff: number;
}

/** Values of one filtered number kept in `state` at `at`: the last filtered value, the last raw value, the filtered speed. */
export const ONE_EURO_STATE_LENGTH = 3;
const FILTERED = 0;
const RAW = 1;
const SPEED = 2;

function alpha(cutOff: number, seconds: number): number {
  return 1 / (1 + 1 / (2 * Math.PI * cutOff * seconds));
}

/**
 * One step of the one-euro filter for one number: `value` seen `seconds` after the last one
 * (<= 0: the filter's first value), its speed measured in `valueScale` units (the object's size,
 * so that a large and a small hand are smoothed alike). Updates `state` at `at` and returns the
 * filtered value. Pure apart from `state`; allocates nothing.
 * ref: mediapipe/util/filtering/one_euro_filter.cc (OneEuroFilter::Apply, LowPassFilter)
 */
export function oneEuroStep(state: Float64Array, at: number, value: number, seconds: number, valueScale: number, settings: OneEuroSettings): number {
  if (seconds <= 0) {
    state[at + FILTERED] = value;
    state[at + RAW] = value;
    state[at + SPEED] = 0;
    return value;
  }
  const speed = ((value - state[at + RAW]!) * valueScale) / seconds;
  const filteredSpeed = state[at + SPEED]! + alpha(settings.derivateCutOff, seconds) * (speed - state[at + SPEED]!);
  const cutOff = settings.minCutOff + settings.beta * Math.abs(filteredSpeed);
  const filtered = state[at + FILTERED]! + alpha(cutOff, seconds) * (value - state[at + FILTERED]!);
  state[at + FILTERED] = filtered;
  state[at + RAW] = value;
  state[at + SPEED] = filteredSpeed;
  return filtered;
}
