// The signers stage's cross-validation (bench/signers-judge/cross_validate.ts): the figures it
// reports come from photographs that chose nothing. Run here on a few real photographs, with
// MediaPipe Hands' stored landmarks standing in for our tracker's (no tracking in this test) and a
// one-setting grid, so that it takes seconds; the full run is the signers stage's.
import { describe, expect, test } from 'vitest';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { assertFoldsDisjoint, crossValidate } from '../../bench/signers-judge/cross_validate.ts';
import { FOLDS, personOf, photoFolds } from '../../bench/signers-judge/photo_folds.ts';
import { mediapipeFrame } from '../../bench/signers/mediapipe_frame.ts';
import { readStoredMediaPipeHands } from '../../bench/signers/mediapipe_hands.ts';
import { listPhotos, photoKey } from '../../bench/signers/photos.ts';
import { nonSignFrames } from '../../bench/signers-judge/tune_judge.ts';
import { ALPHABET_DIR, ROOT } from '../../server/paths.ts';

const photos = listPhotos(ROOT);
const keys = photos.map(photoKey);

describe('the folds of the cross-validation', () => {
  const fold = photoFolds(photos.map((p) => ({ photo: photoKey(p), letter: p.letter })));

  test('every photograph has one fold; a person known to be in several has a fold of their own', () => {
    expect([...fold.keys()].sort()).toEqual([...keys].sort());
    const lauren = keys.filter((k) => personOf(k) === 'lauren');
    expect(lauren).toHaveLength(26);
    expect(new Set(lauren.map((k) => fold.get(k)))).toEqual(new Set([FOLDS]));
    expect(keys.filter((k) => personOf(k) !== 'lauren').every((k) => fold.get(k)! < FOLDS)).toBe(true);
  });

  test("each fold judges about as many of each letter: a letter's volunteer photographs are spread over the folds", () => {
    for (const letter of ['B', 'H', 'Y']) {
      const folds = photos.filter((p) => p.letter === letter && p.set === 'letters-volunteers').map((p) => fold.get(photoKey(p))!);
      expect(new Set(folds).size, letter).toBe(Math.min(folds.length, FOLDS));
    }
  });

  test('the same photographs give the same folds, whatever their order', () => {
    const again = photoFolds([...photos].reverse().map((p) => ({ photo: photoKey(p), letter: p.letter })));
    expect([...again.entries()].sort()).toEqual([...fold.entries()].sort());
  });
});

describe('cross-validation on real photographs', () => {
  test('no photograph that reports a figure chose anything for the judge that judged it; each is judged once', async () => {
    const stored = new Map((readStoredMediaPipeHands(ROOT)?.photos ?? []).map((p) => [p.photo, p]));
    // Two letters of the volunteers (over three folds) and of the adult (a fold of her own).
    const sample = photos.filter((p) => 'AB'.includes(p.letter));
    const cv = crossValidate({
      recordings: await loadAlphabetFolder(ALPHABET_DIR),
      photos: sample,
      still: (p) => (stored.has(photoKey(p)) ? mediapipeFrame(stored.get(photoKey(p))!) : null),
      // The camera's path too (its frames also tune each fold, tuneOnCamera): a photograph's frame held for 3 frames.
      videoWithoutBody: (p) => [0, 1, 2].map(() => (stored.has(photoKey(p)) ? mediapipeFrame(stored.get(photoKey(p))!) : createLandmarkFrame())),
      people: sample.flatMap((p) => (stored.has(photoKey(p)) ? [{ photo: photoKey(p), letter: p.letter, tracker: 'mediapipe', landmarks: mediapipeFrame(stored.get(photoKey(p))!) }] : [])),
      nonSigns: await nonSignFrames(),
      grid: { betweenSigners: [1], tighterCurl: [0.5], maxRatio: [0.9], maxDistance: [1.6], peopleQuantile: [0], fists: ['none'] },
      folds: 3,
      log: () => {},
    });
    expect(cv.folds.map((f) => f.fold)).toEqual([0, 1, 2, 3]);
    assertFoldsDisjoint(cv, sample.map(photoKey));
    for (const f of cv.folds) {
      expect(f.learnedFrom.length, `fold ${f.fold}`).toBeGreaterThan(0);
      expect(f.judged.filter((p) => f.learnedFrom.includes(p)), `fold ${f.fold}`).toEqual([]);
    }
    // Every sampled photograph was judged, in still mode, by its fold's judge.
    expect([...cv.still.keys()].sort()).toEqual(sample.map(photoKey).sort());
    expect([...cv.videoWithoutBody!.keys()].sort()).toEqual(sample.map(photoKey).sort());
    // The check itself fails where a fold learned from a photograph it judged.
    const leaked = cv.folds.map((f, i) => (i === 0 ? { ...f, learnedFrom: [...f.learnedFrom, f.judged[0]!] } : f));
    expect(() => assertFoldsDisjoint({ folds: leaked }, sample.map(photoKey))).toThrow(/also learned from/);
    expect(() => assertFoldsDisjoint(cv, [...sample.map(photoKey), 'lauren/none.jpg'])).toThrow(/never judged/);
  }, 900_000); // four folds, each building the alphabet's models twice and holding its photographs 10 s against 26 letters: about a minute alone
});
