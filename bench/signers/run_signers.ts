// The signers stage of the bench (`npm run bench -- --only signers`; targets in bench/signers/README.md): real people's
// photographs of the manual alphabet (data/real-photos) -> our tracker (Node, WASM, still mode)
// -> the default judge, each photograph held 10 s at 30 judged frames a second against every one
// of the 26 references. Beside it: MediaPipe Hands on the same photographs (hand found, and its
// landmarks fed to the same judge), the references' own signer and the non-sign corpus (from the
// acceptance stage). Writes bench/signers.md and signers.json into the bench's output folder.
//
// With --video, also our tracker in video mode (track_photos_video.ts: each photograph a still
// camera, the frames then judged as played and held), a row beside still mode's; with
// --video-without-body, video mode with hands looked for without a body too (the setting for
// close-up recordings, `engine track --video --hands-without-pose`; off for the camera).
//
// With --schedule, video mode runs on a held letter's tracking schedule (HELD_SIGN_SCHEDULE: the
// signing hand every frame, the body and the other hand every few), as the camera screen tracks a letter.
//
//   npm run bench -- --only signers [--video] [--video-without-body] [--schedule] [--rerun-mediapipe]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RATES, TIMING_TARGETS, type AcceptanceResult } from '../acceptance/run_acceptance.ts';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { JUDGED_FPS, judgePhotos, judgeVideos, loadJudge, stillSource, type Judge, type VideoPhotoResult } from './judge_photo.ts';
import { mediapipeFrame } from './mediapipe_frame.ts';
import { readStoredMediaPipeHands, runMediaPipeHands, writeStoredMediaPipeHands } from './mediapipe_hands.ts';
import type { PhotoResult } from './photo_result.ts';
import type { AcceptanceFigures, SignersResult, VideoRun } from './signers_result.ts';
import { listPhotos, photoKey, PHOTO_SETS, type Photo } from './photos.ts';
import { trackPhotos } from './track_photos.ts';
import { trackPhotosAsVideo } from './track_photos_video.ts';
import { HELD_SIGN_SCHEDULE } from '../../engine/src/practice/tracking_schedule_for_sign.ts';
import { assertFoldsDisjoint, crossValidate, type CrossValidation } from '../signers-judge/cross_validate.ts';
import { judgeCost } from '../signers-judge/judge_cost.ts';
import { peopleLandmarks } from '../signers-judge/learn_committed_judge.ts';
import { stillFrame } from '../signers-judge/still_frame.ts';
import { nonSignFrames } from '../signers-judge/tune_judge.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

export type { VideoPhotoResult };
export type { PhotoResult };
export type { AcceptanceFigures, SignersResult, VideoRun };

export interface SignersOptions {
  root: string;
  log: (line: string) => void;
  /** Where signers.json and the tracker's landmark cache go (bench/results by default). */
  outDir: string;
  /** Run MediaPipe Hands again (minutes on SwiftShader) and rewrite the stored file. */
  rerunMediaPipe?: boolean;
  /** Leave the acceptance stage out (the own signer and non-signs then read "not run"). */
  skipAcceptance?: boolean;
  /** The acceptance stage's result when the same bench run made it (full, not quick): not run again. */
  acceptance?: AcceptanceResult;
  /** Also our tracker in video mode (track_photos_video.ts; about 10 min for the 170 photographs on 2 cores, cached). */
  video?: boolean;
  /** Also video mode with hands looked for without a body (as long again, cached). */
  videoWithoutBody?: boolean;
  /** Video mode on a held letter's tracking schedule (HELD_SIGN_SCHEDULE), as the camera screen tracks a letter. */
  scheduled?: boolean;
  /** Only these photographs (tests). */
  photos?: Photo[];
  /** Judge every photograph with a judge learned without it (cross_validate.ts: eleven folds, minutes each); by default only on all the photographs. */
  crossValidate?: boolean;
}

