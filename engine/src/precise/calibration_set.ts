import { compileReference } from '../reference/compile_reference.ts';
import type { CompiledReference } from '../reference/compiled_reference.ts';
import type { ReferenceSign } from '../reference/reference_sign_schema.ts';
import { calibratePreciseReference } from './calibrate_precise_tolerances.ts';
import { preciseJointTolerance, type PreciseReference } from './precise_reference.ts';

/** Frames with their precise data: what precise mode's tolerances are calibrated and contrasted on. */
export interface CalibrationSet {
  reference: CompiledReference;
  precise: PreciseReference;
}

/**
 * The frames precise mode sizes a sign's tolerances on: the record's `calibration` frames (the
 * signer's whole performance of the sign), compiled and calibrated as a reference of their own;
 * without them, the sign's practice reference itself (`practice`, calibrated from its frames).
 * The practice reference is what a session follows (for a held letter, a natural hold: its typical
 * frames, resampled and repaired), and its spread is narrower than the signer's: calibrated on it,
 * precise mode refused the same signer's P, Q, R and X a few seconds later (bench/practice-timing.md).
 *
 * ref: none (not a step of MediaPipe's graph); precise mode's calibration, bench/confusion.md.
 */
export function calibrationSet(name: string, record: ReferenceSign, practice: CalibrationSet): CalibrationSet {
  if (!record.calibration) return practice;
  const guide = practice.reference.guideFileName;
  const frames = record.calibration;
  // Compared frame with frame, never played: their rate does not matter.
  const reference = compileReference(name, { configs: { [guide]: frames } }, guide);
  return { reference, precise: calibratePreciseReference(reference, frames) };
}

/**
 * The practice reference's precise data (its per-frame features) with the tolerances sized on its
 * calibration set (`sized`, after the contrast step), in the practice reference's layout.
 */
export function withCalibratedTolerances(practice: CalibrationSet, sized: PreciseReference): PreciseReference {
  const { angleTolerance, featureTolerance } = sized;
  return { ...practice.precise, angleTolerance, featureTolerance, jointTolerance: preciseJointTolerance(practice.reference, angleTolerance) };
}
