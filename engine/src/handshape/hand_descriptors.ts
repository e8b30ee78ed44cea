import { HandPoint as H } from '../core/landmark_layout.ts';
import { handInPixels } from './hand_in_pixels.ts';

/**
 * A handshape described the way the manual alphabet describes it, in numbers that hold across
 * hands: how straight each finger is and where it bends, where the thumb lies and what it touches,
 * how far the fingers spread, whether index and middle cross, and which way the index points. Measured in 3-D in the hand's own frame (origin the wrist, unit the palm length
 * |wrist -> middle knuckle|, axes along the palm, across the knuckles and out of the palm), so a
 * descriptor does not change with the hand's size, its place in the image, its rotation in the
 * image plane, or which hand signs (a left hand is measured as the mirror image of a right hand);
 * the index's direction is the only one read in the camera's frame.
 *
 * `scale` is how far apart two people's hands making the same shape typically are on that
 * descriptor: a difference of one scale is one step of the judge's distance
 * (match_handshape.ts). The scales are the manual alphabet's categories, not one signer's jitter:
 * a fifth of the way from a straight finger to a fist, 20 degrees of bend or direction, a fifth of
 * the palm length between two points. `lower` and `higher` are what the learner is told when their
 * value lies below or above the letter's; `{side}` becomes 'left' or 'right'. `joints` are the
 * hand angles (angles/hand_angle_definitions.ts) the camera screen draws red for it.
 *
 * `variesBetweenSigners`: where the thumb lies and what it touches, how far the middle joints
 * bend, and the order of the index and middle fingertips (a middle finger held by the thumb, as
 * in K and P, or curled onto it, as in D, puts its tip anywhere) are where people making the same
 * letter differ most; so is how tightly a folded finger curls (`finger`: the finger a
 * descriptor's straightness, middle joint and reach describe; `tighter`: which way the value goes
 * as it curls tighter). The judge gives them the wider scale that several people's letters show
 * (definition_weights.ts), so none of them refuses a letter by itself at one signer's scale; a
 * folded finger only on the tighter side: curled tighter it is still folded, held more open it
 * is on its way to extended (which the letter's finger gate judges on its straightness: within
 * that gate, a letter that extends another finger is not refused on how loosely the pinky is
 * folded, definition_weights.ts loosenedFold).
 * `needsUnfolded`: the fingers (0 index .. 3 pinky) a letter's definition must not fold for the
 * descriptor to say anything about it: the index/middle crossing is the order of two fingertips
 * held out (straight, or curved as in C and O); for a letter that folds one of them (D's middle
 * finger curled onto the thumb) it is no part of the letter and the judge does not count it.
 * `needsExtended`: the same for a descriptor of an extended finger (the index's direction). The
 * spreads need neither: they fade to 0 as a finger folds, which itself tells a folded finger
 * from one held out beside its neighbour (a walking hand's loose fingers from J's).
 * `lengthWhenExtended`: a finger's reach (how far its tip lies along the palm) tells how far a
 * folded or curved finger curls, but for a finger the letter holds straight out it is mostly the
 * finger's length against the palm: the person's hand, not the letter. For such a finger it counts
 * in the distance and the ratio test (it still tells I from J's tracing) but never refuses a letter
 * alone: other people's G and H reach 1.9-2.2 palm lengths with the index and middle where our
 * signer's reach 1.5-1.6, and the reach alone refused 8 of their letters (our tracker's landmarks).
 * `definitionOnly`: read only by a letter's definition (the index's hook: manual_alphabet.ts
 * HOOKED_AT), or by the judge itself (how much of the knuckles' line the camera sees), never in
 * the distance: weight 0 for every letter.
 * `acrossKnuckles`: a place along the knuckles' line (the thumb tip's). Seen edge-on, that line
 * points into the picture and the place comes from the tracker's depth, its weakest coordinate:
 * the judge counts its differences by how much of the line lies in the image (knucklesInView).
 */
