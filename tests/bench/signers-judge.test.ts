// The judge's evaluation on other people's photographed letters (bench/signers-judge/): the
// MediaPipe Hands export read into landmark frames on the person's own side, and the per-letter
// summary (own letters within 2.5 s, J and Z left out; wrong pairs against every other letter).
import { describe, expect, it } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE } from '../../engine/src/core/landmark_layout.ts';
import { loadPhotos, summarise, type PhotoResult } from '../../bench/signers-judge/evaluate_judge.ts';
import { mediapipeHandsSources } from '../../bench/signers-judge/mediapipe_hands_source.ts';
import { fistLetters, fistSamples, measurePeopleFists } from '../../bench/signers-judge/people_fists.ts';
import { quantileOf } from '../../bench/signers-judge/people_spread.ts';
import { stillFrame } from '../../bench/signers-judge/still_frame.ts';
import { HANDSHAPE_MODEL_BUILD } from '../../engine/src/handshape/build_handshape_models.ts';
import { compileHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

const hand = (x: number) => Array.from({ length: 21 }, (_, i) => [x, 0.1 + i * 0.01, -0.01 * i]);

describe('MediaPipe Hands export -> landmark frames', () => {
  const exported = {
    schema: 'signlearn-mediapipe-hands/1',
    photos: [
      { photo: 'lauren/B.jpg', width: 400, height: 300, hands: [{ side: 'left', landmarks: hand(0.3) }] },
      { photo: 'letters-volunteers/D12_jpg.rf.x.jpg', width: 312, height: 416, hands: [] },
    ],
  };

  it('puts each hand on the person\'s own side with score 1, names the letter from the file, and keeps one set', () => {
    const photos = mediapipeHandsSources(exported);
    expect(photos.map((p) => [p.name, p.letter])).toEqual([['lauren/B', 'B'], ['letters-volunteers/D12_jpg.rf.x', 'D']]);
    const frame = createLandmarkFrame();
    photos[0]!.source.read(0, frame);
    expect(frame.imageWidth).toBe(400);
    expect(frame.present[Part.leftHand]).toBe(1);
    expect(frame.present[Part.rightHand]).toBe(0);
    expect(frame.leftHand[POINT_STRIDE * 20]).toBeCloseTo(0.3, 5);
    expect(frame.leftHand[POINT_STRIDE * 20 + 3]).toBe(1);
    photos[1]!.source.read(0, frame);
    expect(frame.present[Part.leftHand]! + frame.present[Part.rightHand]!).toBe(0);
    expect(mediapipeHandsSources(exported, 'lauren')).toHaveLength(1);
  });

  it('refuses another format', () => {
    expect(() => mediapipeHandsSources({ ...exported, schema: 'other/1' })).toThrow();
  });
});

describe('the per-letter summary', () => {
  const letters = ['A', 'B', 'J'];
  const result = (letter: string, hand: boolean, seconds: Record<string, number | null>): PhotoResult => ({ name: letter, letter, hand, seconds });

  it('counts own letters completing within 2.5 s on static letters with a hand, and every other letter completing as wrong', () => {
    const s = summarise(
      [
        result('A', true, { A: 1.5, B: null, J: null }),
        result('A', true, { A: 3.1, B: 1.5, J: null }),
        result('B', false, { A: null, B: null, J: null }),
        result('J', true, { A: null, B: null, J: null }),
      ],
      letters,
    );
    expect([s.photos, s.hands, s.staticWithHand, s.ownWithin]).toEqual([4, 3, 2, 1]);
    expect([s.wrongPairs, s.pairs]).toEqual([1, 6]);
    expect(s.perLetter.A).toEqual({ photos: 2, hands: 2, own: 1, slow: 1, readAs: ['B'] });
    expect(s.perLetter.B!.hands).toBe(0);
  });
});

describe('the landmarks come from the repository', () => {
  it('reads MediaPipe Hands\' stored landmarks of data/real-photos by the name `mediapipe`, one set at a time', async () => {
    const all = await loadPhotos('mediapipe');
    const lauren = await loadPhotos('mediapipe', 'lauren');
    expect(all).toHaveLength(170);
    expect(lauren).toHaveLength(26);
    expect(lauren.every((p) => p.name.startsWith('lauren/') && /^[A-Z]$/.test(p.letter))).toBe(true);
  });
});

describe('how other people close a fist (people_fists.ts)', () => {
  it('pairs the knuckles\' quantile q with the middle joints\' 1 - q, at the median and the quartile, and measures nothing without fists', () => {
    const knuckles = [0.8, 1, 1.2, 1.4, 1.6, 1.8, 2, 2.2];
    const joints = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2];
    expect(measurePeopleFists({ knuckles, joints })).toEqual([
      [quantileOf(knuckles, 0.5), quantileOf(joints, 0.5)],
      [quantileOf(knuckles, 0.75), quantileOf(joints, 0.25)],
    ]);
    expect(measurePeopleFists({ knuckles: [], joints: [] })).toEqual([]);
  });

  it('on the volunteers\' photographed fists (MediaPipe Hands\' landmarks), the knuckles bend further than our signer\'s and the middle joints less; the models are built with refolds of that kind', async () => {
    const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR), { fists: [] });
    const letters = [...built.keys()].sort();
    const records = letters.map((l) => built.get(l)!.record.handshape!);
    const models = records.map((r, i) => compileHandshape(letters[i]!, r)!);
    const fists = fistLetters(letters, records);
    expect([...fists].sort().join('')).toBe('AEMNST');
    const frames = (await loadPhotos('mediapipe', 'letters-volunteers')).flatMap((photo) => {
      const frame = stillFrame(photo);
      return frame ? [{ letter: photo.letter, frame }] : [];
    });
    const samples = fistSamples(frames, letters, models, fists);
    // Four fingers of each fist photo whose hand agrees with its letter.
    expect(samples.knuckles.length % 4).toBe(0);
    expect(samples.knuckles.length).toBeGreaterThanOrEqual(4 * 20);
    const measured = measurePeopleFists(samples);
    for (const [knuckles, joints] of [...measured, ...HANDSHAPE_MODEL_BUILD.fists]) {
      expect(knuckles).toBeGreaterThan(1);
      expect(joints).toBeLessThan(1);
    }
  }, 60_000);
});
