import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { alphabetSource } from '../recordings/landmark_source.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { buildReferenceSign } from '../reference/build_reference_sign.ts';
import { parseReferenceSign } from '../reference/reference_sign_schema.ts';
import { sourceToAngleFrames } from '../recordings/source_to_angle_frames.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const buildReferencesUsage = 'build-references --in <folder of landmark files> --out <folder>';

/**
 * Hand recordings -> one SPEC `signs/{signName}` record per sign, `<out>/<SIGN>.json`, with the
 * guide file `<SIGN>.gif` as its configs key. Angles come from the engine's own angle code.
 */
export async function runBuildReferences(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['in', 'out'] });
  const input = requireFlag(flags, 'in');
  const output = requireFlag(flags, 'out');
  const recordings = await loadAlphabetFolder(input);
  await mkdir(output, { recursive: true });
  const summary: Array<{ sign: string; frames: number; handDegreesOfFreedom: number }> = [];
  for (const [sign, recording] of recordings) {
    const record = buildReferenceSign(sourceToAngleFrames(alphabetSource(sign, recording)), `${sign}.gif`);
    parseReferenceSign(sign, record); // what we write must pass the same check as what we read
    await writeFile(join(output, `${sign}.json`), JSON.stringify(record));
    const frames = record.configs[`${sign}.gif`]!;
    summary.push({ sign, frames: frames.length, handDegreesOfFreedom: frames.find((f) => f.right_hand)?.right_hand?.config.degreesOfFreedom ?? 0 });
  }
  console.log(JSON.stringify({ written: summary.length, out: output, signs: summary }, null, 2));
}
