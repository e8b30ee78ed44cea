import { angleFramePixelSize } from '../angles/angle_frame_pixel_size.ts';
import type { LandmarkFrame } from '../core/landmark_frame.ts';
import { HAND_POINT_COUNT, Part } from '../core/landmark_layout.ts';
import { HandMotion } from '../motion/hand_motion.ts';
import type { HandshapeModel } from '../reference/reference_sign_schema.ts';
import { handFromPixels, handInPixels } from './hand_in_pixels.ts';
import { refoldedFist } from './refolded_fist.ts';
import { definitionWeights } from './definition_weights.ts';
import { computeHandDescriptors, measuredPalmPixels, middleJointBend, FINGER_STRAIGHTNESS, HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES } from './hand_descriptors.ts';
import { CROSSING_BANDS, CURVED_AT, THUMB_SIDE_BANDS, THUMB_TOUCH_DESCRIPTORS, THUMB_TOUCHES_AT, TRAINING_CROSSING_MARGIN, TRAINING_EXTENDED_AT, TRAINING_FOLDED_AT, TRAINING_HOOKED_AT, TRAINING_STRAIGHT_AT, TRAINING_CURLED_AT, type Crossing, type FingerState, type IndexHook, type Movement, type Pointing, type ThumbTouch, type FingerBend, type ThumbSide } from './manual_alphabet.ts';

const INDEX_HOOK = HAND_DESCRIPTOR_NAMES.indexOf('indexHook');
const CROSSING = HAND_DESCRIPTOR_NAMES.indexOf('indexMiddleCrossing');
const THUMB_ACROSS = HAND_DESCRIPTOR_NAMES.indexOf('thumbAcross');

/** One sign's training material: its frames in time order (the hand that signs, right or left), and its definition: which fingers it extends and folds, and whether it is held or moves. */
export interface HandshapeTrainingSign {
  name: string;
  frames: readonly LandmarkFrame[];
  /** The sustained speed (handshape_features.ts) of the recording's frames while the sign is
   * made, in recording order: how still a hand holding it stays under the tracker. Measured on
   * `frames` when absent (they must then be consecutive). */
  speeds?: readonly number[];
  fingers: readonly [FingerState, FingerState, FingerState, FingerState];
  movement: Movement;
  /** Where its extended index points (manual_alphabet.ts); 'any' when absent. */
  points?: Pointing;
  /** Whether its index is hooked (manual_alphabet.ts); either when absent. */
  hook?: IndexHook;
  /** Whether index and middle cross (manual_alphabet.ts); either when absent. */
  crossing?: Crossing;
  /** The finger whose direction `points` reads (manual_alphabet.ts); the index when absent. */
  pointsWith?: 'middle';
  /** What the thumb's tip touches (manual_alphabet.ts); either when absent. */
  thumbTouches?: ThumbTouch;
  /** Whether the fingers curve at the middle joints (manual_alphabet.ts); either when absent. */
  bend?: FingerBend;
  /** Which side of the index knuckle the thumb's tip lies on (manual_alphabet.ts); either when absent. */
  thumbSide?: ThumbSide;
  /** The letter whose handshape it traces (manual_alphabet.ts handshapeOf): the builder adds that letter's frames to `frames`; absent: none. */
  handshapeOf?: string;
  /** Other people's hands making it (their photographed letters): prototypes beside the recording's. */
  people?: readonly PersonHand[];
}

/**
 * Another person's hand making a sign, as a tracker saw it in one photograph: its 21 points (x, y
 * normalised to the image, z, score: LandmarkFrame's hand layout), the image's size in pixels, and
 * whether it is the person's left hand (measured, as every hand, as a right hand's mirror image).
 */
export interface PersonHand {
  hand: Float32Array;
  imageWidth: number;
  imageHeight: number;
  left: boolean;
}

