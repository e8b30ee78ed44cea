// The judge's evaluation on other people's photographed letters (bench/signers-judge/): the
// MediaPipe Hands export read into landmark frames on the person's own side, and the per-letter
// summary (own letters within 2.5 s, J and Z left out; wrong pairs against every other letter).
import { describe, expect, it } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE } from '../../engine/src/core/landmark_layout.ts';
import { loadPhotos, summarise, type PhotoResult } from '../../bench/signers-judge/evaluate_judge.ts';
import { mediapipeHandsSources } from '../../bench/signers-judge/mediapipe_hands_source.ts';

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
