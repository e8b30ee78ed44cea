import { MIN_POINT_SCORE } from '../core/constants.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HandPoint, Part, POINT_STRIDE, PosePoint, SCORE, X, Y, Z } from '../core/landmark_layout.ts';

/**
 * What the judge of moving signs reads of one hand in one frame, in the signer's own body frame:
 * positions are measured from the nose, in shoulder widths, along two axes, `across` (towards the
 * hand's own side: outward for either hand, so a left-handed signer's sign reads as a
 * right-handed signer's) and `down` (perpendicular to the shoulders' line, towards the hips);
 * directions in the same axes. Nothing depends on the camera's distance, the signer's size, a
 * leaning body or which hand signs.
 *
 * Each feature has a scale, the unit the judge counts differences in: how far two people making
 * the same sign differ on it, measured on the PopSign signers (data/popsign-hello-thankyou: the
 * median error of each feature between a signer's performance and another signer's reference,
 * along their alignment), then for the two heights (palm and fingertips, where signers differ most:
 * some sign HELLO at the temple, some at the cheek) widened by a third, which
 * bench/moving-signs/tune_moving_judge.ts chose, cross-validated by signer. `higher` and `lower`
 * are what a learner is told when their value lies above or below the sign's.
 */
export interface MovementFeature {
  name: string;
  scale: number;
  /** Whether the feature is a place of the hand (its course counts towards the movement's extent). */
  place: boolean;
  higher: string;
  lower: string;
  /** For a place: where to start instead, when the learner's value lies above the sign's first
   * key pose, and below ('Start with your right hand higher'). */
  startHigher?: string;
  startLower?: string;
  /** Where the learner's hand should go, as a direction of travel: towards higher values, lower. */
  towardsHigher: string;
  towardsLower: string;
}

export const MOVEMENT_FEATURES: readonly MovementFeature[] = [
  { name: 'palmAcross', scale: 0.11, place: true, higher: 'Bring your {side} hand further in', lower: 'Move your {side} hand further out to the side', startHigher: 'Start with your {side} hand further in', startLower: 'Start with your {side} hand further out', towardsHigher: 'outward', towardsLower: 'inward' },
  { name: 'palmDown', scale: 0.2, place: true, higher: 'Move your {side} hand higher', lower: 'Move your {side} hand lower', startHigher: 'Start with your {side} hand higher', startLower: 'Start with your {side} hand lower', towardsHigher: 'down', towardsLower: 'up' },
  { name: 'palmNear', scale: 0.16, place: true, higher: 'Move your {side} hand further from the camera', lower: 'Move your {side} hand nearer the camera', startHigher: 'Start with your {side} hand further from the camera', startLower: 'Start with your {side} hand nearer the camera', towardsHigher: 'towards the camera', towardsLower: 'away from the camera' },
  { name: 'fingersAcross', scale: 0.23, place: false, higher: 'Point your {side} fingers more inward', lower: 'Point your {side} fingers more outward', towardsHigher: 'turning your fingers outward', towardsLower: 'turning your fingers inward' },
  { name: 'fingersDown', scale: 0.13, place: false, higher: 'Point your {side} fingers more upward', lower: 'Point your {side} fingers more downward', towardsHigher: 'turning your fingers downward', towardsLower: 'turning your fingers upward' },
  { name: 'palmFacing', scale: 0.12, place: false, higher: 'Turn your {side} palm towards you', lower: 'Turn your {side} palm towards the camera', towardsHigher: 'turning your palm towards the camera', towardsLower: 'turning your palm towards you' },
  { name: 'handOpen', scale: 0.1, place: false, higher: 'Bend your {side} fingers more', lower: 'Open your {side} hand', towardsHigher: 'opening your hand', towardsLower: 'closing your hand' },
  { name: 'fingertipsAcross', scale: 0.13, place: true, higher: 'Bring your {side} fingertips further in', lower: 'Move your {side} fingertips further out', startHigher: 'Start with your {side} fingertips further in', startLower: 'Start with your {side} fingertips further out', towardsHigher: 'outward', towardsLower: 'inward' },
  { name: 'fingertipsDown', scale: 0.22, place: true, higher: 'Raise your {side} fingertips', lower: 'Lower your {side} fingertips', startHigher: 'Start with your {side} fingertips higher', startLower: 'Start with your {side} fingertips lower', towardsHigher: 'down', towardsLower: 'up' },
];
export const MOVEMENT_FEATURE_COUNT = MOVEMENT_FEATURES.length;
export const MOVEMENT_FEATURE_NAMES: readonly string[] = MOVEMENT_FEATURES.map((f) => f.name);