export async function runSigners(options: SignersOptions): Promise<SignersResult> {
  const { root, log } = options;
  const started = Date.now();
  const photos = options.photos ?? listPhotos(root);
  log(`signers: ${photos.length} photographs in ${PHOTO_SETS.map((s) => `${s} (${photos.filter((p) => p.set === s).length})`).join(', ')}`);

  let stored = readStoredMediaPipeHands(root);
  if (options.rerunMediaPipe) {
    log('signers: running MediaPipe Hands again (--rerun-mediapipe; SwiftShader: about 10 s a photograph)');
    stored = await runMediaPipeHands({ root, photos: listPhotos(root), log });
    writeStoredMediaPipeHands(root, stored);
  } else if (!stored) {
    log('signers: no stored MediaPipe Hands output (data/real-photos/mediapipe-hands.json): its columns read "-"; --rerun-mediapipe makes it');
  }
  const storedByKey = new Map((stored?.photos ?? []).map((p) => [p.photo, p]));

  const tracked = await trackPhotos({ root, photos, log, cacheDir: join(options.outDir, 'signers') });
  log('signers: building and compiling the 26 references (the default judge)');
  const judge = await loadJudge();
  const ours = judgePhotos(judge, photos, (p) => tracked.frames.get(photoKey(p)) ?? null, log, 'our tracker\'s landmarks');
  const theirs = judgePhotos(judge, photos, (p) => (storedByKey.has(photoKey(p)) ? mediapipeFrame(storedByKey.get(photoKey(p))!) : null), log, 'MediaPipe Hands\' landmarks');

  const runVideo = async (handsWithoutPose: boolean): Promise<{ run: VideoRun; results: Map<string, VideoPhotoResult>; frames: (photo: Photo) => LandmarkFrame[] }> => {
    const videos = await trackPhotosAsVideo({ root, photos, log, cacheDir: join(options.outDir, 'signers'), handsWithoutPose, scheduled: options.scheduled });
    const frames = (p: Photo) => videos.frames.get(photoKey(p))!;
    return {
      run: { frames: videos.frameCount, fps: JUDGED_FPS, msPerFrame: videos.msPerFrame, backend: videos.backend },
      results: judgeVideos(judge, photos, frames, log),
      frames,
    };
  };
  const video = options.video ? await runVideo(false) : null;
  const videoWithoutBody = options.videoWithoutBody ? await runVideo(true) : null;

  let acceptance: AcceptanceFigures | null = null;
  if (options.acceptance && !options.acceptance.quick) {
    acceptance = acceptanceFigures(judge.mode, options.acceptance);
  } else if (!options.skipAcceptance) {
    log('signers: the references\' own signer and the non-signs: the acceptance stage (a minute or two)');
    const { runAcceptance } = await import('../acceptance/run_acceptance.ts');
    acceptance = acceptanceFigures(judge.mode, await runAcceptance({ quick: false, log: (line) => log(`signers:   ${line}`) }));
  }

  // The headline: every photograph judged by a judge learned without it (cross-validation), in
  // still mode and on the video paths that ran.
  let crossValidation: CrossValidation | null = null;
  let judgeCosts: SignersResult['judgeCost'] = null;
  if (options.crossValidate ?? options.photos === undefined) {
    const recordings = await loadAlphabetFolder(ALPHABET_DIR);
    const nonSigns = await nonSignFrames();
    crossValidation = crossValidate({
      recordings,
      photos,
      still: (p) => tracked.frames.get(photoKey(p)) ?? null,
      ...(video ? { video: video.frames } : {}),
      ...(videoWithoutBody ? { videoWithoutBody: videoWithoutBody.frames } : {}),
      nonSigns,
      people: peopleLandmarks(photos, (p) => tracked.frames.get(photoKey(p)) ?? null, stored?.photos ?? [], videoWithoutBody?.frames),
      log,
    });
    assertFoldsDisjoint(crossValidation, photos.map(photoKey));
    log("signers: the judge's cost per frame, with and without people's prototypes");
    const stills = photos.flatMap((p) => {
      const landmarks = tracked.frames.get(photoKey(p));
      const frame = landmarks ? stillFrame({ name: photoKey(p), letter: p.letter, source: stillSource(photoKey(p), landmarks) }) : null;
      return frame ? [frame] : [];
    });
    const models = (j: Judge) => j.letters.map((l) => j.compiled.get(l)!.handshape!);
    judgeCosts = { withoutPeople: judgeCost(stills, models(await loadJudge(judge.mode, false))), committed: judgeCost(stills, models(judge)) };
  }

  const result: SignersResult = {
    schema: 'signlearn-signers/1',
    date: new Date().toISOString().slice(0, 10),
    durationS: Math.round((Date.now() - started) / 100) / 10,
    judgeMode: judge.mode,
    trackerVersion: tracked.version,
    trackerBackend: tracked.backend,
    trackerMsPerPhoto: tracked.msPerPhoto,
    ...(video ? { video: video.run } : {}),
    ...(videoWithoutBody ? { videoWithoutBody: videoWithoutBody.run } : {}),
    // Only the video rows are tracked on it: without them the run used no schedule.
    ...(options.scheduled && (video || videoWithoutBody) ? { schedule: HELD_SIGN_SCHEDULE } : {}),
    mediapipe: stored?.made ?? null,
    photos: photos.map((p) => ({
      photo: photoKey(p),
      set: p.set,
      letter: p.letter,
      moving: p.moving,
      ours: ours.get(photoKey(p))!,
      ...(video ? { video: video.results.get(photoKey(p))! } : {}),
      ...(videoWithoutBody ? { videoWithoutBody: videoWithoutBody.results.get(photoKey(p))! } : {}),
      mediapipe: theirs.get(photoKey(p)) ?? null,
      ...(crossValidation ? { cv: crossValidation.still.get(photoKey(p)) ?? null } : {}),
      ...(crossValidation?.video ? { cvVideo: crossValidation.video.get(photoKey(p))! } : {}),
      ...(crossValidation?.videoWithoutBody ? { cvVideoWithoutBody: crossValidation.videoWithoutBody.get(photoKey(p))! } : {}),
    })),
    acceptance,
    crossValidation: crossValidation === null ? null : { folds: crossValidation.folds },
    judgeCost: judgeCosts,
  };
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, 'signers.json'), JSON.stringify(result, null, 1) + '\n');
  return result;
}

