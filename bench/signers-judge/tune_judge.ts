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
// factor, ratio, distance: the order tried).
// The report set is then judged once with the chosen setting.
import { fileURLToPath } from 'node:url';
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { compileHandshape, type CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HANDSHAPE_JUDGE, matchHandshape, type HandshapeJudgeSettings } from '../../engine/src/handshape/match_handshape.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import type { HandshapeModel } from '../../engine/src/reference/reference_sign_schema.ts';
import { ALPHABET_DIR, ROOT } from '../../server/paths.ts';
import { join } from 'node:path';
import { loadPhotos } from './evaluate_judge.ts';
import { fistLetters, fistSamples, measurePeopleFists } from './people_fists.ts';
import { measurePeopleSpread, spreadSamples } from './people_spread.ts';
import { stillFrame } from './still_frame.ts';

const MOVING = new Set(['J', 'Z']);
export const WRONG_PAIRS_AT_MOST = 0.005;
const NON_SIGNS_DIR = join(ROOT, 'data', 'non-signs');
export const GRID = {
  betweenSigners: [1, 1.25, 1.5, 2],
  tighterCurl: [1, 0.5, 0],
  maxRatio: [0.85, 0.9, 0.95, 1],
  maxDistance: [1.6, 1.8, 2],
  /** The quantile of people's differences the single-descriptor test lets through (people_spread.ts, measured on the tuning set); 0: none. */
  peopleQuantile: [0, 0.9, 0.95],
  /** The fist letters' prototypes: without refolds, or also closed as the tuning set's people close a fist (people_fists.ts). */
  fists: ['none', 'measured'],
} as const;

interface Setting {
  fists: readonly (readonly [number, number])[];
  betweenSigners: number;
  tighterCurl: number;
  peopleQuantile: number;
  spread: Record<string, number>;
  judge: HandshapeJudgeSettings;
}
export interface Outcome {
  own: number;
  photos: number;
  wrong: number;
  pairs: number;
}

export function judgeSet(frames: readonly { letter: string; frame: AngleFrame }[], letters: readonly string[], models: readonly CompiledHandshape[], judge: HandshapeJudgeSettings): Outcome {
  const report = createMatchReport();
  const outcome: Outcome = { own: 0, photos: 0, wrong: 0, pairs: 0 };
  for (const { letter, frame } of frames) {
    letters.forEach((candidate, r) => {
      if (MOVING.has(candidate)) return; // a still photo never completes a moving letter
      const accepted = matchHandshape(frame, models[r]!, report, judge);
      if (candidate === letter) {
        outcome.photos++;
        if (accepted) outcome.own++;
      } else {
        outcome.pairs++;
        if (accepted) outcome.wrong++;
      }
    });
  }
  return outcome;
}

export const describe = (o: Outcome) => `own ${o.own}/${o.photos} (${((100 * o.own) / o.photos).toFixed(1)}%), wrong ${o.wrong}/${o.pairs} (${((100 * o.wrong) / o.pairs).toFixed(2)}%)`;

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