const PALM_ACROSS = 0;
const PALM_DOWN = 1;
const PALM_NEAR = 2;
const FINGERS_ACROSS = 3;
const FINGERS_DOWN = 4;
const PALM_FACING = 5;
const HAND_OPEN = 6;
const TIPS_ACROSS = 7;
const TIPS_DOWN = 8;

/** Each finger's knuckle, two middle joints and tip, four points a finger, in one flat array (the
 * hot path reads by index: no destructuring, which allocates an iterator). */
const FINGER_POINTS = Int32Array.from([
  HandPoint.indexMcp, HandPoint.indexPip, HandPoint.indexDip, HandPoint.indexTip,
  HandPoint.middleMcp, HandPoint.middlePip, HandPoint.middleDip, HandPoint.middleTip,
  HandPoint.ringMcp, HandPoint.ringPip, HandPoint.ringDip, HandPoint.ringTip,
  HandPoint.pinkyMcp, HandPoint.pinkyPip, HandPoint.pinkyDip, HandPoint.pinkyTip,
]);

/**
 * One hand's movement features (MOVEMENT_FEATURES, in that order) into `out`. `side` 0 is the
 * signer's left hand, 1 the right. False, `out` untouched, when the hand or the body frame (nose
 * and both shoulders, each scored at least MIN_POINT_SCORE) is missing or degenerate.
 *   palmAcross, palmDown: the palm's centre (wrist and the index, middle and pinky knuckles);
 *   palmNear: the log of the palm's length (wrist to middle knuckle) in shoulder widths: larger as
 *     the hand comes towards the camera or turns its palm to it;
 *   fingersAcross, fingersDown: the unit direction from the wrist to the middle knuckle;
 *   palmFacing: the palm's normal (knuckles' cross product, in 3-D) towards the camera, -1..1,
 *     positive when the palm faces the camera, for either hand;
 *   handOpen: the fingers' mean straightness (knuckle-to-tip distance over the finger's length), 0..1;
 *   fingertipsAcross, fingertipsDown: the middle fingertip.
 *
 * ref: none (MediaPipe has no such step; the body frame is the one its holistic graph's hand
 * crops rotate by, the shoulders' line)
 */
