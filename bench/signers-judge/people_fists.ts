// How other people close a fist, against our signer: the measured refolds a fist letter's
// prototypes are also built with (build_handshape_models.ts HANDSHAPE_MODEL_BUILD.fists).
//
//   node --import tsx bench/signers-judge/people_fists.ts <mediapipe | tracker> [--set NAME]
//
// prints, over the photos of letters that fold all four fingers (A E M N S T) whose hand agrees
// with its letter's definition, each finger's knuckle bend and middle-joint bend over the median
// of our signer's prototypes of that letter: their quantiles, and the refolds measured
// (tune_judge.ts measures them on its tuning set only).
import { fileURLToPath } from 'node:url';
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { HANDSHAPE_MODEL_BUILD } from '../../engine/src/handshape/build_handshape_models.ts';
import { compileHandshape, type CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { HAND_DESCRIPTOR_COUNT, HAND_DESCRIPTOR_NAMES } from '../../engine/src/handshape/hand_descriptors.ts';
import { agreesWithSign } from '../../engine/src/handshape/handshape_gates.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { quantileOf } from './people_spread.ts';
import { stillFrame } from './still_frame.ts';

const D = HAND_DESCRIPTOR_COUNT;
const FINGERS = ['index', 'middle', 'ring', 'pinky'];
const KNUCKLES = FINGERS.map((f) => HAND_DESCRIPTOR_NAMES.indexOf(`${f}KnuckleBend`));
const MIDDLE_JOINTS = FINGERS.map((f) => HAND_DESCRIPTOR_NAMES.indexOf(`${f}MiddleJointBend`));
/** The quantiles measured: the typical other person (0.5), and one in four (0.75: knuckles bent further, middle joints less). */
export const FIST_QUANTILES = [0.5, 0.75] as const;

const median = (values: readonly number[]) => quantileOf(values, 0.5);

/**
 * Each finger's knuckle bend and middle-joint bend of the fist-letter photos (`frames`, judged by
 * `models` built without refolds), over the median of its letter's prototypes, the hand that
 * agrees with its letter's definition (agreesWithSign), fingers and letters pooled.
 */
export function fistSamples(frames: readonly { letter: string; frame: AngleFrame }[], letters: readonly string[], models: readonly CompiledHandshape[], fists: ReadonlySet<string>): { knuckles: number[]; joints: number[] } {
  const knuckles: number[] = [];
  const joints: number[] = [];
  const ours = new Map<string, { knuckles: number[]; joints: number[] }>();
  for (const letter of fists) {
    const m = models[letters.indexOf(letter)]!;
    const of = (k: number) => median(Array.from({ length: m.prototypeCount }, (_, i) => m.prototypes[i * D + k]!));
    ours.set(letter, { knuckles: KNUCKLES.map(of), joints: MIDDLE_JOINTS.map(of) });
  }
  for (const { letter, frame } of frames) {
    const signer = ours.get(letter);
    if (signer === undefined) continue;
    const m = models[letters.indexOf(letter)]!;
    for (let side = 0; side < 2; side++) {
      if (frame.descriptorsPresent![side] !== 1) continue;
      const v = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
      if (!agreesWithSign(v, m)) continue;
      for (let f = 0; f < FINGERS.length; f++) {
        knuckles.push(v[KNUCKLES[f]!]! / signer.knuckles[f]!);
        joints.push(v[MIDDLE_JOINTS[f]!]! / signer.joints[f]!);
      }
      break;
    }
  }
  return { knuckles, joints };
}

/** The refolds (knuckles, middle joints) at FIST_QUANTILES: the knuckles' quantile q with the middle joints' 1 - q (a fist closed more at the knuckles is closed less at the middle joints), two decimals. */
export function measurePeopleFists(samples: { knuckles: readonly number[]; joints: readonly number[] }): [number, number][] {
  if (samples.knuckles.length === 0) return [];
  const round = (x: number) => Math.round(100 * x) / 100;
  return FIST_QUANTILES.map((q) => [round(quantileOf(samples.knuckles, q)), round(quantileOf(samples.joints, 1 - q))]);
}

/** The letters of `records` that fold all four fingers. */
export function fistLetters(letters: readonly string[], records: readonly { fingers: readonly string[] }[]): Set<string> {
  return new Set(letters.filter((_, i) => records[i]!.fingers.every((state) => state === 'folded')));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--set');
  const set = i >= 0 ? args[i + 1] : undefined;
  const source = args.find((a, j) => !a.startsWith('--') && (i < 0 || j !== i + 1));
  if (!source) throw new Error('usage: people_fists.ts <mediapipe | tracker> [--set NAME]');
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR), { fists: [] });
  const letters = [...built.keys()].sort();
  const records = letters.map((l) => built.get(l)!.record.handshape!);
  const models = records.map((r, j) => compileHandshape(letters[j]!, r)!);
  const frames = (await loadPhotos(source, set)).flatMap((photo) => {
    const frame = stillFrame(photo);
    return frame ? [{ letter: photo.letter, frame }] : [];
  });
  const fists = fistLetters(letters, records);
  const samples = fistSamples(frames, letters, models, fists);
  const q = (values: readonly number[]) => [0.1, 0.25, 0.5, 0.75, 0.9].map((p) => `q${p} ${quantileOf(values, p).toFixed(2)}`).join(', ');
  console.log(`fist letters ${[...fists].join(' ')}: ${samples.knuckles.length / FINGERS.length} photos, ${samples.knuckles.length} fingers`);
  console.log(`knuckle bend over our signer's: ${q(samples.knuckles)}`);
  console.log(`middle-joint bend over our signer's: ${q(samples.joints)}`);
  console.log(`refolds measured (knuckles, middle joints): ${JSON.stringify(measurePeopleFists(samples))}; the models' (HANDSHAPE_MODEL_BUILD.fists): ${JSON.stringify(HANDSHAPE_MODEL_BUILD.fists)}`);
}
