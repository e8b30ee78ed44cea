// The committed judge: learn_judge.ts on every photograph of data/real-photos (our tracker's
// still-mode and camera-path landmarks to tune on; its and MediaPipe Hands' hands to learn
// prototypes from).
// Writes the people's hands it keeps to data/real-photos/people-hands.json (the American
// references are built with them: server/seed.ts, `build-references --people`) and prints the
// setting it chose beside the one the code holds (handshape_judge_settings.ts,
// build_handshape_models.ts HANDSHAPE_MODEL_BUILD.fists, definition_weights.ts), which must agree.
//
//   node --import tsx bench/signers-judge/learn_committed_judge.ts [--check]
//
// --check writes nothing: it fails when the file or the code's setting differs from what is learned.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HANDSHAPE_MODEL_BUILD } from '../../engine/src/handshape/build_handshape_models.ts';
import { BETWEEN_SIGNERS, PEOPLE_SPREAD, TIGHTER_CURL } from '../../engine/src/handshape/definition_weights.ts';
import { HANDSHAPE_JUDGE } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { PEOPLE_HANDS_FORMAT, type PeopleHands } from '../../engine/src/recordings/people_hands_schema.ts';
import { HAND_POINT_COUNT, POINT_STRIDE, X, Y, Z } from '../../engine/src/core/landmark_layout.ts';
import { ALPHABET_DIR, PEOPLE_HANDS_FILE, ROOT } from '../../server/paths.ts';
import { mediapipeFrame } from '../signers/mediapipe_frame.ts';
import { readStoredMediaPipeHands, type StoredPhotoResult } from '../signers/mediapipe_hands.ts';
import { listPhotos, photoKey, type Photo } from '../signers/photos.ts';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { lastHandFrame, trackPhotos } from '../signers/track_photos.ts';
import { trackPhotosAsVideo } from '../signers/track_photos_video.ts';
import { describeSetting, labelledFrame, learnJudge, type LabelledHand, type LabelledLandmarks, type LearnedJudge } from './learn_judge.ts';
import { nonSignFrames } from './tune_judge.ts';



/** The people's hands a learned judge keeps, as the people-hands file holds them. */
export function peopleHandsFile(hands: readonly LabelledHand[], made: Record<string, unknown>): PeopleHands {
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  return {
    format: PEOPLE_HANDS_FORMAT,
    made,
    hands: hands.map((h) => ({
      sign: h.letter,
      photo: h.photo,
      tracker: h.tracker,
      imageWidth: h.imageWidth,
      imageHeight: h.imageHeight,
      side: h.left ? 'left' : 'right',
      landmarks: Array.from({ length: HAND_POINT_COUNT }, (_, i) => [round(h.hand[i * POINT_STRIDE + X]!), round(h.hand[i * POINT_STRIDE + Y]!), round(h.hand[i * POINT_STRIDE + Z]!)] as [number, number, number]),
    })),
  };
}

/** The setting the code holds, in learn_judge.ts's words (the people's spread as its factors: the code does not hold the quantile they were measured at). */
export function committedSetting(): string {
  return describeSetting({ fists: HANDSHAPE_MODEL_BUILD.fists, tighterCurl: TIGHTER_CURL, betweenSigners: BETWEEN_SIGNERS, peopleQuantile: 0, spread: PEOPLE_SPREAD, judge: HANDSHAPE_JUDGE }, false);
}

/**
 * Every photograph's hands as the trackers saw them: our tracker's still-mode landmarks (`ours`),
 * the last frame with a hand of our tracker on the app camera's path (`ours-video`: video mode,
 * hands looked for without a body too, where given) and MediaPipe Hands' stored ones.
 */
