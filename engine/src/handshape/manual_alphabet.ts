/**
 * The ASL manual alphabet as the language describes it: for each letter, which of the four fingers
 * (index, middle, ring, pinky) are extended and which are folded, where an extended index points,
 * and whether the hand moves (J and Z are traced). 'either' is a finger whose state is no part of
 * the letter's definition (the open curve of C's fingers, X's hooked index); 'curled' is folded
 * round until the fingertip comes back to the thumb (O's fingers: straightness 0.52-0.83, ours and
 * other people's alike, CURLED_AT), so a straight finger (an I's pinky, 0.93 and more) is no O. Written from the
 * manual alphabet, not measured. The thumb's place and the fingers' finer bend are left to the
 * measured prototypes, whose descriptors carry them; they are where signers differ most, so the
 * judge never refuses a letter on one of them alone (match_handshape.ts), except what the thumb
 * touches where that is the letter (D, F, O: thumbTouches) and the side of the palm it lies on
 * where that is (thumbSide: Y and L out; I, H, R, U and V across; M past the palm's middle).
 */
export type FingerState = 'extended' | 'folded' | 'curled' | 'either';
/** Whether a finger state folds the finger ('folded', or 'curled': folded further). */
export const foldsFinger = (state: FingerState | undefined): boolean => state === 'folded' || state === 'curled';
export type Movement = 'held' | 'moving';
/**
 * Where the hand points, read from its extended index (the finger's first segment, in the image):
 * 'up' (B, D, K, L, R, U, V, W, and X, whose hooked index rises from the fist), 'sideways' (G, H),
 * 'down' (P, Q), or 'any' where the letter does not say. It is what tells H from U, G from D and
 * Q from X: the same fingers, the hand turned.
 */
export type Pointing = 'up' | 'sideways' | 'down' | 'any';
/**
 * 'hooked': the index's last joints bend it into a hook (X). 'straight': they hold it straight,
 * turning less than HOOKED_AT (a letter whose index stands straight up with the other fingers
 * folded, where an alphabet's X is the same hand with the index hooked: Libras G, D, L; the
 * American alphabet does not use it). Absent: the letter does not say.
 */
export type IndexHook = 'hooked' | 'straight';
/**
 * 'crossed': the middle finger crosses over the index (R); 'uncrossed': the two are held side by
 * side or apart (W); 'together': uncrossed and side by side, the tips less than one and a half
 * times as far apart as the knuckles (H, U: APART_AT); 'apart': uncrossed and spread, the tips
 * further apart than that (V); 'thumbBetween': the thumb comes between them (K, P), so their order
 * across the palm is what the thumb makes it (other people's K read crossed, -0.38, behind the
 * thumb; their P apart, 2-3.5): never judged alone. Absent: the letter does not say (every letter
 * that folds one of them).
 */
export type Crossing = 'crossed' | 'uncrossed' | 'together' | 'apart' | 'thumbBetween';
/**
 * What the thumb's tip touches, where the letter is defined by it: 'indexTip' (F's circle of
 * index and thumb; O, whose fingertips all meet the thumb), 'middleTip' (D: the curled middle
 * finger rests on the thumb), 'betweenIndexMiddle' (K: the thumb comes up between index and
 * middle and rests at their middle joints, the middle finger's in the manual alphabet's
 * drawings, the index's as near in other people's). Where people differ is where the thumb
 * lies across the palm (other people's D hold it at the middle or ring finger, 0.4-1.1 of the
 * knuckles' width; ours at the index, 0.07; their K from 0.06 to 0.39); what it touches they
 * share (D's thumb tip within 0.15-0.35 palm lengths of the middle fingertip, ours and theirs
 * alike; K's within 0.10-0.34 palm lengths of the nearer of the index's and the middle finger's
 * middle joints, ours within 0.45). Absent: the letter does not say.
 */
export type ThumbTouch = 'indexTip' | 'middleTip' | 'betweenIndexMiddle';
/**
 * Each thumb touch and the descriptors (hand_descriptors.ts) that measure it, in the compiled
 * models' order: the thumb touches when the nearest of them is within THUMB_TOUCHES_AT.
 */
