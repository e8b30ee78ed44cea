import type { CompiledMovement } from './compiled_movement.ts';
import type { MovementState } from './movement_state.ts';

/**
 * Whether another sign the learner might be making (`rivals`: the lesson's other moving signs, and
 * any the caller adds) fits the learner's movement better than the alignment that completes a sign,
 * whose mean frame cost is `mean[0]` (in an array: a double passed as an argument is boxed on every
 * call V8 does not inline): some rival, followed on either hand (`rivalStates[q]`: its left- and
 * right-hand states, fed the same frames), has an alignment through its own last key pose with a
 * lower mean frame cost. MovementJudge asks when the sign matches and again once the movement has
 * ended, the rivals having followed the whole of it. Without it a hand making one sign completes
 * another wherever their courses cross within the tolerances people differ by (a hand raised
 * beside the head while the other signs THANK YOU at the chin reads as HELLO): of the other-sign
 * completions on the PopSign signers it refuses 14 of 36 and costs 4 of 3837 own signs
 * (bench/moving-signs.md). No limit of its own: the better fit wins, as a learner's teacher would
 * say "that was the other sign". Allocates nothing.
 *
 * ref: none in MediaPipe (a nearest-class decision among the signs followed)
 */
export function anotherSignFitsBetter(mean: Float64Array, rivals: readonly CompiledMovement[], rivalStates: readonly (readonly [MovementState, MovementState])[]): boolean {
  const limit = mean[0]!;
  for (let q = 0; q < rivals.length; q++) {
    const rivalLast = rivals[q]!.keyCount - 1;
    const hands = rivalStates[q]!;
    for (let side = 0; side < 2; side++) {
      const rival = hands[side]!.current;
      const rivalFrames = rival.frames[rivalLast]!;
      if (rivalFrames > 0 && rival.cost[rivalLast]! / rivalFrames < limit) return true;
    }
  }
  return false;
}
