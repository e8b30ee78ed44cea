// Tunes the handshape judge's between-signers numbers on one set of people's photographed letters
// and reports them on another (by person: the issue 26 split), so that the figures reported are
// never fitted to the photographs they are measured on.
//
//   node --import tsx bench/signers-judge/tune_judge.ts --tune <source> [--tune-set NAME] --report <source> [--report-set NAME] [--verbose]
//
// A source is `mediapipe` (data/real-photos/mediapipe-hands.json), `tracker` (our tracker's
// landmarks of data/real-photos, the signers stage's cache) or a folder of landmark files
// (evaluate_judge.ts's loadPhotos). A photo
// is one still frame: held in front of the camera it completes a held letter exactly when the
// judge accepts its frame (its hand does not move), so each setting is tried frame by frame, with
// the engine's own judge (matchHandshape) and models (compileHandshape with the setting's
// betweenSigners). Tried: the fist letters' prototypes without refolds and with the tuning set's
// own (people_fists.ts; build_handshape_models.ts HANDSHAPE_MODEL_BUILD.fists) x betweenSigners
// and tighterCurl (definition_weights.ts) x the people's spread (people_spread.ts: a quantile of
// the tuning set's own differences) x maxRatio x maxDistance (match_handshape.ts). Chosen on the
// tuning set: the most own letters accepted with wrong letters in at most 0.5% of the pairs and
// no frame of data/non-signs read as a letter; ties go to the stricter setting (no refolds, lower
// factor, ratio, distance: the order tried): learn_judge.ts. The report set is then judged once
// with the chosen setting.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { ALPHABET_DIR, ROOT } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { describe, describeSetting, judgeFrames, learnJudge, type Outcome } from './learn_judge.ts';
import { stillFrame } from './still_frame.ts';

const NON_SIGNS_DIR = join(ROOT, 'data', 'non-signs');

/** One direction of the split: what was tuned on, the setting chosen there (null: none kept wrong letters within the bound), and the report set judged with it. */
export interface TuneResult {
  tuning: { source: string; set: string | undefined; photos: number };
  reporting: { source: string; set: string | undefined; photos: number };
  /** The chosen setting in words (fists, tighterCurl, betweenSigners, peopleQuantile, maxRatio, maxDistance). */
  chosen: string | null;
  tuned: Outcome | null;
  reported: Outcome | null;
}

/** The result as the command line prints it. */
export function tuneLines(r: TuneResult): string[] {
  const name = (x: TuneResult['tuning']) => `${x.source}${x.set ? ` (${x.set})` : ''}`;
  const lines = [`tuned on ${name(r.tuning)}: ${r.tuning.photos} photographs with a hand`];
  if (r.chosen === null) return [...lines, 'no setting keeps wrong letters within 0.5% of the pairs'];
  lines.push(`chosen: ${r.chosen}; on the tuning set ${describe(r.tuned!)}`);
  lines.push(`reported on ${name(r.reporting)}: ${r.reporting.photos} photographs with a hand; ${describe(r.reported!)}`);
  return lines;
}

/** Still frames of the photographs of `source` (one set, or all) that show a hand. */
export async function stillFrames(source: string, set?: string) {
  return (await loadPhotos(source, set)).flatMap((photo) => {
    const frame = stillFrame(photo);
    return frame ? [{ photo: photo.name, letter: photo.letter, frame }] : [];
  });
}

/** Every frame of data/non-signs that shows a hand. */
export async function nonSignFrames() {
  return (await loadPhotos(NON_SIGNS_DIR)).flatMap((photo) => Array.from({ length: photo.source.frameCount }, (_, i) => stillFrame(photo, i)).flatMap((frame) => (frame ? [frame] : [])));
}

export async function tune(tuneSource: string, tuneSet: string | undefined, reportSource: string, reportSet: string | undefined, verbose = false): Promise<TuneResult> {
  const tuning = await stillFrames(tuneSource, tuneSet);
  const reporting = await stillFrames(reportSource, reportSet);
  const learned = learnJudge(await loadAlphabetFolder(ALPHABET_DIR), tuning, await nonSignFrames(), verbose ? { log: console.log } : {});
  return {
    tuning: { source: tuneSource, set: tuneSet, photos: tuning.length },
    reporting: { source: reportSource, set: reportSet, photos: reporting.length },
    chosen: learned === null ? null : describeSetting(learned),
    tuned: learned?.tuned ?? null,
    reported: learned === null ? null : judgeFrames(reporting, learned.letters, learned.models, learned.judge),
  };
}

/** A tuning script's command line: --tune <source> [--tune-set NAME] --report <source> [--report-set NAME] [--verbose]. */
export function tuningArgs(args: readonly string[], script: string): { tuneSource: string; tuneSet?: string; reportSource: string; reportSet?: string; verbose: boolean } {
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const tuneSource = flag('tune');
  const reportSource = flag('report');
  if (!tuneSource || !reportSource) throw new Error(`usage: ${script} --tune <source> [--tune-set NAME] --report <source> [--report-set NAME] [--verbose]`);
  return { tuneSource, tuneSet: flag('tune-set'), reportSource, reportSet: flag('report-set'), verbose: args.includes('--verbose') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const a = tuningArgs(process.argv.slice(2), 'tune_judge.ts');
  for (const line of tuneLines(await tune(a.tuneSource, a.tuneSet, a.reportSource, a.reportSet, a.verbose))) console.log(line);
}