/** Do a hand's descriptors have every finger in the state `fingers` names, the index hooked or straight, index and middle crossed or not, the thumb touching a fingertip and lying on the side of the palm (THUMB_SIDE_BANDS) where the definition says so, by the training bands? */
export function agreesWithDefinition(descriptors: ArrayLike<number>, fingers: readonly FingerState[], hook?: IndexHook, crossing?: Crossing, thumbTouches?: ThumbTouch, bend?: FingerBend, thumbSide?: ThumbSide): boolean {
  if (thumbSide !== undefined && (descriptors[THUMB_ACROSS]! < THUMB_SIDE_BANDS[thumbSide][0] || descriptors[THUMB_ACROSS]! >= THUMB_SIDE_BANDS[thumbSide][1])) return false;
  if (bend === 'curved' && middleJointBend(descriptors) < CURVED_AT) return false;
  if (thumbTouches !== undefined && THUMB_TOUCH_DESCRIPTORS[thumbTouches].every((name) => descriptors[HAND_DESCRIPTOR_NAMES.indexOf(name)]! > THUMB_TOUCHES_AT)) return false;
  if (hook === 'hooked' && descriptors[INDEX_HOOK]! < TRAINING_HOOKED_AT) return false;
  if (hook === 'straight' && descriptors[INDEX_HOOK]! > TRAINING_STRAIGHT_AT) return false;
  if (crossing !== undefined && (descriptors[CROSSING]! < CROSSING_BANDS[crossing][0] + TRAINING_CROSSING_MARGIN || descriptors[CROSSING]! >= CROSSING_BANDS[crossing][1] - TRAINING_CROSSING_MARGIN)) return false;
  for (let f = 0; f < 4; f++) {
    const straightness = descriptors[FINGER_STRAIGHTNESS[f]!]!;
    if ((fingers[f] === 'extended' && straightness < TRAINING_EXTENDED_AT) || (fingers[f] === 'folded' && straightness > TRAINING_FOLDED_AT) || (fingers[f] === 'curled' && straightness > TRAINING_CURLED_AT)) return false;
  }
  return true;
}

/**
 * How the models are built. Global, the same for every sign.
 *   prototypes: frames taken as prototypes, evenly over the training frames (the sign's own
 *     variation over time);
 *   views: each prototype also as seen from these angles (yaw, pitch in degrees: rotated about
 *     the wrist, out of the image plane), as another camera or another hand position would show
 *     it; rotations in the image plane change no descriptor but the two directions, which keep
 *     their scale;
 *   fists: a letter that folds all four fingers (a fist: A E M N S T) has each prototype also
 *     closed as other people close a fist (refolded_fist.ts: the knuckles bent this many times
 *     as far, the middle and last joints this many times), and seen from the views as well.
 *     Measured, not chosen: bench/signers-judge/people_fists.ts, on other people's photographed
 *     fist letters (data/real-photos) through our tracker, each finger's knuckle bend and
 *     middle-joint bend over our signer's for the same letter, at the median and at the upper
 *     (knuckles) and lower (middle joints) quartile; whether to refold at all is learned with the
 *     rest of the judge (bench/signers-judge/learn_judge.ts). Our signer closes a fist with the
 *     knuckles half open and the middle joints tight; other people's fists lay nearer whichever of
 *     our signer's fist letters happened to be closed as theirs were, whatever the thumb did;
 *   outlierDistance: training frames farther than this (judge distance) from the sign's median
 *     descriptors are tracking glitches, not the sign: they give no prototype (nor do frames
 *     whose fingers contradict the sign's definition);
 *   contrastSigns: the signs of the same movement whose prototypes each model keeps for the
 *     judge's ratio test, nearest first (a held sign and a moving one are told apart by the
 *     movement: J from I, Z from the held shapes whose index points as Z's does);
 *   heldSpeedFloor / heldSpeedFactor: a held sign's speed limit is the larger of the floor and
 *     the factor times the 75th percentile of its recording's sustained speed (palm lengths per
 *     second: the tracker's jitter on a still hand making that shape stays under it, a wave does
 *     not; a hand pointing down, Q, jitters most);
 *   movingSpeed: a moving sign's hand must move at least this fast (0.8: J's tracing reads
 *     1.8 palm lengths a second at its 95th percentile, a still hand's jitter 0.1-0.4 at its median;
 *     chosen as 1.2 when speeds were paths summed frame by frame, which read J's tracing 1.45 times
 *     as fast: the same threshold, re-measured).
 */
