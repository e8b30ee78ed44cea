// The fingerspelling lexicons' letters (data/fingerspelling-<code>: Austrian asq, Brazilian bzs),
// each letter's span as the reference builder reads it (holistic_alphabet_sources.ts: the hand's
// arrival to its departure, z scaled by the language's depth factor), with its definition's
// movement. Read once per process and kept: the Vite modules of the hand guide and the recorded
// signer both read them, and parsing the 58 .pose files (15 MB, mostly faces) takes about a second.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { manualAlphabetOf } from '../engine/src/handshape/alphabets/manual_alphabets.ts';
import type { Movement } from '../engine/src/handshape/manual_alphabet.ts';
import { loadFingerspellingFolder } from '../engine/src/node/load_fingerspelling_folder.ts';
import type { AlphabetSource } from '../engine/src/recordings/build_alphabet_references.ts';
import { holisticAlphabetSources } from '../engine/src/recordings/holistic_alphabet_sources.ts';
import { ROOT } from './paths.ts';

const PREFIX = 'fingerspelling-';

export interface LexiconLetter {
  span: AlphabetSource;
  movement: Movement;
}

/** The languages with a fingerspelling lexicon in `dataDir` (their ISO 639-3 codes, sorted). */
export function lexiconLanguages(dataDir = join(ROOT, 'data')): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(PREFIX))
    .map((entry) => entry.name.slice(PREFIX.length))
    .sort();
}

/** The folder of a language's lexicon. */
export const lexiconFolder = (language: string, dataDir = join(ROOT, 'data')): string => join(dataDir, `${PREFIX}${language}`);

const loaded = new Map<string, Promise<Map<string, LexiconLetter>>>();

/** A language's letters by name, in the index's order. */
export function lexiconLetters(language: string, dataDir = join(ROOT, 'data')): Promise<Map<string, LexiconLetter>> {
  const folder = lexiconFolder(language, dataDir);
  let letters = loaded.get(folder);
  if (!letters) {
    letters = (async () => {
      const lexicon = await loadFingerspellingFolder(folder);
      const definitions = manualAlphabetOf(lexicon.language);
      const spans = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, definitions);
      return new Map([...spans].map(([letter, span]) => [letter, { span, movement: definitions[letter]!.movement }]));
    })();
    letters.catch(() => loaded.delete(folder));
    loaded.set(folder, letters);
  }
  return letters;
}