export interface HandDescriptor {
  name: string;
  scale: number;
  lower: string;
  higher: string;
  joints: readonly number[];
  variesBetweenSigners?: true;
  finger?: number;
  tighter?: 'lower' | 'higher';
  needsUnfolded?: readonly number[];
  needsExtended?: readonly number[];
  lengthWhenExtended?: true;
  definitionOnly?: true;
  acrossKnuckles?: true;
}

const FINGERS = [
  { name: 'index', mcp: H.indexMcp, joints: [3, 4, 5] },
  { name: 'middle', mcp: H.middleMcp, joints: [6, 7, 8] },
  { name: 'ring', mcp: H.ringMcp, joints: [9, 10, 11] },
  { name: 'pinky', mcp: H.pinkyMcp, joints: [12, 13, 14] },
] as const;
const THUMB_JOINTS = [0, 1, 2, 15] as const;

const RATIO = 0.12;
const DEGREES = 20;
const PALMS = 0.18;

export const HAND_DESCRIPTORS: readonly HandDescriptor[] = [
  ...FINGERS.flatMap(({ name, joints }, finger) => [
    { name: `${name}Straight`, scale: RATIO, lower: `Straighten your {side} ${name} finger`, higher: `Curl your {side} ${name} finger`, joints: [joints[1], joints[2]], finger, tighter: 'lower' as const },
    { name: `${name}KnuckleBend`, scale: DEGREES, lower: `Bend your {side} ${name} finger at the knuckle`, higher: `Straighten your {side} ${name} finger at the knuckle`, joints: [joints[0]] },
    { name: `${name}MiddleJointBend`, scale: DEGREES, lower: `Bend the middle joint of your {side} ${name} finger`, higher: `Straighten the middle joint of your {side} ${name} finger`, joints: [joints[1]], variesBetweenSigners: true as const, finger, tighter: 'higher' as const },
    { name: `${name}Reach`, scale: PALMS, lower: `Reach further with your {side} ${name} finger`, higher: `Fold your {side} ${name} finger in`, joints: [...joints], finger, tighter: 'lower' as const, lengthWhenExtended: true as const },
  ]),
  { name: 'thumbAcross', scale: PALMS, lower: 'Move your {side} thumb further across your palm', higher: 'Move your {side} thumb back towards your index finger', joints: THUMB_JOINTS, variesBetweenSigners: true, acrossKnuckles: true },
  { name: 'thumbReach', scale: PALMS, lower: 'Raise your {side} thumb', higher: 'Lower your {side} thumb', joints: THUMB_JOINTS, variesBetweenSigners: true },
  { name: 'thumbToIndexTip', scale: PALMS, lower: 'Move your {side} thumb away from your index fingertip', higher: 'Bring your {side} thumb to your index fingertip', joints: [...THUMB_JOINTS, 4, 5] , variesBetweenSigners: true },
  { name: 'thumbToMiddleTip', scale: PALMS, lower: 'Move your {side} thumb away from your middle fingertip', higher: 'Bring your {side} thumb to your middle fingertip', joints: [...THUMB_JOINTS, 7, 8] , variesBetweenSigners: true },
  { name: 'thumbToIndexMiddleJoint', scale: PALMS, lower: 'Move your {side} thumb away from your index finger', higher: 'Rest your {side} thumb against your index finger', joints: [...THUMB_JOINTS, 4] , variesBetweenSigners: true },
  { name: 'thumbToMiddleMiddleJoint', scale: PALMS, lower: 'Move your {side} thumb away from your middle finger', higher: 'Rest your {side} thumb against your middle finger', joints: [...THUMB_JOINTS, 7] , variesBetweenSigners: true },
  { name: 'thumbToRingMiddleJoint', scale: PALMS, lower: 'Move your {side} thumb away from your ring finger', higher: 'Tuck your {side} thumb in towards your ring finger', joints: [...THUMB_JOINTS, 10] , variesBetweenSigners: true },
  { name: 'thumbToIndexKnuckle', scale: PALMS, lower: 'Move your {side} thumb away from your index knuckle', higher: 'Bring your {side} thumb in to your index knuckle', joints: [...THUMB_JOINTS, 3] , variesBetweenSigners: true },
  { name: 'indexMiddleSpread', scale: DEGREES, lower: 'Spread your {side} index and middle fingers apart', higher: 'Bring your {side} index and middle fingers together', joints: [3, 6] },
  { name: 'middleRingSpread', scale: DEGREES, lower: 'Spread your {side} middle and ring fingers apart', higher: 'Bring your {side} middle and ring fingers together', joints: [6, 9] },
  { name: 'ringPinkySpread', scale: DEGREES, lower: 'Spread your {side} ring and pinky fingers apart', higher: 'Bring your {side} ring and pinky fingers together', joints: [9, 12] },
  { name: 'indexMiddleCrossing', scale: 0.3, lower: 'Uncross your {side} index and middle fingers', higher: 'Cross your {side} middle finger over your index finger', joints: [4, 7], variesBetweenSigners: true, needsUnfolded: [0, 1] },
  { name: 'indexPointsUp', scale: DEGREES, lower: 'Point your {side} index finger further up', higher: 'Point your {side} index finger further down', joints: [3, 4, 5], needsExtended: [0] },
  // Where an extended middle finger points in the image, as indexPointsUp: read by P's definition
  // only (manual_alphabet.ts pointsWith), whose middle finger points down.
  { name: 'middlePointsUp', scale: DEGREES, lower: 'Point your {side} middle finger further up', higher: 'Point your {side} middle finger further down', joints: [6, 7, 8], definitionOnly: true as const },
  // The index's hook: the angle between its first segment (knuckle -> middle joint) and its last
  // (last joint -> tip), degrees: 0 straight, X's hook 20-90, a folded index 100 and more. Read
  // by X's definition only (manual_alphabet.ts HOOKED_AT).
  { name: 'indexHook', scale: DEGREES, lower: 'Hook your {side} index finger', higher: 'Straighten your {side} index finger', joints: [4, 5], definitionOnly: true as const },
  // The fingertips' order across the palm: each tip's place along the knuckles (0 the index
  // knuckle, 1 the pinky's), signed, so a tip that crosses its neighbour reads past it (R), and
  // the curled fingers of a fist show where their tips lie over the thumb.
  ...FINGERS.map(({ name, joints }) => ({ name: `${name}TipAcross`, scale: 0.3, lower: `Move your {side} ${name} fingertip towards your little finger`, higher: `Move your {side} ${name} fingertip towards your index finger`, joints: [joints[2]], variesBetweenSigners: true as const })),
  // How much of the knuckles' line (index knuckle -> pinky knuckle, across the palm) lies in the
  // image plane: 1 with the palm or its back to the camera, 0 with the hand edge-on. Read by the
  // judge only (acrossKnuckles).
  { name: 'knucklesInView', scale: RATIO, lower: 'Turn your {side} palm towards the camera', higher: 'Turn your {side} palm away from the camera', joints: [3, 12], definitionOnly: true as const },
];

