// The signers stage (bench/signers/, issue 26) on a handful of real people's photographs, through
// the stage's own functions from nothing (no landmark cache): the real tracker (Node, WASM, still
// mode, and video mode: each photograph as a still camera) and the default judge held 10 s against
// all 26 references. The photographs are ones that
// pass today and are easy for any tracker: one adult's palm-to-camera letters on a plain
// background (lauren A, B, U) and a volunteer's O seen from the signer's own side (the back of a
// right hand, whole and well lit, on a plain floor: letters-volunteers/O0). MediaPipe Hands finds
// all four too.
// The full figures come from `npm run bench -- --only signers` (bench/signers.md), never asserted
// here; this checks that the stage measures what it says, on real photographs.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readStoredMediaPipeHands } from '../../bench/signers/mediapipe_hands.ts';
import { listPhotos, photoKey, PHOTO_SETS } from '../../bench/signers/photos.ts';
import { runSigners, type SignersResult } from '../../bench/signers/run_signers.ts';
import { signersMarkdown } from '../../bench/signers/signers_markdown.ts';
import { groupFigures } from '../../bench/signers/summarize_signers.ts';
import { handFound } from '../../bench/signers/track_photos.ts';
import { SETTLED_FRAMES, TRACKED_FRAMES, trackPhotosAsVideo, VIDEO_FRAMES } from '../../bench/signers/track_photos_video.ts';

const root = join(import.meta.dirname, '..', '..');
/** Clearly tracked photographs whose own letter completes today, with no wrong letter. */
const CLEAR = ['lauren/A.jpg', 'lauren/B.jpg', 'lauren/U.jpg', 'letters-volunteers/O0_jpg.rf.023d580ccbb5070164655cf7821c68cd.jpg'];

