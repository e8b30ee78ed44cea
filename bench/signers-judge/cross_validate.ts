// The judge on photographs that chose nothing: k-fold cross-validation over data/real-photos
// (photo_folds.ts: folds by photograph, and by person where the person is known). For each fold,
// everything the judge learns from photographs (learn_judge.ts: the fists' refolds, the people's
// spread, the choice among settings) is learned again from the other folds' photographs alone,
// and the fold's own photographs are judged with it, as the signers stage judges every photograph
// (held 10 s against each of the 26 references, in still mode and on the camera's video path).
// Every photograph is judged exactly once, by a judge that never saw it.
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { judgeOf, judgePhotos, judgeVideos, type PhotoJudgement, type VideoPhotoResult } from '../signers/judge_photo.ts';
import { photoKey, type Photo } from '../signers/photos.ts';
import { handFound, lastHandFrame } from '../signers/track_photos.ts';
import { describeSetting, labelledFrame, learnJudge, type Grid, type LabelledLandmarks, type Outcome } from './learn_judge.ts';
import { photoFolds } from './photo_folds.ts';

/** One fold: the photographs the judge learned from, the ones it judged, and what it learned. */
export interface FoldRecord {
  fold: number;
  /** Photographs (photoKey) whose frames the fold's judge learned from. */
  learnedFrom: string[];
  /** Photographs (photoKey) the fold's judge judged. */
  judged: string[];
  /** The setting learned, in words (null: none kept wrong letters within the bound; the fold then judges with nothing accepted). */
  setting: string | null;
  /** The learned judge on its own training photographs (in-sample). */
  tuned: Outcome | null;
}

export interface CrossValidation {
  folds: FoldRecord[];
  /** Per photograph (photoKey): still mode, judged by its fold's judge (null: no frame). */
  still: Map<string, { found: boolean; judgement: PhotoJudgement | null } | null>;
  /** Video mode and video mode with hands without a body, where their frames were given. */
  video?: Map<string, VideoPhotoResult>;
  videoWithoutBody?: Map<string, VideoPhotoResult>;
}

export interface CrossValidationInput {
  recordings: ReadonlyMap<string, AlphabetRecording>;
  photos: readonly Photo[];
  /** Our tracker's still-mode landmarks of a photograph (the judge learns from and is judged on them). */
  still: (photo: Photo) => LandmarkFrame | null;
  video?: (photo: Photo) => LandmarkFrame[];
  videoWithoutBody?: (photo: Photo) => LandmarkFrame[];
  nonSigns: readonly AngleFrame[];
  /** People's hands the judge may learn prototypes from (every photograph's, by each tracker: a fold learns from its training photographs' alone); none when absent. */
  people?: readonly LabelledLandmarks[];
  grid?: Grid;
  /**
   * Also tune on the camera's frames (`videoWithoutBody`, each photograph's last frame with a hand)
   * of the training photographs beside their still frames, so that the settings are chosen for
   * both paths the judge is used on. Defaults to true (where `videoWithoutBody` is given): the
   * cross-validated figures rose with it, the camera's 132 -> 133 of 156 and still mode's
   * 136 -> 137, wrong letters unchanged (`--still-tuning` measures without).
   */
  tuneOnCamera?: boolean;
  /** How many folds the photographs of unknown people are spread over (photo_folds.ts FOLDS by default). */
  folds?: number;
  log: (line: string) => void;
}

