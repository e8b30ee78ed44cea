import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readPopSignFile, type PopSignSequence } from '../recordings/popsign_recording.ts';
import { readJsonFile } from './read_json_file.ts';

/** Every `signer-*.json` of a PopSign folder (either format, recordings/popsign_recording.ts), all performances. */
export async function loadPopSignFolder(folder: string): Promise<PopSignSequence[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => /^signer-.+\.json$/.test(name)).sort();
  } catch (error) {
    throw new Error(`${folder}: cannot read folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (names.length === 0) throw new Error(`${folder}: no signer-*.json files`);
  const sequences: PopSignSequence[] = [];
  for (const name of names) sequences.push(...readPopSignFile(join(folder, name), await readJsonFile(join(folder, name))));
  return sequences;
}
