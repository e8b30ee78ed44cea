// A hunspell spelling dictionary as a word check, for building the word lessons only (never
// shipped): hunspell itself, compiled to WebAssembly (npm hunspell-asm), reading the dictionary's
// .aff and .dic as they are. nspell (hunspell in JavaScript) was tried first: it expands every stem
// of the dictionary with all its affixes when it loads, which for the Brazilian Portuguese
// dictionary (312,000 stems) had not finished after 12 minutes; hunspell looks a word up instead
// (under a second).
import { loadModule } from 'hunspell-asm';

export interface HunspellFiles {
  aff: Uint8Array;
  dic: Uint8Array;
}

/** Loads the dictionary and returns its check: does it accept `word` as written. */
export async function loadHunspellCheck(files: HunspellFiles, name: string): Promise<(word: string) => boolean> {
  const factory = await loadModule();
  const hunspell = factory.create(factory.mountBuffer(files.aff, `${name}.aff`), factory.mountBuffer(files.dic, `${name}.dic`));
  return (word) => hunspell.spell(word);
}
