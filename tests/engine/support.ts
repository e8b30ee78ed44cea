import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { cloneLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE, X } from '../../engine/src/core/landmark_layout.ts';
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

/** The frame seen in a mirror: x flipped, the body's and the hands' left and right swapped. */
export function mirroredFrame(frame: LandmarkFrame): LandmarkFrame {
  const out = cloneLandmarkFrame(frame);
  const flip = (points: Float32Array) => {
    for (let p = 0; p < points.length; p += POINT_STRIDE) points[p + X] = 1 - points[p + X]!;
  };
  flip(out.pose);
  for (const [a, b] of [[1, 4], [2, 5], [3, 6], [7, 8], [9, 10], [11, 12], [13, 14], [15, 16], [17, 18], [19, 20], [21, 22], [23, 24], [25, 26], [27, 28], [29, 30], [31, 32]] as const) {
    const left = out.pose.slice(a * POINT_STRIDE, (a + 1) * POINT_STRIDE);
    out.pose.copyWithin(a * POINT_STRIDE, b * POINT_STRIDE, (b + 1) * POINT_STRIDE);
    out.pose.set(left, b * POINT_STRIDE);
  }
  const leftHand = out.leftHand.slice();
  out.leftHand.set(out.rightHand);
  out.rightHand.set(leftHand);
  flip(out.leftHand);
  flip(out.rightHand);
  const present = out.present[Part.leftHand]!;
  out.present[Part.leftHand] = out.present[Part.rightHand]!;
  out.present[Part.rightHand] = present;
  return out;
}