export const HAND_DESCRIPTOR_COUNT = HAND_DESCRIPTORS.length;
/** Index, middle, ring, pinky: where each finger's straightness is among the descriptors. */
export const FINGER_STRAIGHTNESS = Int8Array.from(FINGERS, ({ name }) => HAND_DESCRIPTORS.findIndex((d) => d.name === `${name}Straight`));
export const HAND_DESCRIPTOR_NAMES: readonly string[] = HAND_DESCRIPTORS.map((d) => d.name);
/** Index, middle, ring, pinky: where each finger's middle-joint bend is among the descriptors. */
export const FINGER_MIDDLE_JOINTS = Int8Array.from(FINGERS, ({ name }) => HAND_DESCRIPTORS.findIndex((d) => d.name === `${name}MiddleJointBend`));
/** The four fingers' middle-joint bend averaged, degrees: how far the fingers curve (manual_alphabet.ts CURVED_AT). */
export function middleJointBend(descriptors: ArrayLike<number>): number {
  return (descriptors[FINGER_MIDDLE_JOINTS[0]!]! + descriptors[FINGER_MIDDLE_JOINTS[1]!]! + descriptors[FINGER_MIDDLE_JOINTS[2]!]! + descriptors[FINGER_MIDDLE_JOINTS[3]!]!) / 4;
}
/** 1 / scale per descriptor, for the judge's distance. */
export const HAND_DESCRIPTOR_WEIGHTS = Float64Array.from(HAND_DESCRIPTORS, (d) => 1 / d.scale);
/** Where knucklesInView is among the descriptors, and which descriptors it counts (acrossKnuckles: 1). */
export const KNUCKLES_IN_VIEW = HAND_DESCRIPTORS.findIndex((d) => d.name === 'knucklesInView');
export const ACROSS_KNUCKLES = Uint8Array.from(HAND_DESCRIPTORS, (d) => (d.acrossKnuckles ? 1 : 0));