export function crossValidate(input: CrossValidationInput): CrossValidation {
  const { photos, log } = input;
  const foldOf = photoFolds(photos.map((p) => ({ photo: photoKey(p), letter: p.letter })), input.folds);
  const camera = (input.tuneOnCamera ?? true) ? input.videoWithoutBody : undefined;
  const frames = new Map(photos.map((p) => [photoKey(p), [labelledFrame(p, input.still(p)), ...(camera ? [labelledFrame(p, lastHandFrame(camera(p)))] : [])].filter((f) => f !== null)]));
  const folds = [...new Set(foldOf.values())].sort((a, b) => a - b);
  const out: CrossValidation = { folds: [], still: new Map(), ...(input.video ? { video: new Map() } : {}), ...(input.videoWithoutBody ? { videoWithoutBody: new Map() } : {}) };
  for (const fold of folds) {
    const judged = photos.filter((p) => foldOf.get(photoKey(p)) === fold);
    const training = photos.filter((p) => foldOf.get(photoKey(p)) !== fold).flatMap((p) => frames.get(photoKey(p)) ?? []);
    log(`signers: cross-validation, fold ${fold + 1} of ${folds.length}: learning the judge from ${new Set(training.map((t) => t.photo)).size} photographs (${training.length} frames), judging ${judged.length} (a minute or two)`);
    const learned = learnJudge(input.recordings, training, input.nonSigns, { ...(input.grid ? { grid: input.grid } : {}), ...(input.people ? { people: input.people.filter((p) => foldOf.get(p.photo) !== fold) } : {}) });
    out.folds.push({ fold, learnedFrom: [...new Set([...training.map((t) => t.photo), ...(input.people ?? []).filter((p) => foldOf.get(p.photo) !== fold).map((p) => p.photo)])], judged: judged.map(photoKey), setting: learned === null ? null : describeSetting(learned), tuned: learned?.tuned ?? null });
    if (learned === null) {
      // No setting keeps wrong letters within the bound: the fold's photographs complete nothing.
      log(`signers: cross-validation, fold ${fold + 1}: no setting keeps wrong letters within the bound; its photographs count as refused`);
      const none = (found: boolean) => ({ found, judgement: found ? Object.fromEntries([...input.recordings.keys()].map((l) => [l, null])) : null });
      for (const p of judged) {
        const still = input.still(p);
        out.still.set(photoKey(p), still === null ? null : none(handFound(still)));
        for (const [mode, frames] of [['video', input.video], ['videoWithoutBody', input.videoWithoutBody]] as const) {
          if (!frames) continue;
          const played = frames(p);
          const handFrames = played.filter(handFound).length;
          out[mode]!.set(photoKey(p), { ...none(handFrames > 0), handFrames, frames: played.length, lastFrameHand: handFound(played[played.length - 1]!) });
        }
      }
      continue;
    }
    const judge = judgeOf(learned.records, learned.compile);
    const quiet = () => {};
    for (const [key, value] of judgePhotos(judge, judged, input.still, quiet, 'cross-validation')) out.still.set(key, value);
    if (input.video) for (const [key, value] of judgeVideos(judge, judged, input.video, quiet)) out.video!.set(key, value);
    if (input.videoWithoutBody) for (const [key, value] of judgeVideos(judge, judged, input.videoWithoutBody, quiet)) out.videoWithoutBody!.set(key, value);
  }
  return out;
}

/** Throws unless every photograph was judged exactly once, by a fold whose judge learned from none of the photographs it judged. */
export function assertFoldsDisjoint(cv: Pick<CrossValidation, 'folds'>, photos: readonly string[]): void {
  const judgedBy = new Map<string, number>();
  for (const f of cv.folds) {
    const learned = new Set(f.learnedFrom);
    for (const photo of f.judged) {
      if (learned.has(photo)) throw new Error(`cross-validation: fold ${f.fold} judged ${photo}, which it also learned from`);
      if (judgedBy.has(photo)) throw new Error(`cross-validation: ${photo} judged by folds ${judgedBy.get(photo)} and ${f.fold}`);
      judgedBy.set(photo, f.fold);
    }
  }
  const missing = photos.filter((p) => !judgedBy.has(p));
  if (missing.length > 0) throw new Error(`cross-validation: ${missing.length} photographs never judged (${missing.slice(0, 3).join(', ')}...)`);
}