export const HANDSHAPE_MODEL_BUILD = {
  prototypes: 16,
  views: [[15, 0], [-15, 0], [0, 15], [0, -15]] as readonly (readonly [number, number])[],
  fists: [[1.17, 0.89], [1.51, 0.77]] as readonly (readonly [number, number])[],
  outlierDistance: 2.5,
  contrastSigns: 6,
  heldSpeedFloor: 2.5,
  heldSpeedFactor: 2,
  movingSpeed: 0.8,
} as const;

const round = (value: number) => Math.round(value * 1000) / 1000;
const pixel = new Float64Array(2);

/** The signing hand of a frame (the right, else the left) and whether it is the left. */
function signingHand(frame: LandmarkFrame): { hand: Float32Array; left: boolean } | null {
  if (frame.present[Part.rightHand] === 1) return { hand: frame.rightHand, left: false };
  if (frame.present[Part.leftHand] === 1) return { hand: frame.leftHand, left: true };
  return null;
}

/** A copy of `hand` rotated about its wrist by yaw (about the image's vertical) and pitch (about its horizontal), in 3-D pixels. */
function rotatedHand(hand: Float32Array, width: number, height: number, yawDeg: number, pitchDeg: number): Float32Array {
  const out = hand.slice();
  const p = new Float64Array(HAND_POINT_COUNT * 3);
  const depth = handInPixels(hand, width, height, p);
  const cy = Math.cos((yawDeg * Math.PI) / 180), sy = Math.sin((yawDeg * Math.PI) / 180);
  const cp = Math.cos((pitchDeg * Math.PI) / 180), sp = Math.sin((pitchDeg * Math.PI) / 180);
  const wx = p[0]!, wy = p[1]!, wz = p[2]!;
  for (let i = 0; i < HAND_POINT_COUNT; i++) {
    let x = p[i * 3]! - wx, y = p[i * 3 + 1]! - wy, z = p[i * 3 + 2]! - wz;
    [x, z] = [cy * x + sy * z, -sy * x + cy * z];
    [y, z] = [cp * y - sp * z, sp * y + cp * z];
    p[i * 3] = x + wx;
    p[i * 3 + 1] = y + wy;
    p[i * 3 + 2] = z + wz;
  }
  handFromPixels(p, width, height, depth, out);
  return out;
}

function describe(hand: Float32Array, left: boolean, width: number, height: number): number[] | null {
  const out = new Float32Array(HAND_DESCRIPTOR_COUNT);
  return computeHandDescriptors(hand, width, height, left, out) ? Array.from(out, round) : null;
}

/**
 * The judge's distance between two hands as seen for a sign, with the weights of its definition
 * (definition_weights.ts): computed once per sign by the caller, as the distance runs for every
 * pair of prototypes.
 */
function judgeDistance(a: readonly number[], b: readonly number[], { weights, counted }: Pick<ReturnType<typeof definitionWeights>, 'weights' | 'counted'>): number {
  let sum = 0;
  for (let k = 0; k < HAND_DESCRIPTOR_COUNT; k++) sum += ((a[k]! - b[k]!) * weights[k]!) ** 2;
  return Math.sqrt(sum / counted);
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? 0 : sorted[sorted.length >> 1]!;
}

interface SignPrototypes {
  name: string;
  fingers: readonly FingerState[];
  movement: Movement;
  points: Pointing;
  hook: IndexHook | undefined;
  crossing: Crossing | undefined;
  pointsWith: 'middle' | undefined;
  thumbTouches: ThumbTouch | undefined;
  bend: FingerBend | undefined;
  thumbSide: ThumbSide | undefined;
  handshapeOf: string | undefined;
  speedLimit: number;
  /** The prototype frames' own descriptors (without the other views): the contrast others see. */
  base: number[][];
  all: number[][];
}