const RAD = 180 / Math.PI;

/**
 * How far a finger counts as extended, from its straightness: 0 up to 0.6 (folded), 1 from 0.9.
 * The spreads and the index/middle crossing are properties of extended fingers: between folded
 * fingers they are noise (a curled finger's tip lies wherever the curl puts it), so they fade out
 * as a finger folds, towards their value for fingers side by side.
 */
function extension(straightness: number): number {
  return straightness <= 0.6 ? 0 : straightness >= 0.9 ? 1 : (straightness - 0.6) / 0.3;
}
// The hand's points in 3-D pixels (hand_in_pixels.ts), mirrored to a right hand.
const p = new Float64Array(21 * 3);
// Scratch vectors: the palm frame (u along, v across, n out of the palm) and temporaries.
const frame = new Float64Array(9);
const a = new Float64Array(3);
const b = new Float64Array(3);

const px = (i: number) => p[i * 3]!;
const py = (i: number) => p[i * 3 + 1]!;
const pz = (i: number) => p[i * 3 + 2]!;
function distance(i: number, j: number): number {
  return Math.hypot(px(j) - px(i), py(j) - py(i), pz(j) - pz(i));
}
/** Angle between bone i->j and bone j->k, degrees (0 = straight on). */
function bend(i: number, j: number, k: number): number {
  const ux = px(j) - px(i), uy = py(j) - py(i), uz = pz(j) - pz(i);
  const vx = px(k) - px(j), vy = py(k) - py(j), vz = pz(k) - pz(j);
  const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
  return Math.atan2(Math.hypot(cx, cy, cz), ux * vx + uy * vy + uz * vz) * RAD;
}
/** Angle between segments i->j and k->l, degrees (0 = parallel). */
function segmentsAngle(i: number, j: number, k: number, l: number): number {
  const ux = px(j) - px(i), uy = py(j) - py(i), uz = pz(j) - pz(i);
  const vx = px(l) - px(k), vy = py(l) - py(k), vz = pz(l) - pz(k);
  const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
  return Math.atan2(Math.hypot(cx, cy, cz), ux * vx + uy * vy + uz * vz) * RAD;
}
/** Point i in the palm frame, in palm lengths: writes [along, across, out] to `out`. */
function local(i: number, palm: number, out: Float64Array): void {
  const dx = px(i) - px(0), dy = py(i) - py(0), dz = pz(i) - pz(0);
  out[0] = (dx * frame[0]! + dy * frame[1]! + dz * frame[2]!) / palm;
  out[1] = (dx * frame[3]! + dy * frame[4]! + dz * frame[5]!) / palm;
  out[2] = (dx * frame[6]! + dy * frame[7]! + dz * frame[8]!) / palm;
}
/**
 * The angle between the first segments (knuckle -> middle joint) of fingers f and g, as projected
 * onto the palm's plane, degrees: how far they spread at the knuckles. Not the fingertips: a
 * curled finger's tip wanders with how tightly it curls, and the spread of a fist would be noise.
 */
