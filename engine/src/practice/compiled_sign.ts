import type { CompiledHandshape } from '../handshape/compiled_handshape.ts';
import type { CompiledMovement } from '../movement/compiled_movement.ts';
import type { PreciseReference } from '../precise/precise_reference.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';

/**
 * Everything one sign is practised with, compiled once when a lesson loads (compile_lesson.ts):
 * the SPEC arrays of its reference record, and each matching mode's own data. A session can switch
 * modes mid-lesson without compiling again.
 */
export interface CompiledSign {
  reference: CompiledReference;
  /** Precise mode's features and tolerances (precise/). */
  precise: PreciseReference;
  /** The handshape judge's model (handshape/), or null for a record without one (or built for
   * other descriptors): the handshape mode then judges the sign by the SPEC rule. */
  handshape: CompiledHandshape | null;
  /** The course of a sign that moves (movement/), or null: a sign with one is judged by its
   * movement whatever the matching mode (the practice session follows the judge's progress). */
  movement: CompiledMovement | null;
}
