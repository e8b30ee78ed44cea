// The fingerpose anchor (bench/acceptance/fingerpose_judge.ts) on real frames of the recorded
// alphabet: it tells letters apart at least where fingerpose's terms can (B's four straight fingers
// against A's fist), mirrors a left hand correctly, and refuses what it cannot judge.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { alphabetFrameToLandmarks } from '../../engine/src/recordings/alphabet_frame_to_landmarks.ts';
import { createFingerposeJudge, type FrameJudge } from '../../bench/acceptance/fingerpose_judge.ts';
import { FINGERPOSE_LETTERS, FINGERPOSE_STATIC_LETTERS } from '../../bench/acceptance/fingerpose_letters.ts';

const alphabet = join(import.meta.dirname, '..', '..', 'data', 'asl-alphabet');
const WIDTH = 640;
const HEIGHT = 480;

/** Every frame of a letter's recording as the signer's right hand (x, y, z, score per point). */
let hands: Map<string, Float32Array[]>;
let judge: FrameJudge;

beforeAll(async () => {
  const recordings = await loadAlphabetFolder(alphabet);
  const frame = createLandmarkFrame();
  hands = new Map();
  for (const letter of ['A', 'B', 'C', 'J', 'Y']) {
    hands.set(letter, recordings.get(letter)!.frames.map((values, i) => {
      alphabetFrameToLandmarks(values, i * 33, frame);
      return Float32Array.from(frame.rightHand);
    }));
  }
  judge = createFingerposeJudge();
});

const share = (frames: Float32Array[], letter: string, mirrored = false) =>
  frames.filter((hand) => judge.accepts(hand, WIDTH, HEIGHT, mirrored, letter)).length / frames.length;

/** The same hand as a left hand: the image mirrored (x -> 1 - x). */
const mirror = (hand: Float32Array) => hand.map((value, i) => (i % 4 === 0 ? 1 - value : value));

describe('fingerpose judge', () => {
  it('describes the 24 static letters, J and Z left out', () => {
    expect(FINGERPOSE_LETTERS.map((gesture) => gesture.name)).toEqual([...FINGERPOSE_STATIC_LETTERS]);
    expect(FINGERPOSE_STATIC_LETTERS).toHaveLength(24);
    expect(FINGERPOSE_STATIC_LETTERS).not.toContain('J');
    expect(FINGERPOSE_STATIC_LETTERS).not.toContain('Z');
  });

  it('judges B frames B far more often than A frames, and A frames A far more often than B frames', () => {
    const bAsB = share(hands.get('B')!, 'B');
    const aAsB = share(hands.get('A')!, 'B');
    const aAsA = share(hands.get('A')!, 'A');
    const bAsA = share(hands.get('B')!, 'A');
    console.log(`fingerpose: B frames judged B ${(100 * bAsB).toFixed(1)}%, A frames judged B ${(100 * aAsB).toFixed(1)}%; A as A ${(100 * aAsA).toFixed(1)}%, B as A ${(100 * bAsA).toFixed(1)}%`);
    expect(bAsB).toBeGreaterThan(aAsB + 0.5);
    expect(aAsA).toBeGreaterThan(bAsA + 0.5);
  });

  it('judges a left hand measured as its mirror image as the right hand it mirrors', () => {
    for (const letter of ['A', 'B', 'C', 'Y']) {
      const frames = hands.get(letter)!;
      const asLeft = frames.map(mirror);
      for (const candidate of ['A', 'B', 'C', 'S', 'Y']) {
        expect(share(asLeft, candidate, true), `${letter} frames as ${candidate}`).toBe(share(frames, candidate));
      }
      // Not mirrored, the left hand's C opens and Y's thumb points the other way: refused.
      if (letter === 'C' || letter === 'Y') expect(share(asLeft, letter, false), letter).toBeLessThan(share(frames, letter) - 0.5);
    }
  });

  it('never accepts J or Z (they move; fingerpose sees one frame), nor a frame with a missing number', () => {
    expect(share(hands.get('J')!, 'J')).toBe(0);
    expect(share(hands.get('B')!, 'Z')).toBe(0);
    const broken = Float32Array.from(hands.get('B')![0]!);
    broken[8 * 4] = Number.NaN;
    expect(judge.accepts(broken, WIDTH, HEIGHT, false, 'B')).toBe(false);
    expect(() => createFingerposeJudge(11)).toThrow(/between 0 and 10/);
  });

  it('a stricter minimum score accepts no more frames', () => {
    const strict = createFingerposeJudge(9.5);
    const frames = hands.get('B')!;
    const strictShare = frames.filter((hand) => strict.accepts(hand, WIDTH, HEIGHT, false, 'B')).length / frames.length;
    expect(strictShare).toBeLessThanOrEqual(share(frames, 'B'));
  });
});