function spread(f: number, g: number): number {
  let ax = px(f + 1) - px(f), ay = py(f + 1) - py(f), az = pz(f + 1) - pz(f);
  let bx = px(g + 1) - px(g), by = py(g + 1) - py(g), bz = pz(g + 1) - pz(g);
  const an = ax * frame[6]! + ay * frame[7]! + az * frame[8]!;
  const bn = bx * frame[6]! + by * frame[7]! + bz * frame[8]!;
  ax -= an * frame[6]!; ay -= an * frame[7]!; az -= an * frame[8]!;
  bx -= bn * frame[6]!; by -= bn * frame[7]!; bz -= bn * frame[8]!;
  const cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
  return Math.atan2(Math.hypot(cx, cy, cz), ax * bx + ay * by + az * bz) * RAD;
}

/**
 * One hand's landmarks (21 points of x, y normalised to an image of `pixelWidth` x `pixelHeight`,
 * z in units of the width, score) -> its HAND_DESCRIPTOR_COUNT descriptors in `out`. `mirror`
 * measures the hand as its mirror image: true for a left hand, so that every hand is described as
 * a right hand. Returns false when the palm is degenerate (then `out` must not be read).
 * Allocates nothing.
 *
 * ref: none in MediaPipe; the descriptors follow the manual alphabet's own terms, as fingerpose
 * (npm) describes a gesture by each finger's curl and direction.
 */
/**
 * The palm length (wrist to middle knuckle) in 3-D pixels that the last successful
 * computeHandDescriptors measured: the hand's size whichever way it is turned, for its speed in
 * palm lengths a second (a 2-D palm length shrinks as the hand points at the camera).
 */
export const measuredPalmPixels = new Float64Array(1);