export function peopleLandmarks(photos: readonly Photo[], ours: (photo: Photo) => LandmarkFrame | null, mediapipe: readonly StoredPhotoResult[], video?: (photo: Photo) => readonly LandmarkFrame[]): LabelledLandmarks[] {
  const letterOf = new Map(photos.map((p) => [photoKey(p), p.letter]));
  return [
    ...photos.flatMap((p) => {
      const landmarks = ours(p);
      return landmarks ? [{ photo: photoKey(p), letter: p.letter, tracker: 'ours', landmarks }] : [];
    }),
    ...(video === undefined
      ? []
      : photos.flatMap((p) => {
          const landmarks = lastHandFrame(video(p));
          return landmarks ? [{ photo: photoKey(p), letter: p.letter, tracker: 'ours-video', landmarks }] : [];
        })),
    ...mediapipe.filter((stored) => letterOf.has(stored.photo)).map((stored) => ({ photo: stored.photo, letter: letterOf.get(stored.photo)!, tracker: 'mediapipe', landmarks: mediapipeFrame(stored) })),
  ];
}

/** Learns the judge on every photograph (tracking what the signers stage's cache lacks). */
export async function learnCommittedJudge(log: (line: string) => void): Promise<{ learned: LearnedJudge; trackerVersion: string }> {
  const photos = listPhotos(ROOT);
  const cacheDir = join(ROOT, 'bench', 'results', 'signers');
  const tracked = await trackPhotos({ root: ROOT, photos, log, cacheDir });
  const video = await trackPhotosAsVideo({ root: ROOT, photos, log, cacheDir, handsWithoutPose: true });
  // Tuned on each photograph's still frame and its last camera frame with a hand, as each fold of
  // the cross-validation is (cross_validate.ts tuneOnCamera).
  const tuning = photos.flatMap((p) => [labelledFrame(p, tracked.frames.get(photoKey(p)) ?? null), labelledFrame(p, lastHandFrame(video.frames.get(photoKey(p)) ?? []))].filter((f) => f !== null));
  const people = peopleLandmarks(photos, (p) => tracked.frames.get(photoKey(p)) ?? null, readStoredMediaPipeHands(ROOT)?.photos ?? [], (p) => video.frames.get(photoKey(p)) ?? []);
  log(`learning the judge on all ${photos.length} photographs (a minute or two)`);
  const learned = learnJudge(await loadAlphabetFolder(ALPHABET_DIR), tuning, await nonSignFrames(), { people });
  if (learned === null) throw new Error('learn_committed_judge: no setting keeps wrong letters within the bound on the photographs');
  return { learned, trackerVersion: tracked.version };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const { learned, trackerVersion } = await learnCommittedJudge((line) => console.error(line));
  const made = { command: 'node --import tsx bench/signers-judge/learn_committed_judge.ts', trackers: { ours: `signlearn engine tracker, still mode, code version ${trackerVersion}`, 'ours-video': `the same tracker on the app camera's path (video mode, hands looked for without a body too), the last frame with a hand, code version ${trackerVersion}`, mediapipe: 'data/real-photos/mediapipe-hands.json' }, photos: 'data/real-photos (every photograph)' };
  const file = peopleHandsFile(learned.people, made);
  const learnedSetting = describeSetting(learned, false);
  console.log(`learned: ${learnedSetting}`);
  console.log(`in the code: ${committedSetting()}`);
  console.log(`people's hands kept: ${learned.people.length} (${['ours', 'ours-video', 'mediapipe'].map((t) => `${t} ${learned.people.filter((h) => h.tracker === t).length}`).join(', ')})`);
  const path = PEOPLE_HANDS_FILE;
  if (check) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as PeopleHands;
    const same = JSON.stringify(stored.hands) === JSON.stringify(file.hands);
    console.log(`${PEOPLE_HANDS_FILE}: ${same ? 'as learned' : 'differs from what is learned'}; the code's setting: ${learnedSetting === committedSetting() ? 'as learned' : 'differs'}`);
    if (!same || learnedSetting !== committedSetting()) process.exit(1);
  } else {
    writeFileSync(path, JSON.stringify(file) + '\n');
    console.log(`wrote ${PEOPLE_HANDS_FILE}`);
  }
}