export function computeMovementFeatures(landmarks: LandmarkFrame, side: 0 | 1, out: Float32Array): boolean {
  if (landmarks.present[Part.pose] !== 1 || landmarks.present[side === 0 ? Part.leftHand : Part.rightHand] !== 1) return false;
  const pose = landmarks.pose;
  const hand = side === 0 ? landmarks.leftHand : landmarks.rightHand;
  const width = landmarks.imageWidth;
  const height = landmarks.imageHeight;
  const nose = PosePoint.nose * POINT_STRIDE;
  const own = (side === 0 ? PosePoint.leftShoulder : PosePoint.rightShoulder) * POINT_STRIDE;
  const other = (side === 0 ? PosePoint.rightShoulder : PosePoint.leftShoulder) * POINT_STRIDE;
  if (!(pose[nose + SCORE]! >= MIN_POINT_SCORE && pose[own + SCORE]! >= MIN_POINT_SCORE && pose[other + SCORE]! >= MIN_POINT_SCORE)) return false;
  const noseX = pose[nose + X]! * width;
  const noseY = pose[nose + Y]! * height;
  let ax = (pose[own + X]! - pose[other + X]!) * width;
  let ay = (pose[own + Y]! - pose[other + Y]!) * height;
  const shoulders = Math.sqrt(ax * ax + ay * ay);
  if (!(shoulders > 1)) return false;
  ax /= shoulders;
  ay /= shoulders;
  // `down` is perpendicular to the shoulders, pointing down the image.
  let dx = -ay;
  let dy = ax;
  if (dy < 0) {
    dx = -dx;
    dy = -dy;
  }
  // The axes' handedness in the image: it flips between the two hands (across points the other way).
  const chirality = ax * dy - ay * dx > 0 ? 1 : -1;

  const w = HandPoint.wrist * POINT_STRIDE;
  const i = HandPoint.indexMcp * POINT_STRIDE;
  const m = HandPoint.middleMcp * POINT_STRIDE;
  const p = HandPoint.pinkyMcp * POINT_STRIDE;
  const t = HandPoint.middleTip * POINT_STRIDE;
  const wx = hand[w + X]! * width;
  const wy = hand[w + Y]! * height;
  const cx = ((hand[w + X]! + hand[i + X]! + hand[m + X]! + hand[p + X]!) / 4) * width - noseX;
  const cy = ((hand[w + Y]! + hand[i + Y]! + hand[m + Y]! + hand[p + Y]!) / 4) * height - noseY;
  const fx = hand[m + X]! * width - wx;
  const fy = hand[m + Y]! * height - wy;
  const palm = Math.sqrt(fx * fx + fy * fy);
  if (!(palm > 0)) return false;
  const ix = hand[i + X]! * width - wx;
  const iy = hand[i + Y]! * height - wy;
  const iz = (hand[i + Z]! - hand[w + Z]!) * width;
  const px = hand[p + X]! * width - wx;
  const py = hand[p + Y]! * height - wy;
  const pz = (hand[p + Z]! - hand[w + Z]!) * width;
  const nx = iy * pz - iz * py;
  const ny = iz * px - ix * pz;
  const nz = ix * py - iy * px;
  const normal = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(normal > 0)) return false;
  // Each finger's straightness: knuckle to tip over the sum of its three bones, in 3-D (a hand
  // model's z is in the image's x units: MediaPipe's convention, and our tracker's).
  let open = 0;
  for (let f = 0; f < 4; f++) {
    let length = 0;
    for (let b = 0; b < 3; b++) {
      const a = FINGER_POINTS[f * 4 + b]! * POINT_STRIDE;
      const c = FINGER_POINTS[f * 4 + b + 1]! * POINT_STRIDE;
      const bx = (hand[c + X]! - hand[a + X]!) * width;
      const by = (hand[c + Y]! - hand[a + Y]!) * height;
      const bz = (hand[c + Z]! - hand[a + Z]!) * width;
      length += Math.sqrt(bx * bx + by * by + bz * bz);
    }
    const k = FINGER_POINTS[f * 4]! * POINT_STRIDE;
    const end = FINGER_POINTS[f * 4 + 3]! * POINT_STRIDE;
    const sx = (hand[end + X]! - hand[k + X]!) * width;
    const sy = (hand[end + Y]! - hand[k + Y]!) * height;
    const sz = (hand[end + Z]! - hand[k + Z]!) * width;
    if (length > 0) open += Math.sqrt(sx * sx + sy * sy + sz * sz) / length;
  }
  const tx = hand[t + X]! * width - noseX;
  const ty = hand[t + Y]! * height - noseY;

  out[PALM_ACROSS] = (cx * ax + cy * ay) / shoulders;
  out[PALM_DOWN] = (cx * dx + cy * dy) / shoulders;
  out[PALM_NEAR] = Math.log(palm / shoulders);
  out[FINGERS_ACROSS] = (fx * ax + fy * ay) / palm;
  out[FINGERS_DOWN] = (fx * dx + fy * dy) / palm;
  out[PALM_FACING] = (nz / normal) * chirality;
  out[HAND_OPEN] = open / 4;
  out[TIPS_ACROSS] = (tx * ax + ty * ay) / shoulders;
  out[TIPS_DOWN] = (tx * dx + ty * dy) / shoulders;
  return true;
}
