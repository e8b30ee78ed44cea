/**
 * Compares `count` learner angles with reference angles, joint by joint.
 * learner[learnerOffset + j] is compared with ref[refOffset + (jointMap ? jointMap[j] : j)], so a
 * mirrored comparison can pair the learner's left arm with the reference's right one. The
 * tolerance of joint j is tolerances[toleranceOffset + j * toleranceStride] (stride 0: one
 * tolerance for all joints, as the SPEC has; stride 1: one per joint, as precise mode has).
 * Writes the signed error (learner - reference) to errorOut[j] and 1 to offOut[j] where it
 * exceeds the tolerance; adds the excess over tolerance to excessOut[0]. Returns how many joints
 * are off. Allocates nothing.
 *
 * ref: SPEC 5 pose and hand match rules (every angle within tolerance).
 */
export function compareJointAngles(
  learner: Float32Array,
  learnerOffset: number,
  ref: Float32Array,
  refOffset: number,
  count: number,
  jointMap: Int8Array | null,
  tolerances: Float32Array,
  toleranceOffset: number,
  toleranceStride: number,
  errorOut: Float32Array,
  offOut: Uint8Array,
  excessOut: Float64Array,
): number {
  let off = 0;
  let excessSum = 0;
  for (let j = 0; j < count; j++) {
    const refJoint = jointMap === null ? j : jointMap[j]!;
    const error = learner[learnerOffset + j]! - ref[refOffset + refJoint]!;
    const excess = Math.abs(error) - tolerances[toleranceOffset + j * toleranceStride]!;
    // No branch on the outcome: which joints are off varies from frame to frame, and a
    // mispredicted branch per joint costs more than the comparison.
    const isOff = excess > 0 ? 1 : 0;
    errorOut[j] = error;
    offOut[j] = isOff;
    off += isOff;
    excessSum += Math.max(excess, 0);
  }
  excessOut[0]! += excessSum;
  return off;
}
