import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { alphabetRecordingSchema, type AlphabetRecording } from '../recordings/alphabet_recording_schema.ts';
import { describeIssues, readJsonFile } from './read_json_file.ts';

/** Every `*.json` hand recording in a folder (as data/asl-alphabet), by sign name. */
export async function loadAlphabetFolder(folder: string): Promise<Map<string, AlphabetRecording>> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new Error(`${folder}: cannot read folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (names.length === 0) throw new Error(`${folder}: no .json landmark files`);
  const recordings = new Map<string, AlphabetRecording>();
  for (const name of names) {
    const path = join(folder, name);
    const parsed = alphabetRecordingSchema.safeParse(await readJsonFile(path));
    if (!parsed.success) throw new Error(`${path}: not a hand recording ({sign, frames: [[63 numbers], ...]}): ${describeIssues(parsed.error.issues)}`);
    if (recordings.has(parsed.data.sign)) throw new Error(`${path}: sign "${parsed.data.sign}" appears in two files`);
    recordings.set(parsed.data.sign, parsed.data);
  }
  return recordings;
}
