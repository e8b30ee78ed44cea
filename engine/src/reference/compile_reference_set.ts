import { compileReference } from './compile_reference.ts';
import type { CompiledReference } from './compiled_reference.ts';
import { contrastPreciseTolerances } from './contrast_precise_tolerances.ts';
import type { ReferenceSign } from './reference_sign_schema.ts';

/**
 * The references of a set of signs practised together (a lesson, the alphabet) -> compiled
 * references in the same order: each compiled on its own (compileReference, which calibrates
 * precise mode from its frames), then precise mode's tolerances narrowed against the set's other
 * signs (contrast_precise_tolerances.ts). The SPEC matcher reads nothing this changes. The same
 * path compiles the evaluation's references (evaluation/cross_validated_confusion.ts).
 */
export function compileReferenceSet(signs: readonly { name: string; sign: ReferenceSign }[]): CompiledReference[] {
  return contrastPreciseTolerances(signs.map(({ name, sign }) => compileReference(name, sign)));
}
