import { HandPoint as H } from '../core/landmark_layout.ts';

/**
 * The 16 hand angles, in this order in AngleFrame.leftHand / rightHand.
 *
 * 15 are the flexion of the three joints of each finger (thumb CMC, MCP, IP; MCP, PIP, DIP of the
 * others), each the angle at the joint between the bone before and the bone after it (the wrist
 * stands before each MCP, and before the thumb CMC). Straight finger = 180.
 *
 * The 16th is the thumb spread: the angle at the wrist between the thumb tip and the index tip.
 * Flexion alone cannot tell a thumb held against the index (A, S, T) from one held out to the side
 * (L, Y); the fingers' sideways spread shows only in this angle, and the thumb's is the one that
 * fingerspelling turns on most.
 */
export const HAND_ANGLE_NAMES = [
  'thumbCmc', 'thumbMcp', 'thumbIp',
  'indexMcp', 'indexPip', 'indexDip',
  'middleMcp', 'middlePip', 'middleDip',
  'ringMcp', 'ringPip', 'ringDip',
  'pinkyMcp', 'pinkyPip', 'pinkyDip',
  'thumbIndexSpread',
] as const;
export type HandAngleName = (typeof HAND_ANGLE_NAMES)[number];

/** The finger each hand angle belongs to (for feedback such as 'Bend your index finger more'). */
export const HAND_ANGLE_FINGER = [
  'thumb', 'thumb', 'thumb',
  'index', 'index', 'index',
  'middle', 'middle', 'middle',
  'ring', 'ring', 'ring',
  'pinky', 'pinky', 'pinky',
  'thumb',
] as const;
export type FingerName = (typeof HAND_ANGLE_FINGER)[number];

/** Where the index, middle, ring and little fingers' three angles (MCP, PIP, DIP) start in a hand's 16. */
export const FINGER_FIRST_ANGLE = new Int8Array([3, 6, 9, 12]);

/** Flattened [a, b, c] hand landmark indices per angle, same order as HAND_ANGLE_NAMES. */
export const HAND_ANGLE_TRIPLETS = new Int8Array([
  H.wrist, H.thumbCmc, H.thumbMcp,
  H.thumbCmc, H.thumbMcp, H.thumbIp,
  H.thumbMcp, H.thumbIp, H.thumbTip,
  H.wrist, H.indexMcp, H.indexPip,
  H.indexMcp, H.indexPip, H.indexDip,
  H.indexPip, H.indexDip, H.indexTip,
  H.wrist, H.middleMcp, H.middlePip,
  H.middleMcp, H.middlePip, H.middleDip,
  H.middlePip, H.middleDip, H.middleTip,
  H.wrist, H.ringMcp, H.ringPip,
  H.ringMcp, H.ringPip, H.ringDip,
  H.ringPip, H.ringDip, H.ringTip,
  H.wrist, H.pinkyMcp, H.pinkyPip,
  H.pinkyMcp, H.pinkyPip, H.pinkyDip,
  H.pinkyPip, H.pinkyDip, H.pinkyTip,
  H.thumbTip, H.wrist, H.indexTip,
]);