export const THUMB_TOUCH_DESCRIPTORS: Readonly<Record<ThumbTouch, readonly string[]>> = {
  indexTip: ['thumbToIndexTip'],
  middleTip: ['thumbToMiddleTip'],
  betweenIndexMiddle: ['thumbToIndexMiddleJoint', 'thumbToMiddleMiddleJoint'],
};
/**
 * 'curved': the fingers bend at their middle joints (C's open curve), on average at least
 * CURVED_AT: what tells C from a flat hand, whose fingers C's definition (all 'either') does
 * not otherwise hold apart. Absent: the letter does not say.
 */
export type FingerBend = 'curved';
/**
 * Which side of the index knuckle the thumb's tip lies on, across the palm (hand_descriptors.ts
 * thumbAcross: 0 at the index knuckle, 1 at the pinky's): 'out' beyond it, away from the fingers
 * (Y: thumb and pinky out; L: index up, thumb out), 'across' over the fingers (the thumb holds
 * the folded fingers: I, H, R, U, V). It is all that tells Y from I, and people agree on it where
 * they differ on how far (other people's Y read -1.40 to -0.18, their I 0.12 to 0.68, their L
 * -1.25 to -0.01, their H U V R 0.23 and more; ours Y -1.08 to -0.38, I 0.08 to 0.75): a gate at
 * the knuckle's line (THUMB_OUT_AT), not a distance. Left unsaid where the thumb's side varies
 * between people or lies on the line: B (other people's -0.18 to 0.83), W (one at -0.46), K and P
 * (the thumb between index and middle), G (alongside the index), the fists (the thumb is their
 * definition: the prototypes judge it), but for M's side of the palm, below. Absent: the letter
 * does not say.
 *
 * 'pastMiddle': across the palm and past its middle (THUMB_PAST_MIDDLE_AT): M's thumb, which comes
 * out under the ring finger, between it and the pinky. N's comes out between middle and ring and
 * T's between index and middle, nearer the index. Where a fist's thumb comes out is what tells M,
 * N and T apart, and trackers read a thumb hidden in a fist loosely: only M's side of the palm is
 * a gate; N and T are left to the prototypes.
 */
export type ThumbSide = 'out' | 'across' | 'pastMiddle';
export interface LetterDefinition {
  fingers: readonly [FingerState, FingerState, FingerState, FingerState];
  movement: Movement;
  points: Pointing;
  /** Whether the index is hooked (hand_descriptors.ts indexHook); absent: either. */
  hook?: IndexHook;
  /** Whether index and middle cross (hand_descriptors.ts indexMiddleCrossing); absent: either. */
  crossing?: Crossing;
  /** The finger whose first segment says where the hand points: 'middle' for P (K turned down:
   * the middle finger points down, the index out, forward or up: other people's P index 25-79
   * degrees above the horizontal with the middle at -39 to -77; ours -77 to -90); absent: the index. */
  pointsWith?: 'middle';
  /** What the thumb's tip touches (hand_descriptors.ts thumbToIndexTip, thumbToMiddleTip); absent: the letter does not say. */
  thumbTouches?: ThumbTouch;
  /** Whether the fingers bend at their middle joints (hand_descriptors.ts *MiddleJointBend); absent: either. */
  bend?: FingerBend;
  /** Which side of the index knuckle the thumb's tip lies on (hand_descriptors.ts thumbAcross); absent: either. */
  thumbSide?: ThumbSide;
  /**
   * The held letter whose handshape this moving one traces (Libras J: the I, traced), where the
   * letter's own recording shows too little of it: its handshape model also learns from that
   * letter's frames (recordings/build_alphabet_references.ts). Absent: only its own recording.
   */
  handshapeOf?: string;
}

const E = 'extended';
const F = 'folded';
const C = 'curled';
const X = 'either';
const held = (index: FingerState, middle: FingerState, ring: FingerState, pinky: FingerState, points: Pointing = 'any'): LetterDefinition => ({ fingers: [index, middle, ring, pinky], movement: 'held', points });