export function computeHandDescriptors(hand: Float32Array, pixelWidth: number, pixelHeight: number, mirror: boolean, out: Float32Array): boolean {
  handInPixels(hand, pixelWidth, pixelHeight, p, mirror);
  // Palm frame: u = wrist -> middle knuckle; v = index -> pinky knuckle, made orthogonal to u;
  // n = u x v, out of the palm of a right hand.
  const palm = distance(H.wrist, H.middleMcp);
  if (!(palm > 0)) return false;
  measuredPalmPixels[0] = palm;
  frame[0] = (px(H.middleMcp) - px(0)) / palm;
  frame[1] = (py(H.middleMcp) - py(0)) / palm;
  frame[2] = (pz(H.middleMcp) - pz(0)) / palm;
  let vx = px(H.pinkyMcp) - px(H.indexMcp), vy = py(H.pinkyMcp) - py(H.indexMcp), vz = pz(H.pinkyMcp) - pz(H.indexMcp);
  const along = vx * frame[0]! + vy * frame[1]! + vz * frame[2]!;
  vx -= along * frame[0]!; vy -= along * frame[1]!; vz -= along * frame[2]!;
  const vLength = Math.hypot(vx, vy, vz);
  if (!(vLength > 0)) return false;
  frame[3] = vx / vLength; frame[4] = vy / vLength; frame[5] = vz / vLength;
  frame[6] = frame[1]! * frame[5]! - frame[2]! * frame[4]!;
  frame[7] = frame[2]! * frame[3]! - frame[0]! * frame[5]!;
  frame[8] = frame[0]! * frame[4]! - frame[1]! * frame[3]!;

  let k = 0;
  for (let f = 0; f < 4; f++) {
    const m = FINGERS[f]!.mcp;
    const segments = distance(m, m + 1) + distance(m + 1, m + 2) + distance(m + 2, m + 3);
    out[k++] = segments > 0 ? distance(m, m + 3) / segments : 1;
    out[k++] = bend(H.wrist, m, m + 1);
    out[k++] = bend(m, m + 1, m + 2);
    local(m + 3, palm, a);
    out[k++] = a[0]!;
  }
  local(H.thumbTip, palm, a);
  local(H.indexMcp, palm, b);
  const indexAcross = b[1]!;
  local(H.pinkyMcp, palm, b);
  const knuckles = b[1]! - indexAcross;
  // Where the thumb tip lies across the knuckles: 0 at the index knuckle, 1 at the pinky's.
  out[k++] = knuckles > 0 ? (a[1]! - indexAcross) / knuckles : 0;
  out[k++] = a[0]!;
  out[k++] = distance(H.thumbTip, H.indexTip) / palm;
  out[k++] = distance(H.thumbTip, H.middleTip) / palm;
  out[k++] = distance(H.thumbTip, H.indexPip) / palm;
  out[k++] = distance(H.thumbTip, H.middlePip) / palm;
  out[k++] = distance(H.thumbTip, H.ringPip) / palm;
  out[k++] = distance(H.thumbTip, H.indexMcp) / palm;
  // out[0], [4], [8], [12]: each finger's straightness (FINGERS order).
  const index = extension(out[0]!), middle = extension(out[4]!), ring = extension(out[8]!), pinky = extension(out[12]!);
  out[k++] = spread(H.indexMcp, H.middleMcp) * Math.min(index, middle);
  out[k++] = spread(H.middleMcp, H.ringMcp) * Math.min(middle, ring);
  out[k++] = spread(H.ringMcp, H.pinkyMcp) * Math.min(ring, pinky);
  // Index/middle crossing: the tips' order across the palm relative to the knuckles' (1 side by
  // side, 0 one behind the other, below 0 crossed, as R).
  local(H.middleTip, palm, a);
  const middleTip = a[1]!;
  local(H.indexTip, palm, a);
  local(H.middleMcp, palm, b);
  const knuckleGap = b[1]! - indexAcross;
  const crossing = knuckleGap > 0 ? (middleTip - a[1]!) / knuckleGap : 1;
  out[k++] = 1 + (crossing - 1) * Math.min(index, middle);
  // Where an extended index points in the image (y down): 90 up, 0 sideways, -90 down;
  // mirror-free (|x|). The hand's own direction (wrist -> knuckles) is not used: signers hold
  // the same letter with the hand upright and bent at the knuckles (H) or the whole hand tilted.
  // The index's first segment (knuckle -> middle joint): where an extended index points (its
  // tip's direction in a fist would be noise). Not faded: the judge reads it only for letters
  // whose definition extends the index (needsExtended), and gates their pointing on it
  // (manual_alphabet.ts POINTING_BANDS), which a faded value would bias towards sideways.
  out[k++] = Math.atan2(-(py(H.indexPip) - py(H.indexMcp)), Math.abs(px(H.indexPip) - px(H.indexMcp))) * RAD;
  out[k++] = Math.atan2(-(py(H.middlePip) - py(H.middleMcp)), Math.abs(px(H.middlePip) - px(H.middleMcp))) * RAD;
  out[k++] = segmentsAngle(H.indexMcp, H.indexPip, H.indexDip, H.indexTip);
  for (let f = 0; f < 4; f++) {
    local(FINGERS[f]!.mcp + 3, palm, a);
    out[k++] = knuckles > 0 ? (a[1]! - indexAcross) / knuckles : f / 3;
  }
  // frame[3..5]: the knuckles' line, unit length; its x and y are what lies in the image.
  out[k++] = Math.hypot(frame[3]!, frame[4]!);
  return true;
}
