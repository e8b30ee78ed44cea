// The static letters of the ASL manual alphabet as fingerpose gesture descriptions (npm
// `fingerpose` 0.1.0, MIT): the acceptance bench's anchor, the judge ours has to beat.
//
// Written from the manual alphabet's definitions (what each finger and the thumb do), never fitted
// to our recordings; the definitions are the usual ones of ASL fingerspelling charts and courses.
// J and Z are left out: they are traced (J: the pinky draws a J; Z: the index draws a Z), and
// fingerpose judges one frame's handshape, with no notion of movement.
//
// How a definition becomes a description, the same rules for every letter:
// - The hand is the signer's RIGHT hand seen by a camera facing the signer, un-mirrored (as the
//   tracker's landmarks and the references are; a left hand is mirrored first, see
//   fingerpose_judge.ts). The signer's left is the image's right. Fingerpose's directions are the
//   image's: up, down, left, right and the four diagonals.
// - Curl (fingerpose measures the angle at the middle joint between wrist -> PIP and PIP -> tip,
//   for the thumb CMC -> IP -> tip): "extended / straight" is NoCurl; "bent, curved, hooked,
//   folded over the thumb, touching the thumb" is HalfCurl, with FullCurl accepted at 0.9;
//   "closed into the palm" is FullCurl, with HalfCurl accepted at 0.9 (the library's own
//   examples, ThumbsUp and Victory, weight the neighbouring curl at 0.9). The thumb "across the
//   palm / tucked" is HalfCurl (FullCurl 0.9): fingerpose's README notes a thumb cannot fully curl.
// - Direction only where the definition says where a finger points; the stated direction scores
//   1.0 and its two neighbouring directions 0.9 (the library's ThumbsUp example). Spread fingers
//   (V, W) point diagonally away from each other (1.0), upright 0.9; fingers held together (U) point
//   up (1.0), diagonals 0.9.
// - Contacts (thumb between fingers, on the middle finger) and crossing (R) cannot be said in
//   fingerpose's terms; where two letters differ only there they get the same description and tie
//   (R and U): that is the anchor's limit, not an error here.
import fp, { type FingerCurlValue, type FingerDirectionValue, type FingerIndex, type GestureDescription } from 'fingerpose';

const { Finger, FingerCurl, FingerDirection } = fp;

/** The letters fingerpose can judge: the 24 static letters of the ASL manual alphabet. */
export const FINGERPOSE_STATIC_LETTERS = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'M',
  'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y',
] as const;

/** Letters that move: fingerpose judges single frames, so these are never accepted. */
export const FINGERPOSE_MOVING_LETTERS = ['J', 'Z'] as const;

type Weighted<T> = ReadonlyArray<readonly [T, number]>;
interface FingerSpec {
  curl: Weighted<FingerCurlValue>;
  direction?: Weighted<FingerDirectionValue>;
}
type HandSpec = Record<'thumb' | 'index' | 'middle' | 'ring' | 'pinky', FingerSpec>;

// Curls.
const straight: Weighted<FingerCurlValue> = [[FingerCurl.NoCurl, 1]];
const bent: Weighted<FingerCurlValue> = [[FingerCurl.HalfCurl, 1], [FingerCurl.FullCurl, 0.9]];
const closed: Weighted<FingerCurlValue> = [[FingerCurl.FullCurl, 1], [FingerCurl.HalfCurl, 0.9]];
/** The open curve of C: curved, nearly straight accepted. */
const curvedOpen: Weighted<FingerCurlValue> = [[FingerCurl.HalfCurl, 1], [FingerCurl.NoCurl, 0.9]];
/** The thumb across the palm or tucked under fingers. */
const tucked = bent;
/** The thumb held out or alongside, a little bend accepted (it is never quite straight in a fist). */
const thumbOut: Weighted<FingerCurlValue> = [[FingerCurl.NoCurl, 1], [FingerCurl.HalfCurl, 0.9]];