export const MANUAL_ALPHABET: Readonly<Record<string, LetterDefinition>> = {
  A: held(F, F, F, F), // fist, thumb alongside the index
  B: held(E, E, E, E, 'up'), // flat hand, fingers together, thumb across the palm
  C: { ...held(X, X, X, X), bend: 'curved' }, // fingers and thumb curved into a C
  D: { ...held(E, F, F, F, 'up'), thumbTouches: 'middleTip' }, // index up, the others curled onto the thumb
  E: held(F, F, F, F), // fingertips bent down onto the thumb
  F: { ...held(X, E, E, E), thumbTouches: 'indexTip' }, // index and thumb touch in a circle, the others up and apart
  G: held(E, F, F, F, 'sideways'), // index and thumb point sideways
  H: { ...held(E, E, F, F, 'sideways'), crossing: 'together', thumbSide: 'across' }, // index and middle point sideways together
  I: { ...held(F, F, F, E), thumbSide: 'across' }, // pinky up, the thumb across the folded fingers
  J: { fingers: [F, F, F, E], movement: 'moving', points: 'any' }, // I, tracing a J with the pinky
  K: { ...held(E, E, F, F, 'up'), crossing: 'thumbBetween', thumbTouches: 'betweenIndexMiddle' }, // index up, middle out, the thumb between them at their middle joints
  L: { ...held(E, F, F, F, 'up'), thumbSide: 'out' }, // index up, thumb out: an L
  M: { ...held(F, F, F, F), thumbSide: 'pastMiddle' }, // three fingers folded over the thumb, which comes out under the ring finger
  N: held(F, F, F, F), // two fingers folded over the thumb
  O: { ...held(C, C, C, C), thumbTouches: 'indexTip' }, // all fingertips curled round onto the thumb: an O
  P: { ...held(E, E, F, F, 'down'), pointsWith: 'middle', crossing: 'thumbBetween' }, // K pointing down: its middle finger points down
  Q: held(E, F, F, F, 'down'), // G pointing down
  R: { ...held(E, E, F, F, 'up'), crossing: 'crossed', thumbSide: 'across' }, // index and middle crossed
  S: held(F, F, F, F), // fist, thumb across the fingers
  T: held(F, F, F, F), // thumb between index and middle
  U: { ...held(E, E, F, F, 'up'), crossing: 'together', thumbSide: 'across' }, // index and middle up together
  V: { ...held(E, E, F, F, 'up'), crossing: 'apart', thumbSide: 'across' }, // index and middle up apart
  W: { ...held(E, E, E, F, 'up'), crossing: 'uncrossed' }, // index, middle and ring up apart
  X: { ...held(X, F, F, F, 'up'), hook: 'hooked' }, // index raised from the fist and hooked: its first segment points up
  Y: { ...held(F, F, F, E), thumbSide: 'out' }, // thumb and pinky out
  Z: { fingers: [E, F, F, F], movement: 'moving', points: 'any' }, // index tracing a Z
};

/**
 * Where the finger states begin, on a finger's 3-D straightness (hand_descriptors.ts: the distance
 * knuckle -> tip over the finger's length, 1 straight, a fist's fingers 0.2-0.7): an extended
 * finger reads at least EXTENDED_AT, a folded one at most FOLDED_AT. The states are judged only
 * where they are unmistakable: the bands overlap widely, because a tracker reads a finger folded
 * towards the camera, or one blurred by movement, as nearly straight (the recorded J's folded
 * index reads up to 0.93, Q's middle up to 0.97). Finer differences are the prototypes' to judge.
 */
export const EXTENDED_AT = 0.75;
export const FOLDED_AT = 0.95;

/**
 * The stricter bands a reference is built with: a recording has frames to spare, and a frame in
 * which a folded finger reads as almost straight (Z's middle finger, 0.8-0.97, for seconds) is the
 * tracker's mistake, not the letter, however the learner's frames will be judged.
 */
export const TRAINING_EXTENDED_AT = 0.8;
export const TRAINING_FOLDED_AT = 0.9;

