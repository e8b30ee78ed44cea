import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { estimateRecordingDepthScale } from '../recordings/estimate_recording_depth_scale.ts';
import { holisticLayout } from '../recordings/holistic_layout.ts';
import type { HolisticRecording } from '../recordings/pose_file_source.ts';
import { readPoseFile } from '../recordings/read_pose_file.ts';

/** A fingerspelling lexicon's letters for one sign language (as data/fingerspelling-asq). */
export interface FingerspellingFolder {
  /** The sign language, ISO 639-3 (the index's signed_language). */
  language: string;
  /** Each letter's recording, by the letter as the index writes it (its `words` column). */
  letters: Map<string, HolisticRecording>;
  /** The factor for the recordings' z (estimate_recording_depth_scale.ts), one for the language. */
  depthScale: number;
}

const COLUMNS = ['path', 'spoken_language', 'signed_language', 'start', 'end', 'words', 'glosses', 'priority'] as const;

/**
 * A folder holding a fingerspelling lexicon's `index.csv` (spoken-to-signed-translation's columns:
 * path, spoken_language, signed_language, start, end, words, glosses, priority; one row a letter)
 * and the `.pose` files it names (by base name: the index's paths start with the language's
 * folder). Throws, naming the file and line, on a malformed index or file.
 */
export async function loadFingerspellingFolder(folder: string): Promise<FingerspellingFolder> {
  const indexPath = join(folder, 'index.csv');
  const lines = (await readFile(indexPath, 'utf8')).split(/\r?\n/).filter((line) => line.length > 0);
  if (lines[0] !== COLUMNS.join(',')) throw new Error(`${indexPath}: line 1 must be the header ${COLUMNS.join(',')}`);
  const letters = new Map<string, HolisticRecording>();
  const languages = new Set<string>();
  for (const [n, line] of lines.slice(1).entries()) {
    const cells = line.split(',');
    if (cells.length !== COLUMNS.length) throw new Error(`${indexPath}:${n + 2}: ${cells.length} columns, expected ${COLUMNS.length}`);
    const [path, , language, , , letter] = cells as [string, string, string, string, string, string];
    languages.add(language);
    if (letters.has(letter)) throw new Error(`${indexPath}:${n + 2}: letter "${letter}" appears twice`);
    const filePath = join(folder, path.split('/').pop()!);
    let file;
    try {
      file = readPoseFile(await readFile(filePath));
    } catch (error) {
      throw new Error(`${filePath}: ${error instanceof Error ? error.message : String(error)}`);
    }
    letters.set(letter, { file, layout: holisticLayout(file.header) });
  }
  if (languages.size !== 1) throw new Error(`${indexPath}: one sign language expected, found ${[...languages].join(', ') || 'none'}`);
  return { language: [...languages][0]!, letters, depthScale: estimateRecordingDepthScale([...letters.values()]) };
}