/** The default judge's figures on the own signer (the practice timing table) and the non-signs, from a full acceptance run. */
export function acceptanceFigures(judge: string, r: AcceptanceResult): AcceptanceFigures {
  if (!r.signing[judge] || !r.nonSign[judge]) throw new Error(`signers: the acceptance stage did not run the default judge (${judge})`);
  const times = r.signs.map((s) => RATES.map((fps) => r.signing[judge]![s]![String(fps)] ?? null));
  const within = times.map((t) => t.every((v) => v !== null && v <= TIMING_TARGETS.seconds));
  const all = times.flat();
  const nonSignCompletions = Object.values(r.nonSign[judge]!).reduce((n, letters) => n + letters.length, 0);
  return {
    ownSignerWithin: within.filter(Boolean).length,
    ownSignerLetters: r.signs.length,
    ownSignerSlowest: all.some((v) => v === null) ? null : Math.max(...(all as number[])),
    ownSignerMissing: r.signs.filter((_, i) => !within[i]),
    nonSignCompletions,
    nonSignPairs: r.nonSignFiles.length * 26,
    nonSignFiles: r.nonSignFiles.length,
  };
}

// `node --import tsx bench/signers/run_signers.ts --markdown-from bench/results/signers.json`:
// rewrites bench/signers.md from a run's signers.json (the tables are a pure function of it), for
// a change to the report's layout without running the stage again.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const at = process.argv.indexOf('--markdown-from');
  if (at < 0) {
    console.error('usage: node --import tsx bench/signers/run_signers.ts --markdown-from <signers.json>  (the stage itself: npm run bench -- --only signers)');
    process.exit(2);
  }
  const result = JSON.parse(readFileSync(process.argv[at + 1]!, 'utf8')) as SignersResult;
  const { signersMarkdown } = await import('./signers_markdown.ts');
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'signers.md');
  writeFileSync(out, signersMarkdown(result));
  console.log(`signers: wrote ${out}`);
}
