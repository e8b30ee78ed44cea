// How far other people's letters lie from our signer's prototypes, per descriptor: the measured
// tolerance of the judge's single-descriptor test (definition_weights.ts PEOPLE_SPREAD).
//
//   node --import tsx bench/signers-judge/people_spread.ts <mediapipe | tracker> [--set NAME] [--quantile Q]
//
// prints the factors measured on that set (the table PEOPLE_SPREAD holds), and the quantiles of
// each descriptor's differences. tune_judge.ts measures them on its tuning set only.
import { fileURLToPath } from 'node:url';
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { compileHandshape, type CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES } from '../../engine/src/handshape/hand_descriptors.ts';
import { agreesWithSign, seenShare } from '../../engine/src/handshape/match_handshape.ts';
import { HANDSHAPE_JUDGE } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { nearestPrototype } from './prototype_distance.ts';
import { stillFrame } from './still_frame.ts';

const D = HAND_DESCRIPTOR_COUNT;
const MOVING = new Set(['J', 'Z']);

/**
 * Per descriptor, each static-letter photo's difference from its letter's nearest prototype, in
 * the single-descriptor test's steps at one signer's scale (`models` compiled without any spread),
 * for the photos that agree with their letter's definition. Letters pooled.
 */
export function spreadSamples(frames: readonly { letter: string; frame: AngleFrame }[], letters: readonly string[], models: readonly CompiledHandshape[]): number[][] {
  const samples: number[][] = HAND_DESCRIPTOR_NAMES.map(() => []);
  for (const { letter, frame } of frames) {
    if (MOVING.has(letter)) continue;
    const m = models[letters.indexOf(letter)]!;
    for (let side = 0; side < 2; side++) {
      if (frame.descriptorsPresent![side] !== 1) continue;
      const v = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
      if (!agreesWithSign(v, m)) continue;
      const nearest = nearestPrototype(v, m).index;
      for (let k = 0; k < D; k++) {
        const diff = (v[k]! - m.prototypes[nearest * D + k]!) * seenShare(v, k);
        const step = diff < 0 ? -diff * m.stepsBelow[k]! : diff * m.stepsAbove[k]!;
        if ((diff < 0 ? m.stepsBelow[k]! : m.stepsAbove[k]!) > 0) samples[k]!.push(step);
      }
      break;
    }
  }
  return samples;
}

export const quantileOf = (values: readonly number[], q: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** The factors: per descriptor, the `quantile` of people's differences over maxSteps, kept where above 1 (two decimals). */
export function measurePeopleSpread(samples: readonly number[][], quantile: number, maxSteps = HANDSHAPE_JUDGE.maxSteps): Record<string, number> {
  const spread: Record<string, number> = {};
  samples.forEach((values, k) => {
    const factor = Math.ceil((100 * quantileOf(values, quantile)) / maxSteps) / 100;
    if (factor > 1) spread[HAND_DESCRIPTOR_NAMES[k]!] = factor;
  });
  return spread;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const source = args.find((a) => !a.startsWith('--') && a !== flag('set') && a !== flag('quantile'));
  if (!source) throw new Error('usage: people_spread.ts <mediapipe | tracker> [--set NAME] [--quantile Q]');
  const quantile = Number(flag('quantile') ?? 0.9);
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR));
  const letters = [...built.keys()].sort();
  const models = letters.map((l) => compileHandshape(l, built.get(l)!.record.handshape!, { peopleSpread: {} })!);
  const frames = (await loadPhotos(source, flag('set'))).flatMap((photo) => {
    const frame = stillFrame(photo);
    return frame ? [{ letter: photo.letter, frame }] : [];
  });
  const samples = spreadSamples(frames, letters, models);
  for (const q of [0.5, 0.9, 0.95]) console.log(`q${q}: ${HAND_DESCRIPTOR_NAMES.map((n, k) => `${n} ${quantileOf(samples[k]!, q).toFixed(2)}`).join(', ')}`);
  console.log(`PEOPLE_SPREAD at quantile ${quantile} (${samples[0]!.length} photos): ${JSON.stringify(measurePeopleSpread(samples, quantile))}`);
}