// `node --import tsx bench/signers-judge/cross_validate.ts [--video] [--people] [--still-tuning]`: the cross-validated figures
// alone, from the signers stage's cache of our tracker's landmarks (tracking what is missing).
if (process.argv[1] && (await import('node:url')).fileURLToPath(import.meta.url) === process.argv[1]) {
  const { join } = await import('node:path');
  const { ROOT, ALPHABET_DIR } = await import('../../server/paths.ts');
  const { loadAlphabetFolder } = await import('../../engine/src/node/load_alphabet_folder.ts');
  const { listPhotos } = await import('../signers/photos.ts');
  const { trackPhotos } = await import('../signers/track_photos.ts');
  const { trackPhotosAsVideo } = await import('../signers/track_photos_video.ts');
  const { groupFigures } = await import('../signers/summarize_signers.ts');
  const { nonSignFrames } = await import('./tune_judge.ts');
  const log = (line: string) => console.error(line);
  const cacheDir = join(ROOT, 'bench', 'results', 'signers');
  const photos = listPhotos(ROOT);
  const tracked = await trackPhotos({ root: ROOT, photos, log, cacheDir });
  const withVideo = process.argv.includes('--video');
  const video = withVideo ? await trackPhotosAsVideo({ root: ROOT, photos, log, cacheDir, handsWithoutPose: true }) : null;
  const { readStoredMediaPipeHands } = await import('../signers/mediapipe_hands.ts');
  const { peopleLandmarks } = await import('./learn_committed_judge.ts');
  const people = process.argv.includes('--people') ? peopleLandmarks(photos, (p) => tracked.frames.get(photoKey(p)) ?? null, readStoredMediaPipeHands(ROOT)?.photos ?? [], video ? (p) => video.frames.get(photoKey(p)) ?? [] : undefined) : undefined;
  const cv = crossValidate({
    recordings: await loadAlphabetFolder(ALPHABET_DIR),
    photos,
    still: (p) => tracked.frames.get(photoKey(p)) ?? null,
    ...(video ? { videoWithoutBody: (p: Photo) => video.frames.get(photoKey(p))! } : {}),
    nonSigns: await nonSignFrames(),
    ...(people ? { people } : {}),
    tuneOnCamera: !process.argv.includes('--still-tuning'),
    log,
  });
  assertFoldsDisjoint(cv, photos.map(photoKey));
  for (const f of cv.folds) console.log(`fold ${f.fold}: ${f.judged.length} judged, learned from ${f.learnedFrom.length}: ${f.setting}`);
  const results = photos.map((p) => ({ photo: photoKey(p), set: p.set, letter: p.letter, moving: p.moving, ours: { found: false, judgement: null }, mediapipe: null, cv: cv.still.get(photoKey(p)) ?? null, ...(cv.videoWithoutBody ? { cvVideoWithoutBody: cv.videoWithoutBody.get(photoKey(p))! } : {}) }));
  for (const mode of ['cv', ...(video ? ['cvVideoWithoutBody'] : [])] as const) {
    const g = groupFigures(results as never, mode as never);
    console.log(`${mode}: own ${g.ownWithinTarget}/${g.staticPhotos} (${((100 * g.ownWithinTarget) / g.staticPhotos).toFixed(1)}%), wrong ${g.wrong.length}/${g.pairs} (${((100 * g.wrong.length) / g.pairs).toFixed(2)}%)`);
  }
  if (video) {
    // The static photographs whose own letter one path completes (within 2.5 s) and the other does not.
    const own = (r: { judgement: Record<string, number | null> | null } | null, letter: string) => (r?.judgement?.[letter] ?? Infinity) <= 2.5;
    for (const r of results.filter((r) => !r.moving)) {
      const still = own(r.cv, r.letter);
      const camera = own(r.cvVideoWithoutBody ?? null, r.letter);
      if (still !== camera) console.log(`${still ? 'still only' : 'camera only'}: ${r.photo} (${r.letter})`);
    }
  }
}
