// The non-sign corpus (data/non-signs/): real people and hands that are NOT making a fingerspelled
// letter, each tracked by the engine's own tracker. This list is the one place that says, in code,
// where each file comes from and how its input is made; make_non_sign_corpus.ts runs it and
// data/non-signs/README.md says the same in words.

/** Debian's package and version the opencv-doc inputs were taken from (the script warns on another). */
export const OPENCV_DOC_PACKAGE = 'opencv-doc';
export const OPENCV_DOC_VERSION = '4.6.0+dfsg-12';
/** Inside the package, every path below starts here. */
export const OPENCV_DOC_ROOT = 'usr/share/doc/opencv-doc';

/** Where an input comes from. */
export type NonSignInput =
  /** A photograph already in the repository (data/photographs/, itself from opencv-doc). */
  | { kind: 'photograph'; file: string }
  /** An image of the opencv-doc package, path under OPENCV_DOC_ROOT. */
  | { kind: 'opencv-doc-image'; path: string }
  /** One of the bench's clips (bench/clips/make-clips.mjs), tracked as its 30 frames/s JPEG frames. */
  | { kind: 'bench-clip'; clip: 'messi-zoom' | 'hand-pan' | 'vtest-walk' }
  /** A stretch of opencv-doc's vtest.avi (10 frames/s) cut, cropped and scaled by ffmpeg. */
  | { kind: 'vtest'; startSeconds: number; seconds: number; filter: string };

export interface NonSignSource {
  /** File name in data/non-signs/ without `.json`. */
  name: string;
  /** What the file shows, in words. */
  shows: string;
  input: NonSignInput;
  /** For images: the pixel rectangle cut out before tracking [left, top, width, height]. */
  crop?: readonly [number, number, number, number];
  /** For images: scale factor applied after the crop (bicubic, sharp's default). */
  scale?: number;
  /** Why the crop or scale: the full image gives the tracker no hand. */
  why?: string;
  /** Track as a mirror image (`track --mirrored`): a lone hand then gets the other side's label. */
  mirrored: boolean;
  /** `track --hands-without-pose`: look for a hand in video frames with no body. */
  handsWithoutPose?: boolean;
  /**
   * The sign languages (the lexicon's ISO 639-3 code) in whose manual alphabet this hand IS a
   * letter, and which letter: there the file is no non-sign, and that letter, and only that one,
   * is expected to complete on it. Absent: a non-sign in every language.
   */
  letterIn?: Readonly<Record<string, string>>;
}

/** The frames a second a video input was filmed (and tracked) at; null for a still image. */
export function filmedFps(input: NonSignInput): number | null {
  if (input.kind === 'bench-clip') return 30; // bench/clips/make-clips.mjs writes 30 frames a second
  if (input.kind === 'vtest') return 10; // vtest.avi's own rate
  return null;
}

/** Frames with a hand kept from a video: 3 s at 30 frames/s keeps the corpus small. */
export const MAX_VIDEO_FRAMES = 90;

const hidden = 'the whole image gives the tracker no hand (no body found, or a body whose wrists are elsewhere)';

/**
 * A lone hand without a body is labelled left or right by the hand model's handedness guess; each
 * such source is also tracked with `--mirrored`, which gives the same points the other label, so a
 * judge that reads only one side still sees every non-sign hand.
 */
function bothSides(source: Omit<NonSignSource, 'mirrored'>): NonSignSource[] {
  return [
    { ...source, mirrored: false },
    { ...source, name: `${source.name}.mirrored`, mirrored: true },
  ];
}

