// Everything the handshape judge learns from people's photographed letters, learned from one set
// of them (the tuning set) and nothing else: how other people close a fist (the fist letters'
// refolds, people_fists.ts), how widely they differ per descriptor (people_spread.ts), and the
// choice among the judge's settings (definition_weights.ts betweenSigners and tighterCurl,
// handshape_judge_settings.ts maxRatio and maxDistance). The committed judge is what this learns
// on every photograph of data/real-photos; the signers stage's cross-validation
// (cross_validate.ts) learns it again on each fold's training part and judges the fold's other
// photographs with it, so that its figures come from photographs that chose nothing.
//
// A photo is one still frame: held in front of the camera it completes a held letter exactly when
// the judge accepts its frame (its hand does not move), so each setting is tried frame by frame.
// Chosen: the most own letters accepted with wrong letters in at most 0.5% of the pairs and no
// frame of data/non-signs read as a letter; ties go to the stricter setting (no refolds, lower
// factor, ratio, distance: the order tried).
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import type { PersonHand } from '../../engine/src/handshape/build_handshape_models.ts';
import { compileHandshape, type CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HANDSHAPE_JUDGE, type HandshapeCompileOptions, type HandshapeJudgeSettings } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { prepareAlphabetReferences, withHandshapeModels, type PreparedAlphabet } from '../../engine/src/recordings/build_alphabet_references.ts';
import { alphabetSource, RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import type { HandshapeModel, ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { accepts, frameEvidence, judgedLike, withSteps, type HandEvidence } from './hand_evidence.ts';
import { fistLetters, fistSamples, measurePeopleFists } from './people_fists.ts';
import { measurePeopleSpread, spreadSamples } from './people_spread.ts';
import { prunePeople } from './prune_people.ts';
import { stillFrame } from './still_frame.ts';
import { stillSource } from '../signers/judge_photo.ts';
import { photoKey, type Photo } from '../signers/photos.ts';

const MOVING = new Set(['J', 'Z']);
export const WRONG_PAIRS_AT_MOST = 0.005;

/** One photograph's still frame as the judge sees it, with the letter it shows. */
export interface LabelledFrame {
  photo: string;
  letter: string;
  frame: AngleFrame;
}

/** A photograph's frame (`landmarks`, still mode's or a camera frame) as the judge sees it, labelled (null: no readable hand). */
export function labelledFrame(photo: Photo, landmarks: LandmarkFrame | null): LabelledFrame | null {
  if (landmarks === null) return null;
  const frame = stillFrame({ name: photoKey(photo), letter: photo.letter, source: stillSource(photoKey(photo), landmarks) });
  return frame === null ? null : { photo: photoKey(photo), letter: photo.letter, frame };
}

/** One photograph's landmarks as a tracker gave them (ours, or MediaPipe Hands'), with the letter it shows. */
export interface LabelledLandmarks {
  photo: string;
  letter: string;
  /** Which tracker: 'ours' (the project's, still mode) or 'mediapipe' (MediaPipe Hands). */
  tracker: string;
  landmarks: LandmarkFrame;
}

/** One person's hand the judge may learn a prototype from, with where it comes from. */
export interface LabelledHand extends PersonHand {
  photo: string;
  letter: string;
  tracker: string;
}

export interface LearnOptions {
  grid?: Grid;
  /** People's hands to learn prototypes from (the tuning photographs' landmarks, by our tracker and by MediaPipe Hands); none when absent. */
  people?: readonly LabelledLandmarks[];
  log?: (line: string) => void;
}

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
export type Grid = { readonly [K in keyof typeof GRID]: readonly (typeof GRID)[K][number][] };

export interface Outcome {
  own: number;
  photos: number;
  wrong: number;
  pairs: number;
}

export interface LearnedJudge {
  /** The fist letters' refolds (knuckles, middle joints); empty: none. */
  fists: readonly (readonly [number, number])[];
  betweenSigners: number;
  tighterCurl: number;
  peopleQuantile: number;
  spread: Readonly<Record<string, number>>;
  judge: Readonly<HandshapeJudgeSettings>;
  /** How the models are compiled (compileLesson's and compileHandshape's options). */
  compile: HandshapeCompileOptions;
  /** The letters in order, their reference records built with the refolds, and their compiled handshape models. */
  letters: string[];
  records: ReadonlyMap<string, ReferenceSign>;
  models: CompiledHandshape[];
  /** On the tuning set itself (in-sample). */
  tuned: Outcome;
  /** The people's hands its models learned prototypes from (after pruning). */
  people: readonly LabelledHand[];
}

export const describe = (o: Outcome) => `own ${o.own}/${o.photos} (${((100 * o.own) / o.photos).toFixed(1)}%), wrong ${o.wrong}/${o.pairs} (${((100 * o.wrong) / o.pairs).toFixed(2)}%)`;

/** The setting in words, as bench/signers.md prints it (`quantile`: with the quantile the people's spread was measured at). */
export function describeSetting(j: Pick<LearnedJudge, 'fists' | 'tighterCurl' | 'betweenSigners' | 'peopleQuantile' | 'spread' | 'judge'>, quantile = true): string {
  const spread = quantile ? `peopleQuantile ${j.peopleQuantile} (${JSON.stringify(j.spread)})` : `people's spread ${JSON.stringify(j.spread)}`;
  return `fists ${JSON.stringify(j.fists)}, tighterCurl ${j.tighterCurl}, betweenSigners ${j.betweenSigners}, ${spread}, maxRatio ${j.judge.maxRatio}, maxDistance ${j.judge.maxDistance}`;
}

/** Each frame's evidence against each letter (null for a moving letter: a still frame never completes one). */
type Evidence = (HandEvidence | null)[][][];
function evidenceOf(frames: readonly { frame: AngleFrame }[], letters: readonly string[], models: readonly CompiledHandshape[]): Evidence {
  return frames.map(({ frame }) => letters.map((letter, r) => (MOVING.has(letter) ? [] : frameEvidence(frame, models[r]!))));
}

/** `evidence` measured again under `models` (the same distances; their own single-descriptor weights). */
function evidenceWithSteps(evidence: Evidence, models: readonly CompiledHandshape[]): Evidence {
  return evidence.map((byLetter) => byLetter.map((hands, r) => hands.map((e) => (e === null ? null : withSteps(e, models[r]!)))));
}

/** Own letters and wrong pairs of `frames` (labelled), judged from their evidence with `judge`'s numbers, as matchHandshape decides a still frame. */
function outcomeOf(frames: readonly { letter: string }[], letters: readonly string[], evidence: Evidence, judge: Readonly<HandshapeJudgeSettings>): Outcome {
  const o: Outcome = { own: 0, photos: 0, wrong: 0, pairs: 0 };
  frames.forEach(({ letter }, f) => {
    letters.forEach((candidate, r) => {
      if (MOVING.has(candidate)) return;
      const accepted = evidence[f]![r]!.some((e) => e !== null && accepts(e, judge));
      if (candidate === letter) {
        o.photos++;
        if (accepted) o.own++;
      } else {
        o.pairs++;
        if (accepted) o.wrong++;
      }
    });
  });
  return o;
}

/** Each frame judged against each letter with matchHandshape itself (a still frame, held letters only). */
export function judgeFrames(frames: readonly { letter: string; frame: AngleFrame }[], letters: readonly string[], models: readonly CompiledHandshape[], judge: Readonly<HandshapeJudgeSettings>): Outcome {
  return outcomeOf(frames, letters, evidenceOf(frames, letters, models), judge);
}

/** The recordings read once per process (every fold of a cross-validation learns from the same). */
const preparedAlphabets = new WeakMap<ReadonlyMap<string, AlphabetRecording>, PreparedAlphabet>();
function preparedOf(recordings: ReadonlyMap<string, AlphabetRecording>): PreparedAlphabet {
  if (!preparedAlphabets.has(recordings)) preparedAlphabets.set(recordings, prepareAlphabetReferences(new Map([...recordings].map(([sign, recording]) => [sign, { source: alphabetSource(sign, recording), fps: RECORDING_FPS }]))));
  return preparedAlphabets.get(recordings)!;
}

/**
 * Learns the judge on `tuning` (our tracker's still frames of the tuning photographs) with
 * `nonSigns` (frames of hands that are not signing: none may be read as a letter), from the
 * alphabet's `recordings`. Null when no setting keeps wrong letters within the bound.
 */
export function learnJudge(recordings: ReadonlyMap<string, AlphabetRecording>, tuning: readonly LabelledFrame[], nonSigns: readonly AngleFrame[], options: LearnOptions = {}): LearnedJudge | null {
  const { grid = GRID, log } = options;
  let kept: LabelledHand[] = [];
  let people: ReadonlyMap<string, readonly PersonHand[]> = new Map();
  const prepared = preparedOf(recordings);
  const recordsWith = (fists: readonly (readonly [number, number])[]) => {
    const built = withHandshapeModels(prepared, { fists, people });
    const letters = [...built.keys()].sort();
    return { letters, records: new Map(letters.map((l) => [l, built.get(l)!.record])), handshapes: letters.map((l): HandshapeModel => built.get(l)!.record.handshape!) };
  };
  const nonSignFrames = nonSigns.map((frame) => ({ letter: '-', frame }));
  // The recorded signer's models alone: the refolds are measured against them on the tuning set
  // (how other people close a fist, against our signer), and people's hands weighed by them.
  const signer = recordsWith([]);
  const signerModels = signer.handshapes.map((m, i) => compileHandshape(signer.letters[i]!, m)!);
  const fistsMeasured = measurePeopleFists(fistSamples(tuning, signer.letters, signerModels, fistLetters(signer.letters, signer.handshapes)));
  if (options.people) {
    // People's hands, but none that a hand not signing lies near: a hand gripping a clock makes a
    // C, and one person's C may lie nearer it than any letter should (prune_people.ts).
    kept = prunePeople(handsOf(options.people), signer.letters, signerModels, nonSigns, Math.max(...grid.maxDistance));
    people = byLetter(kept);
  }
  const unrefolded = options.people ? recordsWith([]) : signer;
  const { letters } = unrefolded;
  // The people's spread is measured at each setting without any spread: no photo outside the
  // tuning set is seen.
  let best: { outcome: Outcome; learned: Omit<LearnedJudge, 'tuned' | 'people'> } | null = null;
  for (const fistsChoice of grid.fists) {
    const fists = fistsChoice === 'none' ? [] : fistsMeasured;
    if (fistsChoice === 'measured' && fists.length === 0) continue;
    const built = fistsChoice === 'none' ? unrefolded : recordsWith(fists);
    for (const tighterCurl of grid.tighterCurl) {
      // The distances depend on the prototypes and tighterCurl alone: measured once here, the
      // steps again for each betweenSigners and spread.
      const distances = built.handshapes.map((m, i) => compileHandshape(letters[i]!, m, { tighterCurl, peopleSpread: {} })!);
      const tuningDistances = evidenceOf(tuning, letters, distances);
      const nonSignDistances = evidenceOf(nonSignFrames, letters, distances);
      for (const betweenSigners of grid.betweenSigners) {
        const compileAll = (peopleSpread: Record<string, number>) => built.handshapes.map((m, i) => compileHandshape(letters[i]!, m, { betweenSigners, tighterCurl, peopleSpread })!);
        const unspread = compileAll({});
        const samples = spreadSamples(tuning, letters, unspread);
        for (const peopleQuantile of grid.peopleQuantile) {
          const spread = peopleQuantile === 0 ? {} : measurePeopleSpread(samples, peopleQuantile);
          const models = peopleQuantile === 0 ? unspread : compileAll(spread);
          const tuningEvidence = evidenceWithSteps(tuningDistances, models);
          const nonSignEvidence = evidenceWithSteps(nonSignDistances, models);
          for (const maxRatio of grid.maxRatio) {
            for (const maxDistance of grid.maxDistance) {
              const judge = { ...HANDSHAPE_JUDGE, maxRatio, maxDistance };
              const outcome = outcomeOf(tuning, letters, tuningEvidence, judge);
              const readAsLetters = outcomeOf(nonSignFrames, letters, nonSignEvidence, judge).wrong;
              log?.(`  fists ${JSON.stringify(fists)} tighterCurl ${tighterCurl} betweenSigners ${betweenSigners} peopleQuantile ${peopleQuantile} maxRatio ${maxRatio} maxDistance ${maxDistance}: ${describe(outcome)}, non-sign frames read as a letter ${readAsLetters}`);
              if (outcome.wrong > WRONG_PAIRS_AT_MOST * outcome.pairs || readAsLetters > 0) continue;
              if (best !== null && outcome.own <= best.outcome.own) continue;
              const compile = { betweenSigners, tighterCurl, peopleSpread: spread, judge };
              best = { outcome, learned: { fists, betweenSigners, tighterCurl, peopleQuantile, spread, judge, compile, letters, records: built.records, models: models.map((m, i) => compileHandshape(letters[i]!, built.handshapes[i]!, compile)!) } };
            }
          }
        }
      }
    }
  }
  if (best === null) return null;
  const { learned, outcome } = best;
  // The decision from evidence is the judge's own: checked on every tuning frame and letter.
  for (const { frame, letter } of tuning) {
    learned.letters.forEach((candidate, r) => {
      if (!MOVING.has(candidate) && !judgedLike(frame, learned.models[r]!, learned.judge)) throw new Error(`learn_judge: the evidence of a ${letter} photograph against ${candidate} disagrees with matchHandshape`);
    });
  }
  return { ...learned, tuned: outcome, people: kept };
}

/** Each hand the photographs show (a left hand measured as a right hand's mirror), the moving letters' (one frame of a movement) left out. */
export function handsOf(photos: readonly LabelledLandmarks[]): LabelledHand[] {
  return photos.flatMap(({ photo, letter, tracker, landmarks }) =>
    MOVING.has(letter)
      ? []
      : ([[Part.leftHand, true], [Part.rightHand, false]] as const).flatMap(([part, left]) =>
          landmarks.present[part] === 1 ? [{ photo, letter, tracker, hand: (part === Part.leftHand ? landmarks.leftHand : landmarks.rightHand).slice(), imageWidth: landmarks.imageWidth, imageHeight: landmarks.imageHeight, left }] : [],
        ),
  );
}

/** Hands by the letter they make, as the builder takes them. */
export function byLetter(hands: readonly LabelledHand[]): Map<string, PersonHand[]> {
  const out = new Map<string, PersonHand[]>();
  for (const hand of hands) out.set(hand.letter, [...(out.get(hand.letter) ?? []), hand]);
  return out;
}
