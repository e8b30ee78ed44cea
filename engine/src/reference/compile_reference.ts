import { ANGLE_FRAME_LAYOUT } from '../core/angle_frame.ts';
import { HAND_ANGLE_COUNT, HAND_ORIENTATION_COUNT, HAND_TOLERANCE_MIN_DEG, POSE_ANGLE_COUNT, POSE_TOLERANCE_DEG } from '../core/constants.ts';
import { PART_COUNT, Part } from '../core/landmark_layout.ts';
import { POSE_ANGLE_NAMES } from '../angles/pose_angle_definitions.ts';
import type { CompiledReference } from './compiled_reference.ts';
import type { HandAngles, ReferenceSign } from './reference_sign_schema.ts';

/** The rate of a record's frames when it does not say (product.md §3 Data's records do not). */
export const DEFAULT_RECORD_FPS = 30;

/** The config a sign is practised with: the first guide by name, so every client picks the same. */
export function primaryGuideFileName(sign: ReferenceSign): string {
  const names = Object.keys(sign.configs).sort();
  const first = names[0];
  if (first === undefined) throw new Error('reference sign has no configs');
  return first;
}

/** A validated reference record -> typed arrays for matching (one guide config: the primary one). */
export function compileReference(signName: string, sign: ReferenceSign, guideFileName = primaryGuideFileName(sign)): CompiledReference {
  const frames = sign.configs[guideFileName];
  if (!frames) throw new Error(`reference sign "${signName}" has no config "${guideFileName}"`);
  const n = frames.length;
  const compiled: CompiledReference = {
    signName,
    guideFileName,
    frameCount: n,
    fps: sign.fps ?? DEFAULT_RECORD_FPS,
    pose: new Float32Array(n * POSE_ANGLE_COUNT),
    leftHand: new Float32Array(n * HAND_ANGLE_COUNT),
    rightHand: new Float32Array(n * HAND_ANGLE_COUNT),
    leftHandOrientation: new Float32Array(n * HAND_ORIENTATION_COUNT),
    rightHandOrientation: new Float32Array(n * HAND_ORIENTATION_COUNT),
    present: new Uint8Array(n * PART_COUNT),
    orientationPresent: new Uint8Array(n * 2),
    joints: new Float32Array(n * ANGLE_FRAME_LAYOUT.angleCount),
    jointTolerance: new Float32Array(n * ANGLE_FRAME_LAYOUT.angleCount),
  };
  const { angleCount } = ANGLE_FRAME_LAYOUT;
  const putHand = (hand: HandAngles, frame: number, side: 0 | 1) => {
    (side === 0 ? compiled.leftHand : compiled.rightHand).set(hand.angles, frame * HAND_ANGLE_COUNT);
    const start = frame * angleCount + (side === 0 ? ANGLE_FRAME_LAYOUT.leftHand : ANGLE_FRAME_LAYOUT.rightHand);
    compiled.joints.set(hand.angles, start);
    // product.md §5 Validation: max(75, the reference's degreesOfFreedom), the same for the hand's 16 angles.
    compiled.jointTolerance.fill(Math.max(HAND_TOLERANCE_MIN_DEG, hand.config.degreesOfFreedom), start, start + HAND_ANGLE_COUNT);
    if (hand.orientation) {
      (side === 0 ? compiled.leftHandOrientation : compiled.rightHandOrientation).set(hand.orientation, frame * HAND_ORIENTATION_COUNT);
      compiled.orientationPresent[frame * 2 + side] = 1;
    }
  };
  frames.forEach((frame, i) => {
    const poseStart = i * angleCount + ANGLE_FRAME_LAYOUT.pose;
    compiled.jointTolerance.fill(POSE_TOLERANCE_DEG, poseStart, poseStart + POSE_ANGLE_COUNT);
    if (frame.pose) {
      POSE_ANGLE_NAMES.forEach((name, j) => {
        compiled.pose[i * POSE_ANGLE_COUNT + j] = frame.pose!.angles[name];
        compiled.joints[poseStart + j] = frame.pose!.angles[name];
      });
      compiled.present[i * PART_COUNT + Part.pose] = 1;
    }
    if (frame.left_hand) {
      putHand(frame.left_hand, i, 0);
      compiled.present[i * PART_COUNT + Part.leftHand] = 1;
    }
    if (frame.right_hand) {
      putHand(frame.right_hand, i, 1);
      compiled.present[i * PART_COUNT + Part.rightHand] = 1;
    }
  });
  return compiled;
}