// Directions (image directions; the signer's left is the image's right).
const D = FingerDirection;
const up: Weighted<FingerDirectionValue> = [[D.VerticalUp, 1], [D.DiagonalUpLeft, 0.9], [D.DiagonalUpRight, 0.9]];
const down: Weighted<FingerDirectionValue> = [[D.VerticalDown, 1], [D.DiagonalDownLeft, 0.9], [D.DiagonalDownRight, 0.9]];
/** Towards the signer's left (across the body, for a right hand). */
const towardSignersLeft: Weighted<FingerDirectionValue> = [[D.HorizontalRight, 1], [D.DiagonalUpRight, 0.9], [D.DiagonalDownRight, 0.9]];
/** Across the palm towards the little finger's side (a right hand's thumb folded across). */
const acrossPalm: Weighted<FingerDirectionValue> = [[D.HorizontalLeft, 1], [D.DiagonalUpLeft, 0.9], [D.DiagonalDownLeft, 0.9]];
/** Forward and down, towards the signer's left (P's index). */
const forwardDown: Weighted<FingerDirectionValue> = [[D.DiagonalDownRight, 1], [D.HorizontalRight, 0.9], [D.VerticalDown, 0.9]];
/** Spread away from the middle finger on the thumb's side (index of V, W). */
const spreadThumbSide: Weighted<FingerDirectionValue> = [[D.DiagonalUpRight, 1], [D.VerticalUp, 0.9]];
/** Spread away on the little finger's side (middle of V, ring of W). */
const spreadPinkySide: Weighted<FingerDirectionValue> = [[D.DiagonalUpLeft, 1], [D.VerticalUp, 0.9]];
/** The little finger out to the side, away from the thumb (Y). */
const pinkyOut: Weighted<FingerDirectionValue> = [[D.DiagonalUpLeft, 1], [D.VerticalUp, 0.9], [D.HorizontalLeft, 0.9]];

const fingerUp: FingerSpec = { curl: straight, direction: up };
const fingerClosed: FingerSpec = { curl: closed };