function prototypesOf(sign: HandshapeTrainingSign, views: readonly (readonly [number, number])[], fists: readonly (readonly [number, number])[]): SignPrototypes {
  const b = HANDSHAPE_MODEL_BUILD;
  const described: { vector: number[]; frame: LandmarkFrame; hand: Float32Array; left: boolean }[] = [];
  const speeds: number[] = [];
  const motion = new HandMotion();
  for (const frame of sign.frames) {
    const signing = signingHand(frame);
    if (!signing) continue;
    angleFramePixelSize(frame.imageWidth, frame.imageHeight, pixel);
    const vector = describe(signing.hand, signing.left, pixel[0]!, pixel[1]!);
    // The speed in 3-D palm lengths, as the judge measures the learner's (handshape_features.ts).
    motion.push(frame, signing.hand, pixel, vector ? measuredPalmPixels[0]! : 0);
    speeds.push(motion.speed[0]!);
    if (vector) described.push({ vector, frame, hand: signing.hand, left: signing.left });
  }
  const conforming = described.filter((d) => agreesWithDefinition(d.vector, sign.fingers, sign.hook, sign.crossing, sign.thumbTouches, sign.bend, sign.thumbSide));
  if (conforming.length === 0) throw new Error(`handshape model of "${sign.name}": no frame shows a usable hand with its fingers as the sign's definition names them`);
  const centre = HAND_DESCRIPTOR_NAMES.map((_, k) => median(conforming.map((d) => d.vector[k]!)));
  const weights = definitionWeights(sign.fingers);
  const clean = conforming.filter((d) => judgeDistance(d.vector, centre, weights) <= b.outlierDistance);
  const kept = clean.length > 0 ? clean : conforming;
  const count = Math.min(b.prototypes, kept.length);
  const fist = sign.fingers.every((state) => state === 'folded');
  const base: number[][] = [];
  const all: number[][] = [];
  const agrees = (vector: readonly number[]) => agreesWithDefinition(vector, sign.fingers, sign.hook, sign.crossing, sign.thumbTouches, sign.bend, sign.thumbSide);
  // A hand's prototype seen from each of the views as well.
  const seenFromViews = (hand: Float32Array, left: boolean, width: number, height: number) => {
    for (const [yaw, pitch] of views) {
      const view = describe(rotatedHand(hand, width, height, yaw, pitch), left, width, height);
      if (view) all.push(view);
    }
  };
  for (let i = 0; i < count; i++) {
    const d = kept[Math.floor(((i + 0.5) * kept.length) / count)]!;
    base.push(d.vector);
    all.push(d.vector);
    angleFramePixelSize(d.frame.imageWidth, d.frame.imageHeight, pixel);
    const width = pixel[0]!, height = pixel[1]!;
    seenFromViews(d.hand, d.left, width, height);
    if (!fist) continue;
    for (const [knuckles, joints] of fists) {
      const hand = refoldedFist(d.hand, width, height, knuckles, joints);
      const refolded = describe(hand, d.left, width, height);
      // Still the letter by its definition (a refold that read a finger open, or moved M's
      // thumb off its side of the palm, is no prototype of it); then seen as every prototype is.
      if (!refolded || !agrees(refolded)) continue;
      all.push(refolded);
      seenFromViews(hand, d.left, width, height);
    }
  }
  // Other people's hands making the sign: each that agrees with its definition is a prototype
  // of its own, seen from the views too (how people other than the recorded signer make it).
  for (const person of sign.people ?? []) {
    angleFramePixelSize(person.imageWidth, person.imageHeight, pixel);
    const width = pixel[0]!, height = pixel[1]!;
    const vector = describe(person.hand, person.left, width, height);
    if (!vector || !agrees(vector)) continue;
    all.push(vector);
    seenFromViews(person.hand, person.left, width, height);
  }
  const measured = [...(sign.speeds ?? speeds)].sort((x, y) => x - y);
  const p75 = measured.length === 0 ? 0 : measured[Math.floor(0.75 * (measured.length - 1))]!;
  const speedLimit = sign.movement === 'held' ? Math.max(b.heldSpeedFloor, b.heldSpeedFactor * p75) : b.movingSpeed;
  return { name: sign.name, fingers: sign.fingers, movement: sign.movement, points: sign.points ?? 'any', hook: sign.hook, crossing: sign.crossing, pointsWith: sign.pointsWith, thumbTouches: sign.thumbTouches, bend: sign.bend, thumbSide: sign.thumbSide, handshapeOf: sign.handshapeOf, speedLimit: round(speedLimit), base, all };
}