export const NON_SIGN_SOURCES: readonly NonSignSource[] = [
  {
    name: 'messi5',
    shows: 'a footballer in full body mid-kick, both arms out, both hands open and relaxed',
    input: { kind: 'photograph', file: 'messi5.jpg' },
    mirrored: false,
  },
  {
    name: 'messi5-upper-body',
    shows: 'the same footballer cropped to his upper body (as a learner at a desk is framed), arms out, hands open',
    input: { kind: 'photograph', file: 'messi5.jpg' },
    crop: [50, 40, 352, 264],
    mirrored: false,
  },
  ...bothSides({
    name: 'handSrc',
    shows: 'one relaxed open hand lying on a table, palm up, fingers spread, wrist out of frame, no body',
    input: { kind: 'photograph', file: 'handSrc.jpg' },
  }),
  ...bothSides({
    name: 'handDst',
    shows: 'the same hand in another photograph (the back-projection tutorial\'s target image): palm up, open, turned',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/handDst.jpg' },
  }),
  ...bothSides({
    name: 'raised-open-hand',
    shows: 'a raised open hand, palm to the camera, all five fingers spread (a wave, the number 5), no body',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/Back_Projection_Theory0.jpg' },
    crop: [10, 0, 180, 200],
    why: hidden,
    // ÖGS's SCH is this hand: the fingers straight and spread, the thumb out, the palm to the
    // camera, held still (the lexicon's recording reads the same; docs/engineer/second-language.md).
    letterIn: { asq: 'SCH' },
  }),
  ...bothSides({
    name: 'chin-rest',
    shows: 'a hand resting under the chin, fingers curled against the cheek (webcam picture; the face detector\'s circles are drawn on it)',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/Cascade_Classifier_Tutorial_Result_Haar.jpg' },
    crop: [60, 280, 220, 228],
    why: hidden,
  }),
  ...bothSides({
    name: 'clock-grip',
    shows: 'a hand close to the camera gripping a clock, thumb and fingers apart around it (a C-like grasp)',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/Threshold_inRange_Tutorial_Result_input.jpeg' },
    crop: [333, 100, 400, 417],
    why: hidden,
  }),
  ...bothSides({
    name: 'hand-on-board',
    shows: 'a hand lying flat on a printed board, fingers together and straight, wrist out of frame',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/gbocclusion.png' },
    crop: [280, 160, 360, 320],
    why: hidden,
  }),
  ...bothSides({
    name: 'board-edge-grip',
    shows: 'a hand holding up a board by its edge, fingers wrapped round it (webcam screenshot)',
    input: { kind: 'opencv-doc-image', path: 'opencv4/html/screen_charuco.jpg' },
    crop: [60, 60, 200, 270],
    why: hidden,
  }),
  {
    name: 'basketball-catch',
    shows: 'a man catching a basketball, his hand at the ball (grey video frame, slightly blurred)',
    input: { kind: 'opencv-doc-image', path: 'examples/data/basketball2.png' },
    crop: [0, 60, 260, 300],
    scale: 2,
    why: 'in the whole frame the man is small and a second person is in view: no hand is found',
    mirrored: false,
  },
  {
    name: 'messi-zoom',
    shows: 'the bench clip messi-zoom: messi5.jpg under a slow 3 s zoom towards the upper body, a still person under a moving camera',
    input: { kind: 'bench-clip', clip: 'messi-zoom' },
    mirrored: false,
    // Video, tracked as the app's camera tracks (src/lib/tracker-warmup: hands looked for without a body too).
    handsWithoutPose: true,
  },
  ...bothSides({
    name: 'hand-pan',
    shows: 'the bench clip hand-pan: handSrc.jpg under a 3 s zoom and pan, a relaxed open hand drifting across the frame',
    input: { kind: 'bench-clip', clip: 'hand-pan' },
    handsWithoutPose: true,
  }),
  {
    name: 'vtest-walk',
    shows: 'the bench clip vtest-walk: a man walking across a lawn, filmed from a first floor (small, soft; hands seldom found)',
    input: { kind: 'bench-clip', clip: 'vtest-walk' },
    mirrored: false,
    // Video, tracked as the app's camera tracks (src/lib/tracker-warmup: hands looked for without a body too).
    handsWithoutPose: true,
  },
  {
    name: 'vtest-lawn',
    shows: 'vtest.avi 50-66 s: a couple and then a woman walking across the lawn, arms by their sides (hands seldom found)',
    input: { kind: 'vtest', startSeconds: 50, seconds: 16, filter: 'crop=256:192:120:330,scale=640:480:flags=bicubic' },
    mirrored: false,
    // Video, tracked as the app's camera tracks (src/lib/tracker-warmup: hands looked for without a body too).
    handsWithoutPose: true,
  },
];
