// The default judge on other people's letters: each landmark file (one photograph, one frame) is
// held for 10 s at 30 judged frames per second against all 26 references of the alphabet compiled
// as one lesson (as `npm run engine -- score --references <folder> --frames ...` does), and the
// figures are printed per letter: photographs with a hand, own letter completing (and in how many
// seconds), and the wrong letters completing.
//
//   node --import tsx bench/signers-judge/evaluate_judge.ts <mediapipe | tracker | folder of landmark files> [--set NAME] [--json]
//
// The landmarks come from the repository: `mediapipe` is MediaPipe Hands' own landmarks of the
// photographs, data/real-photos/mediapipe-hands.json (bench/signers-judge/mediapipe_hands_source.ts);
// `tracker` is the project's tracker on data/real-photos, through the signers stage's own
// functions and cache (bench/signers/track_photos.ts, bench/results/signers/: tracked once per
// tracker version, minutes on 2 cores). A folder holds `signlearn-landmarks/1` files (`npm run
// engine -- track --image <photo> --out <file>`); the letter is the file name's first character.
// `--set` keeps the photographs of one set (lauren, letters-volunteers). J and Z (moving letters, single frames of
// them) are left out of the own-letter figure (a photograph is one frame of the movement), but their photographs
// still count against every held letter in the wrong pairs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { fixtureSource, type LandmarkSource } from '../../engine/src/recordings/landmark_source.ts';
import { scoreRecording } from '../../engine/src/score/score_recording.ts';
import { ALPHABET_DIR, ROOT } from '../../server/paths.ts';
import type { Photo } from './landmark_photo.ts';

export const HOLD_SECONDS = 10;
export const JUDGED_FPS = 30;
/** A completion slower than this does not count as the letter being accepted (docs/engineer/judge.md, "Figures"). */
export const COMPLETE_WITHIN_S = 2.5;
const MOVING = new Set(['J', 'Z']);

export interface PhotoResult {
  name: string;
  letter: string;
  /** Whether any frame has a hand. */
  hand: boolean;
  /** Seconds to complete per reference letter; null: did not complete in the hold. */
  seconds: Record<string, number | null>;
}

export function hasHand(source: LandmarkSource): boolean {
  const frame = createLandmarkFrame();
  for (let i = 0; i < source.frameCount; i++) {
    source.read(i, frame);
    if (frame.present[Part.leftHand] === 1 || frame.present[Part.rightHand] === 1) return true;
  }
  return false;
}

/** MediaPipe Hands' stored landmarks of data/real-photos (made by the signers stage). */
export const MEDIAPIPE_HANDS_FILE = join(ROOT, 'data', 'real-photos', 'mediapipe-hands.json');
/** The signers stage's cache of our tracker's landmarks (bench/signers/track_photos.ts). */
export const TRACKER_CACHE_DIR = join(ROOT, 'bench', 'results', 'signers');

/** Our tracker's landmarks of data/real-photos, from the signers stage's cache (tracking what is missing). */
async function trackerPhotos(set?: string): Promise<Photo[]> {
  const { listPhotos, photoKey, PHOTO_SETS } = await import('../signers/photos.ts');
  const { trackPhotos } = await import('../signers/track_photos.ts');
  const { stillSource } = await import('../signers/judge_photo.ts');
  const sets = PHOTO_SETS.filter((s) => set === undefined || s === set);
  const photos = listPhotos(ROOT, sets);
  const tracked = await trackPhotos({ root: ROOT, photos, log: (line) => console.error(line), cacheDir: TRACKER_CACHE_DIR });
  return photos.map((p) => {
    const name = photoKey(p).replace(/\.[a-z]+$/i, '');
    return { name, letter: p.letter, source: stillSource(name, tracked.frames.get(photoKey(p))!) };
  });
}

/** `mediapipe`, `tracker`, or a path (a folder of landmark files or a MediaPipe Hands export). */
export async function loadPhotos(source: string, set?: string): Promise<Photo[]> {
  if (source === 'tracker') return trackerPhotos(set);
  const path = source === 'mediapipe' ? MEDIAPIPE_HANDS_FILE : source;
  if (statSync(path).isFile()) {
    const { mediapipeHandsSources } = await import('./mediapipe_hands_source.ts');
    return mediapipeHandsSources(JSON.parse(readFileSync(path, 'utf8')), set);
  }
  return readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(join(path, file), 'utf8')));
      const name = basename(file, '.json');
      return { name, letter: name[0]!.toUpperCase(), source: fixtureSource(name, fixture) };
    });
}

