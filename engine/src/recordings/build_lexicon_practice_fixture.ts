import { createLandmarkFrame } from '../core/landmark_frame.ts';
import { Part } from '../core/landmark_layout.ts';
import type { AlphabetSource } from './build_alphabet_references.ts';
import { heldOutFrameIndices } from './build_practice_fixture.ts';
import { LANDMARK_FIXTURE_FORMAT, type LandmarkFixture, type LandmarkFixtureFrame, type LandmarkFixtureSign } from './landmark_fixture_schema.ts';

/** The fixture's frame rate: a webcam tracker's. */
const FIXTURE_FPS = 30;

/** Frame `k` of `count` played forward, then back, and again (0 1 2 1 0 1 ...): no jump on a loop. */
const backAndForth = (k: number, count: number) => (count < 2 ? 0 : count - 1 - Math.abs((k % (2 * count - 2)) - (count - 1)));

/**
 * A learner's practice session made from a fingerspelling lexicon's letters (the sources of
 * holistic_alphabet_sources.ts: each letter's span at its file's frame rate), as
 * buildPracticeFixture makes one from the American alphabet: each sign in `signs` held for
 * `secondsPerSign`, seen at 30 frames a second. A lexicon clip is short, so a letter plays only the
 * first stretch of its span that its reference is NOT built from (heldOutFrameIndices: the
 * frames before the middle half), back and forth at the recording's speed (a stretch cycled would
 * jump on every loop, and a jump reads as a moving hand; bench/acceptance/fingerspelling_acceptance.ts
 * replays the same way). Coordinates are the recording's (x / width, y / height of its frame).
 *
 * `followLesson`: each sign's stretch recorded too (buildPracticeFixture's option of that name).
 *
 * ref: none.
 */
export function buildLexiconPracticeFixture(
  sources: ReadonlyMap<string, AlphabetSource>,
  signs: readonly string[],
  secondsPerSign: number,
  options: { followLesson?: boolean } = {},
): LandmarkFixture {
  const stretches: LandmarkFixtureSign[] = [];
  const landmarks = createLandmarkFrame();
  const frames: LandmarkFixtureFrame[] = [];
  let imageWidth = 0;
  let imageHeight = 0;
  for (const sign of signs) {
    stretches.push({ name: sign, from: frames.length, hold: frames.length });
    const letter = sources.get(sign);
    if (!letter) throw new Error(`buildLexiconPracticeFixture: no recording for sign "${sign}"`);
    const heldOut = heldOutFrameIndices(letter.source.frameCount);
    const stretch = heldOut.filter((index, i) => index === i); // the frames before the middle half
    if (stretch.length === 0) throw new Error(`buildLexiconPracticeFixture: "${sign}" has no held-out frames before its reference's`);
    const count = Math.round(secondsPerSign * FIXTURE_FPS);
    for (let k = 0; k < count; k++) {
      const filmed = Math.floor((k * letter.fps) / FIXTURE_FPS);
      letter.source.read(stretch[backAndForth(filmed, stretch.length)]!, landmarks);
      imageWidth = landmarks.imageWidth;
      imageHeight = landmarks.imageHeight;
      const frame: LandmarkFixtureFrame = { t: Math.round((frames.length * 1000) / FIXTURE_FPS) };
      if (landmarks.present[Part.rightHand] === 1) frame.rightHand = Array.from(landmarks.rightHand, (v) => Math.round(v * 1e5) / 1e5);
      if (landmarks.present[Part.leftHand] === 1) frame.leftHand = Array.from(landmarks.leftHand, (v) => Math.round(v * 1e5) / 1e5);
      frames.push(frame);
    }
  }
  return {
    format: LANDMARK_FIXTURE_FORMAT,
    imageWidth,
    imageHeight,
    source: `fingerspelling lexicon held-out frames: ${signs.join(', ')}, ${secondsPerSign} s each, ${FIXTURE_FPS} frames/s`,
    frames,
    ...(options.followLesson ? { signs: stretches } : {}),
  };
}
