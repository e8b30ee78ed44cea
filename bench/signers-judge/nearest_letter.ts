// How far the descriptors themselves tell other people's letters apart: for every static-letter
// photograph with a hand, the letter nearest to the hand by each letter's own distance (its
// compiled model: prototypes and weights), over the letters whose definition the hand agrees with
// (fingers, pointing, hook, crossing, what the thumb touches, the fingers' curve: the judge's own
// gates). A judge that took the nearest letter with no margin and no distance bound would accept
// exactly the photos counted "nearest" and read every other one as another letter: the ceiling of
// any setting of maxDistance, maxRatio and maxSteps on these descriptors and prototypes.
//
//   node --import tsx bench/signers-judge/nearest_letter.ts <mediapipe | tracker> [--set NAME]
import { fileURLToPath } from 'node:url';
import { compileHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { agreesWithSign } from '../../engine/src/handshape/handshape_gates.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';
import { loadPhotos } from './evaluate_judge.ts';
import { nearestPrototype } from './prototype_distance.ts';
import { stillFrame } from './still_frame.ts';

const MOVING = new Set(['J', 'Z']);

export interface NearestLetterOutcome {
  photos: number;
  nearest: number;
  /** Photos whose own letter is one of the two nearest. */
  secondNearest: number;
  /** "made as read", for the photos whose nearest letter is another. */
  confusions: string[];
}

export async function nearestLetter(source: string, set?: string): Promise<NearestLetterOutcome> {
  const built = buildAlphabetReferences(await loadAlphabetFolder(ALPHABET_DIR));
  const letters = [...built.keys()].sort().filter((l) => !MOVING.has(l));
  const models = letters.map((l) => compileHandshape(l, built.get(l)!.record.handshape!)!);
  const outcome: NearestLetterOutcome = { photos: 0, nearest: 0, secondNearest: 0, confusions: [] };
  for (const photo of await loadPhotos(source, set)) {
    if (MOVING.has(photo.letter)) continue;
    const frame = stillFrame(photo);
    if (frame === null) continue;
    let ranked: { letter: string; d: number }[] = [];
    for (let side = 0; side < 2; side++) {
      if (frame.descriptorsPresent![side] !== 1) continue;
      const v = side === 0 ? frame.leftHandDescriptors! : frame.rightHandDescriptors!;
      const order = letters.map((letter, i) => ({ letter, d: agreesWithSign(v, models[i]!) ? nearestPrototype(v, models[i]!).distance : Infinity })).sort((a, b) => a.d - b.d);
      if (ranked.length === 0 || order[0]!.d < ranked[0]!.d) ranked = order;
    }
    if (ranked.length === 0) continue;
    outcome.photos++;
    if (ranked[0]!.letter === photo.letter) outcome.nearest++;
    else outcome.confusions.push(`${photo.letter} as ${ranked[0]!.d === Infinity ? 'none' : ranked[0]!.letter}`);
    if (ranked[0]!.letter === photo.letter || ranked[1]!.letter === photo.letter) outcome.secondNearest++;
  }
  return outcome;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const source = args.find((a) => !a.startsWith('--'));
  const setIndex = args.indexOf('--set');
  if (!source) throw new Error('usage: nearest_letter.ts <mediapipe | tracker> [--set NAME]');
  const o = await nearestLetter(source, setIndex >= 0 ? args[setIndex + 1] : undefined);
  console.log(`${source}: the own letter is the nearest for ${o.nearest} of ${o.photos} static-letter photographs with a hand (${((100 * o.nearest) / o.photos).toFixed(1)}%), one of the two nearest for ${o.secondNearest}`);
  console.log(`nearest is another letter: ${o.confusions.sort().join(', ')}`);
}