/**
 * Where a folded finger counts as curled round to the thumb (FingerState 'curled', O): its
 * straightness at most CURLED_AT. Halfway between our signer's O, whose most open finger reads 0.82,
 * and the least straight pinky of our signer's I and Y, 0.95 (other people's: O up to 0.83 on both
 * trackers, their I's and Y's pinky 0.93 and more). The band that says "folded" (FOLDED_AT) is
 * wide for every letter because a tracker reads a finger folded towards the camera as nearly
 * straight; an O's fingers curl round in front of the palm and read curled on both trackers.
 */
export const CURLED_AT = 0.88;
export const TRAINING_CURLED_AT = 0.85;

/**
 * Where an index counts as hooked, in degrees between its first and last segments
 * (hand_descriptors.ts indexHook): a hand whose index turns less than HOOKED_AT is not X, and
 * X's prototypes are built only from frames hooked at least TRAINING_HOOKED_AT (as the finger
 * states' training bands). From our signer's recordings: every letter that holds the index
 * straight (B D H K L R U V W) reads at most 14 degrees at its 90th percentile (D 12, H 14), and
 * our X reads 6 to 63 (median 25: its index is barely hooked in a third of its frames, which are
 * the frames other people's D look like: other people's D and X are what this separates, D read
 * as X 4 to 5 times before).
 */
export const HOOKED_AT = 15;
export const TRAINING_HOOKED_AT = 20;
/** A 'straight' index's reference learns only from frames as far below HOOKED_AT as X's lie above it: at most 10 degrees. */
export const TRAINING_STRAIGHT_AT = HOOKED_AT - (TRAINING_HOOKED_AT - HOOKED_AT);

/**
 * Where index and middle count as crossed, on hand_descriptors.ts indexMiddleCrossing (1 side by
 * side, 0 one behind the other, below 0 crossed): below CROSSED_AT a hand is crossed (it can be R
 * and cannot be H, U, V or W), at or above it uncrossed. A reference learns from frames at least
 * TRAINING_CROSSING_MARGIN clear of it: 0, since a margin of 0.1 left R and H under 60% of their
 * held-out frames as signing (R 57%, H 39%: their crossing lies close to 0.3 in many frames). From our signer's recordings: R reads -0.92 to 0.43 (5th
 * to 95th percentile), H 0.34 to 0.76, U 0.69 to 0.88, V and W above 1.5; other people's R -0.85
 * to -0.16, their U 0.56 to 0.94 (a crossed R was held apart from U by distance alone and refused
 * as U 4 to 5 times).
 */
export const CROSSED_AT = 0.3;

/**
 * Where uncrossed index and middle count as apart (V) rather than together (U, H), on
 * indexMiddleCrossing, the tips' distance across the palm over the knuckles' (1: side by side,
 * the fingers parallel; 2: the tips twice as far apart as the knuckles, a V): at least APART_AT,
 * halfway between the two. The hand's geometry, not a measured threshold. Measured beside it: our
 * signer's U 0.57 to 0.94 (5th to 95th percentile), H -0.45 to 1.07, V 2.11 to 2.85; other
 * people's U 0.56 to 0.94, H 0.89 to 1.25, V 2.19 to 3.15, and their K, whose fingers part round
 * the thumb, 1.82 to 2.38: one K (its thumb hidden behind the fingers) lay nearer our U than our K
 * and was refused as K, though U holds its fingers together.
 */
export const APART_AT = 1.5;

/** Each Crossing's band on indexMiddleCrossing: [low, high); 'thumbBetween' says nothing of it. */
export const CROSSING_BANDS: Readonly<Record<Crossing, readonly [number, number]>> = {
  crossed: [-Infinity, CROSSED_AT],
  uncrossed: [CROSSED_AT, Infinity],
  together: [CROSSED_AT, APART_AT],
  apart: [APART_AT, Infinity],
  thumbBetween: [-Infinity, Infinity],
};