let outDir: string;
let result: SignersResult;
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'signers-'));
  const photos = listPhotos(root).filter((p) => CLEAR.includes(photoKey(p)));
  result = await runSigners({ root, outDir, log: () => {}, skipAcceptance: true, photos, video: true });
});
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the signers stage on real photographs', () => {
  test('the photo sets are in the repository, each file named by its letter', () => {
    const all = listPhotos(root);
    expect(PHOTO_SETS.map((set) => all.filter((p) => p.set === set).length)).toEqual([144, 26]);
    expect(new Set(all.filter((p) => p.set === 'lauren').map((p) => p.letter)).size).toBe(26);
    expect(all.filter((p) => p.moving).every((p) => p.letter === 'J' || p.letter === 'Z')).toBe(true);
  });

  test("MediaPipe Hands' stored output covers every photograph, byte for byte the files in data/", () => {
    const stored = readStoredMediaPipeHands(root)!;
    expect(stored).not.toBeNull();
    const byKey = new Map(stored.photos.map((p) => [p.photo, p]));
    for (const photo of listPhotos(root)) {
      const entry = byKey.get(photoKey(photo));
      expect(entry, photoKey(photo)).toBeDefined();
      expect(entry!.sha256).toBe(createHash('sha256').update(readFileSync(join(root, photo.path))).digest('hex'));
      for (const hand of entry!.hands) {
        expect(hand.landmarks).toHaveLength(21);
        expect(hand.side).toBe(hand.label === 'Right' ? 'left' : 'right');
      }
    }
  });

  test('each photograph is tracked and, with a hand, judged against all 26 references', () => {
    expect(result.photos.map((p) => p.photo).sort()).toEqual([...CLEAR].sort());
    expect(result.trackerVersion).toMatch(/^[0-9a-f]{16}$/);
    for (const p of result.photos) {
      expect(p.ours.found, p.photo).toBe(true);
      expect(Object.keys(p.ours.judgement!).sort()).toHaveLength(26);
      for (const seconds of Object.values(p.ours.judgement!)) if (seconds !== null) expect(seconds).toBeGreaterThan(0), expect(seconds).toBeLessThanOrEqual(10);
      // MediaPipe's row comes from the stored file: it finds these hands too.
      expect(p.mediapipe?.found, p.photo).toBe(true);
    }
  });

  test("a clearly tracked photograph completes its own letter, and no other letter's reference", () => {
    for (const p of result.photos) {
      const judgement = p.ours.judgement!;
      expect(judgement[p.letter], `${p.photo}: own letter ${p.letter}`).not.toBeNull();
      expect(Object.entries(judgement).filter(([letter, s]) => letter !== p.letter && s !== null).map(([letter]) => letter), p.photo).toEqual([]);
    }
    const figures = groupFigures(result.photos, 'ours');
    expect(figures).toMatchObject({ photos: 4, found: 4, staticPhotos: 4, ownCompleted: 4, pairs: 4 * 25, wrong: [] });
  });

  test('video mode (--video): each photograph as a still camera, from a fresh tracker, judged as played then held', () => {
    expect(result.video).toMatchObject({ frames: VIDEO_FRAMES, fps: 30 });
    for (const p of result.photos) {
      const v = p.video!;
      // The camera stops once the landmarks settle (a hand among them), never past its frames.
      expect(v.frames, p.photo).toBeGreaterThan(SETTLED_FRAMES);
      expect(v.frames, p.photo).toBeLessThanOrEqual(VIDEO_FRAMES);
      expect(v.found && v.lastFrameHand, p.photo).toBe(true);
      expect(Object.keys(v.judgement!)).toHaveLength(26);
      // The same clear photographs complete their own letter in video mode too, and nothing else.
      expect(v.judgement![p.letter], `${p.photo}: own letter ${p.letter}`).not.toBeNull();
      expect(Object.entries(v.judgement!).filter(([letter, s]) => letter !== p.letter && s !== null).map(([letter]) => letter), p.photo).toEqual([]);
    }
    expect(groupFigures(result.photos, 'video')).toMatchObject({ photos: 4, found: 4, ownCompleted: 4, wrong: [] });
  });

  test('video mode with hands looked for without a body (--video-without-body) finds a close-up hand (the app camera\'s setting)', async () => {
    // letters-volunteers C1: a hand close to the camera, no body; no turn of the palm detector
    // finds it; the whole frame taken as the hand's crop (handsWithoutPose) does, on the first frame.
    const photos = listPhotos(root).filter((p) => photoKey(p).startsWith('letters-volunteers/C1_'));
    expect(photos).toHaveLength(1);
    const tracked = await trackPhotosAsVideo({ root, photos, log: () => {}, handsWithoutPose: true });
    const frames = tracked.frames.get(photoKey(photos[0]!))!;
    expect(handFound(frames[0]!)).toBe(true);
    expect(frames.length).toBeLessThanOrEqual(TRACKED_FRAMES + 1);
    expect(tracked.backend.mode).toMatch(/hands without a body/);
  });

  test('the report has the in-sample totals, the per-letter tables and each set alone', () => {
    const md = signersMarkdown(result);
    expect(md).toContain('## In-sample: the committed judge on the photographs it learned from');
    expect(md).toMatch(/\| our tracker, still mode -> committed judge \(in-sample\) \| 4 \/ 4 \| 4 \(100%\) \| 4 of 4 \(100%\)/);
    expect(md).toContain('### lauren alone');
    expect(md).toContain('### letters-volunteers alone');
    expect(md).toContain('| **O** |');
    expect(md).toContain('acceptance stage not run');
    expect(md).toMatch(/\| our tracker, video mode -> committed judge \(in-sample\) \| 4 \/ 4 \| 4 \(100%\) \| 4 of 4 \(100%\)/);
    expect(md).toContain('#### lauren: video mode against still mode');
    // A run on a handful of photographs leaves the cross-validation out (it learns from every photograph).
    expect(result.crossValidation).toBeNull();
    expect(md).not.toContain('## Photographs that chose nothing');
    // With it, the cross-validated rows come first, each against the targets, and the folds.
    const withCv = signersMarkdown({
      ...result,
      photos: result.photos.map((p) => ({ ...p, cv: p.ours })),
      crossValidation: { folds: [{ fold: 0, learnedFrom: ['lauren/C.jpg'], judged: result.photos.map((p) => p.photo), setting: 'maxRatio 0.9', tuned: { own: 3, photos: 4, wrong: 1, pairs: 100 } }] },
      judgeCost: { withoutPeople: { calls: 10, medianMs: 0.01, p99Ms: 0.05, prototypesPerLetter: 500 }, committed: { calls: 10, medianMs: 0.02, p99Ms: 0.07, prototypesPerLetter: 900 } },
    });
    expect(withCv.indexOf('## Photographs that chose nothing')).toBeLessThan(withCv.indexOf('## In-sample'));
    expect(withCv).toMatch(/\| our tracker, still mode -> judge learned without the photograph \| 4 \/ 4 \| 4 \(100%\) \| 4 of 4 \(100%\)/);
    expect(withCv).toContain('| 1 | 4 | 1 | maxRatio 0.9 | own 3/4 (75.0%), wrong 1/100 (1.00%) |');
    expect(withCv).toContain("| the committed judge (with people's prototypes) | 900 | 0.0200 | 0.0700 | 10 |");
  });
});
