// The reference a teacher would make from one signer's performances of a sign: the take that passes
// the teacher's page's own checks best, signing the sign again (it must complete) and making the
// other sign (it must not), on the same signer's other takes only. No other signer is looked at.
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledMovement } from '../../engine/src/movement/compiled_movement.ts';
import { MovementClipError } from '../../engine/src/movement/build_movement_model.ts';
import { buildMovingSign } from '../../engine/src/recordings/build_moving_sign.ts';
import { framesSource } from '../../engine/src/recordings/landmark_source.ts';
import type { ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { secondsToComplete } from '../acceptance/run_acceptance.ts';
import { atSpeed, SIGN_NAMES, throughCamera, type CameraPath, type Performance } from './performances.ts';

/** After the performance, the learner's last frame is held this long: the judge's allowance. */
export const TAIL_SECONDS = 1;

export interface ChosenReference {
  signer: string;
  sign: string;
  sequence: string;
  record: ReferenceSign;
  compiled: CompiledSign;
  /** The checks on the signer's other takes: own sign completed, other sign refused. */
  check: { own: number; ownOf: number; otherRefused: number; otherOf: number };
  /** Takes that could not make a reference, by the builder's reason. */
  refusedTakes: Record<string, number>;
}

/** A performance's reference record, or the builder's reason it makes none. */
export function referenceOf(performance: Performance): { record: ReferenceSign; compiled: CompiledSign } | { problem: string } {
  const name = SIGN_NAMES[performance.sign] ?? performance.sign;
  try {
    const record = buildMovingSign(framesSource(name, performance.frames), `${name}.gif`);
    return { record, compiled: compileSign(name, record) };
  } catch (error) {
    if (error instanceof MovementClipError) return { problem: error.problem };
    throw error;
  }
}

/** Whether `performance` completes `sign` within its own length plus TAIL_SECONDS, at `speed`;
 * `rivals`: the other moving signs of the lesson (the practice loop's), none by default; `camera`:
 * what the camera and tracker give the judge (every frame, whole, by default). */
export function completes(sign: CompiledSign, performance: Performance, speed = 1, rivals: readonly CompiledMovement[] = [], camera: CameraPath = {}): number | null {
  return secondsToComplete(throughCamera(atSpeed(performance.frames, speed, TAIL_SECONDS), camera), sign.reference.signName, sign, 'handshape', rivals);
}

/** `camera`: the teacher's page checks the take through the same camera path as the learners'. */
export function chooseReference(signer: string, sign: string, performances: readonly Performance[], camera: CameraPath = {}): ChosenReference | null {
  const own = performances.filter((p) => p.signer === signer && p.eligible);
  let best: ChosenReference | null = null;
  let bestScore = -1;
  const refusedTakes: Record<string, number> = {};
  for (const candidate of own.filter((p) => p.sign === sign)) {
    const built = referenceOf(candidate);
    if ('problem' in built) {
      refusedTakes[built.problem] = (refusedTakes[built.problem] ?? 0) + 1;
      continue;
    }
    const check = { own: 0, ownOf: 0, otherRefused: 0, otherOf: 0 };
    for (const take of own) {
      if (take === candidate) continue;
      const done = completes(built.compiled, take, 1, [], camera) !== null;
      if (take.sign === sign) {
        check.ownOf++;
        if (done) check.own++;
      } else {
        check.otherOf++;
        if (!done) check.otherRefused++;
      }
    }
    const score = check.own + check.otherRefused;
    const better = score > bestScore || (score === bestScore && best !== null && candidate.handFrames > own.find((p) => p.sequence === best!.sequence)!.handFrames);
    if (better) {
      best = { signer, sign, sequence: candidate.sequence, record: built.record, compiled: built.compiled, check, refusedTakes };
      bestScore = score;
    }
  }
  return best === null ? null : { ...best, refusedTakes };
}
