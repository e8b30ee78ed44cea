import { compileHandshape } from '../handshape/compiled_handshape.ts';
import type { HandshapeCompileOptions } from '../handshape/handshape_judge_settings.ts';
import { compileMovement } from '../movement/compiled_movement.ts';
import { calibratePreciseReference } from '../precise/calibrate_precise_tolerances.ts';
import { calibrationSet, withCalibratedTolerances, type CalibrationSet } from '../precise/calibration_set.ts';
import { contrastPreciseTolerances } from '../precise/contrast_precise_tolerances.ts';
import { compileReference, primaryGuideFileName } from '../reference/compile_reference.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import type { CompiledSign } from './compiled_sign.ts';

/** One sign of a lesson to compile; `record` is null when the sign has no usable reference. */
export interface LessonSignRecord {
  name: string;
  record: ReferenceSign | null;
}

/**
 * The reference records of signs practised together (a lesson, the alphabet) -> compiled signs in
 * the same order, a sign without a record left null (the session skips it). Each sign is compiled
 * for every mode: the SPEC arrays of its primary guide, the handshape judge's model, a moving
 * sign's course (movement/compiled_movement.ts), precise mode
 * calibrated on its calibration set (the record's `calibration` frames, else its own frames:
 * precise/calibration_set.ts), then precise mode's tolerances narrowed against the set's other
 * signs' calibration sets (precise/contrast_precise_tolerances.ts). The SPEC matcher reads
 * nothing the set changes. `handshape`: how the handshape models are weighed and judged (their
 * defaults: handshape_judge_settings.ts; the bench passes what it learned on a fold).
 */
export function compileLesson(signs: readonly LessonSignRecord[], handshape: HandshapeCompileOptions = {}): (CompiledSign | null)[] {
  const present: { index: number; sign: CompiledSign; calibration: CalibrationSet }[] = [];
  signs.forEach(({ name, record }, index) => {
    if (record === null) return;
    const guide = primaryGuideFileName(record);
    const reference = compileReference(name, record, guide);
    const compiledHandshape = record.handshape ? compileHandshape(name, record.handshape, handshape) : null;
    const movement = record.movement ? compileMovement(name, record.movement) : null;
    const sign = { reference, precise: calibratePreciseReference(reference, record.configs[guide]!), handshape: compiledHandshape, movement };
    present.push({ index, sign, calibration: calibrationSet(name, record, sign) });
  });
  const contrasted = contrastPreciseTolerances(present.map(({ calibration }) => calibration));
  const compiled: (CompiledSign | null)[] = signs.map(() => null);
  present.forEach(({ index, sign }, k) => {
    compiled[index] = { ...sign, precise: withCalibratedTolerances(sign, contrasted[k]!) };
  });
  return compiled;
}

/** One sign compiled on its own (no other signs to narrow precise mode's tolerances against). */
export function compileSign(name: string, record: ReferenceSign): CompiledSign {
  return compileLesson([{ name, record }])[0]!;
}
