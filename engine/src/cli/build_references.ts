import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { manualAlphabetOf } from '../handshape/alphabets/manual_alphabets.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { loadFingerspellingFolder } from '../node/load_fingerspelling_folder.ts';
import { loadPeopleHands } from '../node/load_people_hands.ts';
import type { PersonHand } from '../handshape/build_handshape_models.ts';
import { buildAlphabetReferences, buildAlphabetReferencesFromSources, type AlphabetReference } from '../recordings/build_alphabet_references.ts';
import { holisticAlphabetSources } from '../recordings/holistic_alphabet_sources.ts';
import { parseReferenceSign } from '../reference/reference_sign_schema.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const buildReferencesUsage = 'build-references --in <folder of landmark files, or a fingerspelling lexicon with index.csv> --out <folder> [--people <people-hands file>]';

/** American JSON recordings (data/asl-alphabet), or a fingerspelling lexicon's .pose files with
 * their index.csv (data/fingerspelling-<code>), built with its language's manual alphabet; the
 * handshape models also learn from other people's hands making the letters (`people`:
 * data/real-photos/people-hands.json for American) where given. */
async function buildFolder(input: string, people: ReadonlyMap<string, readonly PersonHand[]> | undefined): Promise<Map<string, AlphabetReference>> {
  if (!existsSync(join(input, 'index.csv'))) return buildAlphabetReferences(await loadAlphabetFolder(input), people ? { people } : {});
  const lexicon = await loadFingerspellingFolder(input);
  const definitions = manualAlphabetOf(lexicon.language);
  return buildAlphabetReferencesFromSources(holisticAlphabetSources(lexicon.letters, lexicon.depthScale, definitions), definitions, people ? { people } : {});
}

/**
 * Recordings of the manual alphabet -> one `signs/{signName}` record per letter,
 * `<out>/<SIGN>.json`, with the guide file `<SIGN>.gif` as its configs key: the SPEC's angle
 * frames (a natural hold, or a moving letter's movement), their frame rate, and the handshape
 * judge's model (recordings/build_alphabet_references.ts).
 */
export async function runBuildReferences(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['in', 'out', 'people'] });
  const input = requireFlag(flags, 'in');
  const output = requireFlag(flags, 'out');
  const people = typeof flags.people === 'string' ? await loadPeopleHands(flags.people) : undefined;
  const references = await buildFolder(input, people);
  await mkdir(output, { recursive: true });
  const summary: Array<{ sign: string; frames: number; fps: number | undefined; movement: string; handDegreesOfFreedom: number; artefacts: number }> = [];
  for (const [sign, built] of references) {
    const record = built.record;
    parseReferenceSign(sign, record); // what we write must pass the same check as what we read
    await writeFile(join(output, `${sign}.json`), JSON.stringify(record));
    const frames = record.configs[`${sign}.gif`]!;
    summary.push({
      sign,
      frames: frames.length,
      fps: record.fps,
      movement: built.movement,
      handDegreesOfFreedom: frames.find((f) => f.right_hand)?.right_hand?.config.degreesOfFreedom ?? 0,
      artefacts: built.artefacts.length,
    });
  }
  console.log(JSON.stringify({ written: summary.length, out: output, signs: summary }, null, 2));
}