/**
 * Where a fingertip counts as touching the thumb's tip, in palm lengths between the two tips in
 * 3-D (hand_descriptors.ts thumbToIndexTip, thumbToMiddleTip): at most THUMB_TOUCHES_AT. Two
 * touching tips read 0.03-0.44 from the trackers (our signer's F up to 0.44, O up to 0.28, D's
 * middle up to 0.23; other people's O up to 0.31, F up to 0.35, D up to 0.35); an open thumb,
 * as L's or C's, 0.8 and more. A reference learns only from frames that touch. The same for the
 * thumb tip at the index's or middle finger's middle joint (K, the nearer of the two: our
 * signer's within 0.45, other people's 0.10-0.34; other people's R, whose thumb holds the ring and
 * pinky, 0.50-0.84 from the nearer, ours 0.39-0.53).
 */
export const THUMB_TOUCHES_AT = 0.5;

/**
 * Where fingers count as curved, in degrees of middle-joint bend averaged over the four fingers
 * (hand_descriptors.ts indexMiddleJointBend ... pinkyMiddleJointBend): at least CURVED_AT.
 * Halfway between our signer's flat B (7 on average at most) and C (26 at least); other
 * people's C read 22-42, their B 1-16 (one back-of-the-hand B, fingers bent, 25).
 */
export const CURVED_AT = 17;

/**
 * Where the thumb's tip counts as out (thumbSide 'out'), on hand_descriptors.ts thumbAcross: below
 * THUMB_OUT_AT, the index knuckle's own line across the palm; at or above it, across the fingers.
 * The hand's geometry, not a measured threshold: our signer's Y and I lie at least 0.08 from it,
 * other people's at least 0.12.
 */
export const THUMB_OUT_AT = 0;

/**
 * Where a thumb counts as past the palm's middle (thumbSide 'pastMiddle', M), on thumbAcross: at
 * least THUMB_PAST_MIDDLE_AT, halfway from the index knuckle's line (0) to the pinky's (1), between
 * the middle and ring knuckles (about 1/3 and 2/3). The hand's geometry, not a measured threshold.
 * Measured beside it: other people's M (data/real-photos, both trackers) 0.68 to 1.22, but for two
 * fists on our tracker (M12, its points bunched at the fingertips, 0.14; M25, the thumb read
 * nearer the index, 0.24; MediaPipe Hands reads them 0.75 and 0.76); their T -0.09 to 0.46; our signer's M 0.50 to 1.08 from its 5th percentile (its
 * held-out frames from 0.63), its T 0.22 to 0.64. A T whose thumb lies nearer the index is no M,
 * where before only the ratio test held the two apart.
 */
export const THUMB_PAST_MIDDLE_AT = 0.5;

/** Each ThumbSide's band on thumbAcross: [low, high). */
export const THUMB_SIDE_BANDS: Readonly<Record<ThumbSide, readonly [number, number]>> = {
  out: [-Infinity, THUMB_OUT_AT],
  across: [THUMB_OUT_AT, Infinity],
  pastMiddle: [THUMB_PAST_MIDDLE_AT, Infinity],
};
export const TRAINING_CROSSING_MARGIN = 0;

/**
 * Where each pointing begins, in degrees of the extended index's first segment above the image's
 * horizontal (hand_descriptors.ts indexPointsUp: 90 up, 0 sideways, -90 down). Categories, wide
 * and overlapping (a hand between two is left to the prototypes): signers tilt an upright U or L
 * well off vertical, hold G and H anywhere from level to half raised, and point P and Q forward
 * as much as down. Not measured on one signer (ours holds U at 86-90, H at -2 to 9, G at 19-34,
 * P and Q at -84 to -90); chosen as halfway categories of the direction, 'down' the mirror image
 * of 'up' (35 degrees or more either side of level). Measured beside them: other people's P point
 * their middle finger -39 to -77 degrees, their Q their index -62 to -87; their H and G -12 to 19
 * (a volunteer's H at -3, its middle finger -9, the adult's G at -12), which a 'down' band reaching
 * up to level took for P and Q: each read as that letter instead of its own.
 */
export const POINTING_BANDS: Readonly<Record<Exclude<Pointing, 'any'>, readonly [number, number]>> = {
  up: [35, 180],
  sideways: [-40, 60],
  down: [-180, -35],
};
