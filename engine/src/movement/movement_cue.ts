import type { MatchReport } from '../match/match_report.ts';
import { MovementCueKind } from '../match/match_report.ts';
import type { CompiledMovement } from './compiled_movement.ts';
import { MOVEMENT_FEATURE_COUNT } from './movement_features.ts';
import type { MovementState } from './movement_state.ts';

const F = MOVEMENT_FEATURE_COUNT;

/** A feature within this many scales of the key pose is where it should be. */
const ON_COURSE = 1;

/**
 * The one thing to tell a learner who has reached `reached` key poses of a moving sign, into the
 * report: where to start (no key pose reached: the feature of the latest frame furthest from the
 * first key pose, 'Start with your right hand higher'), what to correct on the way (the feature
 * furthest from the next key pose), or, where the hand is where it should be, which way to move
 * (the place feature that changes most from here to the end of the sign, 'Move your right hand
 * outward'). Allocates nothing.
 *
 * ref: none in MediaPipe (the handshape judge's cue, match_handshape.ts, for a course).
 */
export function movementCue(state: MovementState, movement: CompiledMovement, reached: number, report: MatchReport): void {
  const target = Math.min(reached, movement.keyCount - 1);
  let worst = -1;
  let worstSquare = ON_COURSE * ON_COURSE;
  for (let f = 0; f < F; f++) {
    const square = state.frameSquares[target * F + f]!;
    if (square > worstSquare) {
      worstSquare = square;
      worst = f;
    }
  }
  if (worst >= 0 && reached < movement.keyCount - 1) {
    report.movementCue = worst;
    report.movementCueKind = reached === 0 ? MovementCueKind.start : MovementCueKind.along;
    report.movementCueAbove = state.latest[worst]! > movement.keys[target * F + worst]!;
    return;
  }
  // On course: move on, towards the end of the sign.
  let move = -1;
  let largest = 0;
  for (let f = 0; f < F; f++) {
    const change = Math.abs(movement.direction[f]!);
    if (change > largest) {
      largest = change;
      move = f;
    }
  }
  report.movementCue = move;
  report.movementCueKind = MovementCueKind.travel;
  report.movementCueAbove = move >= 0 && movement.direction[move]! > 0;
}
