// What the accuracy harness measures on: real photographs and clips, each with the MediaPipe
// solution that is its reference. Upper-body material (a learner at a desk: hips out of frame)
// is what the targets apply to; the full-body and hand-only items are controls.
// Sources and recipes: data/photographs/README.md, bench/accuracy/make-stills.mjs, bench/README.md
// (clips, bench/clips/make-clips.mjs).
import type { AccuracySubject } from './types.ts';

export type Framing = 'upper body' | 'full body' | 'hand';

export interface AccuracyStill {
  name: string;
  /** Path from the repository root. */
  file: string;
  framing: Framing;
  reference: Exclude<AccuracySubject, 'tracker'>;
}

export interface AccuracyClip {
  /** A clip of bench/clips/make-clips.mjs (frames in .cache/clips/NAME/). */
  clip: string;
  framing: Framing;
  reference: Exclude<AccuracySubject, 'tracker'>;
}

export const ACCURACY_STILLS: readonly AccuracyStill[] = [
  { name: 'messi5-upper', file: 'data/photographs/upper-body/messi5-upper.png', framing: 'upper body', reference: 'mediapipe-holistic' },
  { name: 'basketball-upper', file: 'data/photographs/upper-body/basketball-upper.png', framing: 'upper body', reference: 'mediapipe-holistic' },
  { name: 'webcam-desk', file: 'data/photographs/upper-body/webcam-desk.png', framing: 'upper body', reference: 'mediapipe-holistic' },
  { name: 'messi5', file: 'data/photographs/messi5.jpg', framing: 'full body', reference: 'mediapipe-holistic' },
  // No body: Holistic finds hands only through a pose, so the hand-only solution is the reference.
  { name: 'handSrc', file: 'data/photographs/handSrc.jpg', framing: 'hand', reference: 'mediapipe-hands' },
];

export const ACCURACY_CLIPS: readonly AccuracyClip[] = [
  { clip: 'desk-upper', framing: 'upper body', reference: 'mediapipe-holistic' },
  { clip: 'messi-zoom', framing: 'full body', reference: 'mediapipe-holistic' },
  { clip: 'vtest-walk', framing: 'full body', reference: 'mediapipe-holistic' },
  { clip: 'hand-pan', framing: 'hand', reference: 'mediapipe-hands' },
];

/** Where the stored MediaPipe outputs of the stills live (bench/accuracy/record-references.ts). */
export const REFERENCES_DIR = 'data/photographs/mediapipe';
