import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { compileReference } from '../../engine/src/reference/compile_reference.ts';
import type { ReferenceFrame, ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';

/** An angle frame with the given parts (absent parts missing). */
export function angleFrame(parts: { pose?: number[]; leftHand?: number[]; rightHand?: number[] }): AngleFrame {
  const frame = createAngleFrame();
  if (parts.pose) {
    frame.pose.set(parts.pose);
    frame.present[Part.pose] = 1;
  }
  if (parts.leftHand) {
    frame.leftHand.set(parts.leftHand);
    frame.present[Part.leftHand] = 1;
  }
  if (parts.rightHand) {
    frame.rightHand.set(parts.rightHand);
    frame.present[Part.rightHand] = 1;
  }
  return frame;
}

export const hand = (value: number, dof = 0) => ({ config: { degreesOfFreedom: dof }, angles: Array(16).fill(value) as number[] });
export const pose = (l1: number, r1: number, l2: number, r2: number) => ({
  config: { degreesOfFreedom: 0 },
  angles: { leftShoulderElbowWrist: l1, rightShoulderElbowWrist: r1, leftHipShoulderElbow: l2, rightHipShoulderElbow: r2 },
});

export function compiled(frames: ReferenceFrame[], name = 'TEST') {
  const record: ReferenceSign = { configs: { [`${name}.gif`]: frames } };
  return compileReference(name, record);
}

/** The same frames compiled as a practice sign (every matching mode's data). */
export function compiledSign(frames: ReferenceFrame[], name = 'TEST', fps?: number): CompiledSign {
  return compileSign(name, { configs: { [`${name}.gif`]: frames }, ...(fps === undefined ? {} : { fps }) });
}