export async function tune(tuneSource: string, tuneSet: string | undefined, reportSource: string, reportSet: string | undefined, verbose = false): Promise<TuneResult> {
  const recordings = await loadAlphabetFolder(ALPHABET_DIR);
  const recordsWith = (fists: readonly (readonly [number, number])[]) => {
    const built = buildAlphabetReferences(recordings, { fists });
    const letters = [...built.keys()].sort();
    return { letters, records: letters.map((l): HandshapeModel => built.get(l)!.record.handshape!) };
  };
  const { letters, records: unrefolded } = recordsWith([]);
  const stills = async (source: string, set: string | undefined) =>
    (await loadPhotos(source, set)).flatMap((photo) => {
      const frame = stillFrame(photo);
      return frame ? [{ letter: photo.letter, frame }] : [];
    });
  const tuning = await stills(tuneSource, tuneSet);
  // Hands that are not signing (data/non-signs: every frame of every file, each hand) must make
  // no letter: a setting that accepts one frame of them is not tried further.
  const nonSigns = (await loadPhotos(NON_SIGNS_DIR)).flatMap((photo) =>
    Array.from({ length: photo.source.frameCount }, (_, i) => stillFrame(photo, i)).flatMap((frame) => (frame ? [{ letter: '-', frame }] : [])),
  );
  const reporting = await stills(reportSource, reportSet);
  // Models at each setting; the fists' refolds are measured on the tuning set with the models
  // built without them, the people's spread at that setting without any spread (no report-set
  // photo is seen).
  const fistsMeasured = measurePeopleFists(fistSamples(tuning, letters, unrefolded.map((m, i) => compileHandshape(letters[i]!, m)!), fistLetters(letters, unrefolded)));
  type Best = { setting: Setting; outcome: Outcome; models: CompiledHandshape[] };
  // (Assigned inside tryFists: written so that TypeScript does not narrow it to null here.)
  let best = null as Best | null;
  // Every judge setting with the fist letters' prototypes built with `fists`.
  const tryFists = (fists: readonly (readonly [number, number])[], records: readonly HandshapeModel[]) => {
    const compileAll = (b: number, t: number, spread: Record<string, number>) => records.map((m, i) => compileHandshape(letters[i]!, m, b, t, spread)!);
    for (const tighterCurl of GRID.tighterCurl) {
      for (const betweenSigners of GRID.betweenSigners) {
        const unspread = compileAll(betweenSigners, tighterCurl, {});
        const samples = spreadSamples(tuning, letters, unspread);
        for (const peopleQuantile of GRID.peopleQuantile) {
          const spread = peopleQuantile === 0 ? {} : measurePeopleSpread(samples, peopleQuantile);
          const models = peopleQuantile === 0 ? unspread : compileAll(betweenSigners, tighterCurl, spread);
          for (const maxRatio of GRID.maxRatio) {
            for (const maxDistance of GRID.maxDistance) {
              const judge = { ...HANDSHAPE_JUDGE, maxRatio, maxDistance };
              const outcome = judgeSet(tuning, letters, models, judge);
              const nonSignFrames = judgeSet(nonSigns, letters, models, judge).wrong;
              if (verbose) console.log(`  fists ${JSON.stringify(fists)} tighterCurl ${tighterCurl} betweenSigners ${betweenSigners} peopleQuantile ${peopleQuantile} maxRatio ${maxRatio} maxDistance ${maxDistance}: ${describe(outcome)}, non-sign frames read as a letter ${nonSignFrames}`);
              if (outcome.wrong > WRONG_PAIRS_AT_MOST * outcome.pairs || nonSignFrames > 0) continue;
              if (best === null || outcome.own > best.outcome.own) best = { setting: { fists, betweenSigners, tighterCurl, peopleQuantile, spread, judge }, outcome, models };
            }
          }
        }
      }
    }
  };
  for (const fists of GRID.fists) {
    if (fists === 'none') tryFists([], unrefolded);
    else tryFists(fistsMeasured, recordsWith(fistsMeasured).records);
  }
  const result: TuneResult = {
    tuning: { source: tuneSource, set: tuneSet, photos: tuning.length },
    reporting: { source: reportSource, set: reportSet, photos: reporting.length },
    chosen: null,
    tuned: null,
    reported: null,
  };
  if (best === null) return result;
  const { setting } = best;
  result.chosen = `fists ${JSON.stringify(setting.fists)}, tighterCurl ${setting.tighterCurl}, betweenSigners ${setting.betweenSigners}, peopleQuantile ${setting.peopleQuantile} (${JSON.stringify(setting.spread)}), maxRatio ${setting.judge.maxRatio}, maxDistance ${setting.judge.maxDistance}`;
  result.tuned = best.outcome;
  result.reported = judgeSet(reporting, letters, best.models, setting.judge);
  return result;
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