/**
 * The handshape models of a set of signs known together (the alphabet), one per sign: its
 * prototypes (its training frames, seen from HANDSHAPE_MODEL_BUILD.views too, and a fist's
 * closed as HANDSHAPE_MODEL_BUILD.fists), its speed limit,
 * and the prototypes of the contrastSigns signs of the same movement nearest to it, which the
 * judge's ratio test keeps it apart from. The tolerances are the descriptors' scales (the manual
 * alphabet's categories), not the training signer's frame-to-frame jitter. `views`: the angles
 * each prototype is also seen from (HANDSHAPE_MODEL_BUILD.views; the bench tries others);
 * `fists`: how a fist's prototypes are also closed (HANDSHAPE_MODEL_BUILD.fists; the bench's
 * tuning tries none, and its own tuning set's). Runs once, when the references are built.
 */
export function buildHandshapeModels(
  signs: readonly HandshapeTrainingSign[],
  views: readonly (readonly [number, number])[] = HANDSHAPE_MODEL_BUILD.views,
  fists: readonly (readonly [number, number])[] = HANDSHAPE_MODEL_BUILD.fists,
): Map<string, HandshapeModel> {
  const built = signs.map((sign) => prototypesOf(sign, views, fists));
  const models = new Map<string, HandshapeModel>();
  for (const sign of built) {
    const weights = definitionWeights(sign.fingers);
    const nearestOthers = built
      .filter((other) => other !== sign && other.movement === sign.movement)
      .map((other) => ({ other, distance: Math.min(...sign.base.map((p) => Math.min(...other.base.map((q) => judgeDistance(p, q, weights))))) }))
      .sort((x, y) => x.distance - y.distance)
      .slice(0, HANDSHAPE_MODEL_BUILD.contrastSigns);
    models.set(sign.name, {
      descriptors: [...HAND_DESCRIPTOR_NAMES],
      fingers: [...sign.fingers],
      movement: sign.movement,
      points: sign.points,
      ...(sign.hook ? { hook: sign.hook } : {}),
      ...(sign.crossing ? { crossing: sign.crossing } : {}),
      ...(sign.pointsWith ? { pointsWith: sign.pointsWith } : {}),
      ...(sign.thumbTouches ? { thumbTouches: sign.thumbTouches } : {}),
      ...(sign.bend ? { bend: sign.bend } : {}),
      ...(sign.thumbSide ? { thumbSide: sign.thumbSide } : {}),
      ...(sign.handshapeOf ? { handshapeOf: sign.handshapeOf } : {}),
      speedLimit: sign.speedLimit,
      prototypes: sign.all,
      contrast: Object.fromEntries(nearestOthers.map(({ other }) => [other.name, other.all])),
      contrastDefinitions: Object.fromEntries(nearestOthers.map(({ other }) => [other.name, { fingers: [...other.fingers], points: other.points, ...(other.hook ? { hook: other.hook } : {}), ...(other.crossing ? { crossing: other.crossing } : {}), ...(other.pointsWith ? { pointsWith: other.pointsWith } : {}), ...(other.thumbTouches ? { thumbTouches: other.thumbTouches } : {}), ...(other.bend ? { bend: other.bend } : {}), ...(other.thumbSide ? { thumbSide: other.thumbSide } : {}) }])),
    });
  }
  return models;
}