export async function compileAlphabet(): Promise<{ letters: string[]; compiled: CompiledSign[] }> {
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR));
  const letters = [...built.keys()].sort();
  const compiled = compileLesson(letters.map((name) => ({ name, record: built.get(name)!.record }))) as CompiledSign[];
  return { letters, compiled };
}

export function judgePhotos(photos: readonly Photo[], letters: readonly string[], compiled: readonly CompiledSign[]): PhotoResult[] {
  return photos.map((photo) => {
    const hand = hasHand(photo.source);
    const seconds: Record<string, number | null> = {};
    letters.forEach((letter, r) => {
      if (!hand) {
        seconds[letter] = null;
        return;
      }
      const score = scoreRecording(compiled[r]!, photo.source, { mode: 'handshape', fps: JUDGED_FPS, seconds: HOLD_SECONDS });
      seconds[letter] = score.completed ? score.secondsToComplete : null;
    });
    return { name: photo.name, letter: photo.letter, hand, seconds };
  });
}

export interface JudgeSummary {
  photos: number;
  hands: number;
  staticWithHand: number;
  ownWithin: number;
  wrongPairs: number;
  pairs: number;
  perLetter: Record<string, { photos: number; hands: number; own: number; slow: number; readAs: string[] }>;
}

export function summarise(results: readonly PhotoResult[], letters: readonly string[]): JudgeSummary {
  const perLetter: JudgeSummary['perLetter'] = {};
  let hands = 0, staticWithHand = 0, ownWithin = 0, wrongPairs = 0, pairs = 0;
  for (const r of results) {
    const row = (perLetter[r.letter] ??= { photos: 0, hands: 0, own: 0, slow: 0, readAs: [] });
    row.photos++;
    if (!r.hand) continue;
    hands++;
    row.hands++;
    const own = r.seconds[r.letter];
    if (!MOVING.has(r.letter)) {
      staticWithHand++;
      if (own !== null && own !== undefined && own <= COMPLETE_WITHIN_S) {
        ownWithin++;
        row.own++;
      } else if (own !== null && own !== undefined) row.slow++;
    }
    for (const letter of letters) {
      if (letter === r.letter) continue;
      pairs++;
      if (r.seconds[letter] !== null) {
        wrongPairs++;
        row.readAs.push(letter);
      }
    }
  }
  return { photos: results.length, hands, staticWithHand, ownWithin, wrongPairs, pairs, perLetter };
}

const percent = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

export function summaryMarkdown(title: string, s: JudgeSummary): string {
  const lines = [
    `### ${title}`,
    '',
    `Photographs ${s.photos}, a hand in ${s.hands}; own letter completes within ${COMPLETE_WITHIN_S} s for ${s.ownWithin} of ${s.staticWithHand} static-letter photographs with a hand (${percent(s.ownWithin, s.staticWithHand)}); wrong letter completes in ${s.wrongPairs} of ${s.pairs} pairs (${percent(s.wrongPairs, s.pairs)}).`,
    '',
    '| letter | photos | hand | own completes | slower than 2.5 s | read as |',
    '|---|--:|--:|--:|--:|---|',
    ...Object.keys(s.perLetter)
      .sort()
      .map((letter) => {
        const row = s.perLetter[letter]!;
        return `| ${letter} | ${row.photos} | ${row.hands} | ${MOVING.has(letter) ? '(moving)' : row.own} | ${row.slow} | ${row.readAs.join(' ')} |`;
      }),
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const path = args.find((a) => !a.startsWith('--'));
  const setIndex = args.indexOf('--set');
  const set = setIndex >= 0 ? args[setIndex + 1] : undefined;
  if (!path) throw new Error('usage: evaluate_judge.ts <mediapipe | tracker | folder of landmark files> [--set NAME] [--json]');
  const photos = await loadPhotos(path, set);
  const { letters, compiled } = await compileAlphabet();
  const results = judgePhotos(photos, letters, compiled);
  const summary = summarise(results, letters);
  if (args.includes('--json')) console.log(JSON.stringify({ summary, results }, null, 2));
  else console.log(summaryMarkdown(`${path}${set ? ` (${set})` : ''}`, summary));
}