/** Each letter: its definition in words, then what each finger does. */
const LETTERS: Record<(typeof FINGERPOSE_STATIC_LETTERS)[number], HandSpec> = {
  // A: a fist, the thumb straight up against the side of the index finger.
  A: { thumb: { curl: thumbOut, direction: up }, index: fingerClosed, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // B: four fingers straight up and together, the thumb folded across the palm.
  B: { thumb: { curl: tucked, direction: acrossPalm }, index: fingerUp, middle: fingerUp, ring: fingerUp, pinky: fingerUp },
  // C: fingers and thumb curved as round a can, the hand turned sideways, opening to the signer's left.
  C: {
    thumb: { curl: curvedOpen, direction: towardSignersLeft },
    index: { curl: curvedOpen, direction: towardSignersLeft },
    middle: { curl: curvedOpen, direction: towardSignersLeft },
    ring: { curl: curvedOpen, direction: towardSignersLeft },
    pinky: { curl: curvedOpen, direction: towardSignersLeft },
  },
  // D: the index straight up; the middle, ring and little fingers curved down to touch the thumb.
  D: { thumb: { curl: bent }, index: fingerUp, middle: { curl: bent }, ring: { curl: bent }, pinky: { curl: bent } },
  // E: the fingers bent down, their tips resting on the thumb, which is folded across the palm.
  E: { thumb: { curl: tucked, direction: acrossPalm }, index: { curl: bent }, middle: { curl: bent }, ring: { curl: bent }, pinky: { curl: bent } },
  // F: the index bent to touch the thumb tip (a circle); middle, ring and little fingers up and spread.
  F: { thumb: { curl: bent }, index: { curl: bent }, middle: fingerUp, ring: fingerUp, pinky: fingerUp },
  // G: the index and thumb straight and parallel, pointing sideways (to the signer's left); the rest closed.
  G: {
    thumb: { curl: thumbOut, direction: towardSignersLeft },
    index: { curl: straight, direction: towardSignersLeft },
    middle: fingerClosed,
    ring: fingerClosed,
    pinky: fingerClosed,
  },
  // H: the index and middle straight and together, pointing sideways; the thumb holds the ring and little fingers down.
  H: {
    thumb: { curl: tucked },
    index: { curl: straight, direction: towardSignersLeft },
    middle: { curl: straight, direction: towardSignersLeft },
    ring: fingerClosed,
    pinky: fingerClosed,
  },
  // I: the little finger straight up; the other fingers closed, the thumb across them.
  I: { thumb: { curl: tucked, direction: acrossPalm }, index: fingerClosed, middle: fingerClosed, ring: fingerClosed, pinky: fingerUp },
  // K: the index straight up, the middle straight and angled out, the thumb up between them; ring and little fingers closed.
  K: { thumb: { curl: thumbOut, direction: up }, index: fingerUp, middle: fingerUp, ring: fingerClosed, pinky: fingerClosed },
  // L: the index straight up and the thumb straight out to the side (an L); the rest closed.
  L: { thumb: { curl: straight, direction: towardSignersLeft }, index: fingerUp, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // M: the index, middle and ring fingers folded over the thumb, which is tucked under them; the little finger closed.
  M: { thumb: { curl: tucked }, index: { curl: bent }, middle: { curl: bent }, ring: { curl: bent }, pinky: fingerClosed },
  // N: the index and middle fingers folded over the tucked thumb; ring and little fingers closed.
  N: { thumb: { curl: tucked }, index: { curl: bent }, middle: { curl: bent }, ring: fingerClosed, pinky: fingerClosed },
  // O: all fingers curved, their tips meeting the thumb tip (an O), seen from the side.
  O: {
    thumb: { curl: bent, direction: towardSignersLeft },
    index: { curl: bent, direction: towardSignersLeft },
    middle: { curl: bent, direction: towardSignersLeft },
    ring: { curl: bent, direction: towardSignersLeft },
    pinky: { curl: bent, direction: towardSignersLeft },
  },
  // P: K pointed down: the index straight, forward and down; the middle straight, pointing down; the thumb between them.
  P: {
    thumb: { curl: thumbOut },
    index: { curl: straight, direction: forwardDown },
    middle: { curl: straight, direction: down },
    ring: fingerClosed,
    pinky: fingerClosed,
  },
  // Q: G pointed down: the index and thumb straight, pointing down; the rest closed.
  Q: { thumb: { curl: thumbOut, direction: down }, index: { curl: straight, direction: down }, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // R: the index and middle straight up, crossed; the thumb holds the ring and little fingers down. (Crossing: not expressible.)
  R: { thumb: { curl: tucked }, index: fingerUp, middle: fingerUp, ring: fingerClosed, pinky: fingerClosed },
  // S: a fist, the thumb across the front of the fingers.
  S: { thumb: { curl: tucked, direction: acrossPalm }, index: fingerClosed, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // T: the index folded over the thumb, which is tucked between index and middle; the rest closed.
  T: { thumb: { curl: tucked }, index: { curl: bent }, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // U: the index and middle straight up and together; the thumb holds the ring and little fingers down.
  U: { thumb: { curl: tucked }, index: fingerUp, middle: fingerUp, ring: fingerClosed, pinky: fingerClosed },
  // V: the index and middle straight up and spread apart; the thumb holds the ring and little fingers down.
  V: {
    thumb: { curl: tucked },
    index: { curl: straight, direction: spreadThumbSide },
    middle: { curl: straight, direction: spreadPinkySide },
    ring: fingerClosed,
    pinky: fingerClosed,
  },
  // W: the index, middle and ring straight up and spread; the thumb holds the little finger down.
  W: {
    thumb: { curl: tucked },
    index: { curl: straight, direction: spreadThumbSide },
    middle: fingerUp,
    ring: { curl: straight, direction: spreadPinkySide },
    pinky: fingerClosed,
  },
  // X: the index raised and hooked; the other fingers closed, the thumb across them.
  X: { thumb: { curl: tucked }, index: { curl: bent, direction: up }, middle: fingerClosed, ring: fingerClosed, pinky: fingerClosed },
  // Y: the thumb and little finger straight out to either side; the other fingers closed.
  Y: {
    thumb: { curl: straight, direction: towardSignersLeft },
    index: fingerClosed,
    middle: fingerClosed,
    ring: fingerClosed,
    pinky: { curl: straight, direction: pinkyOut },
  },
};

const FINGERS: ReadonlyArray<readonly [keyof HandSpec, FingerIndex]> = [
  ['thumb', Finger.Thumb],
  ['index', Finger.Index],
  ['middle', Finger.Middle],
  ['ring', Finger.Ring],
  ['pinky', Finger.Pinky],
];

function describe(letter: string, hand: HandSpec): GestureDescription {
  const gesture = new fp.GestureDescription(letter);
  for (const [name, finger] of FINGERS) {
    for (const [curl, weight] of hand[name].curl) gesture.addCurl(finger, curl, weight);
    for (const [direction, weight] of hand[name].direction ?? []) gesture.addDirection(finger, direction, weight);
  }
  return gesture;
}

/** One fingerpose GestureDescription per static letter, named by the letter. */
export const FINGERPOSE_LETTERS: readonly GestureDescription[] = FINGERPOSE_STATIC_LETTERS.map((letter) => describe(letter, LETTERS[letter]));
