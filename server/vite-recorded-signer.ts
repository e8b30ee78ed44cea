// The recorded signer's letters of each fingerspelling lexicon as virtual modules,
// `virtual:recorded-signer/<code>` (asq, bzs): per letter the frames the signer plays
// (engine/src/recordings/recorded_signer_letter.ts), made from data/fingerspelling-<code> when Vite
// builds or serves the app, and loaded by the camera screen only when a lesson is watched. The
// American signer's recordings (data/asl-alphabet) are fetched letter by letter as they are.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { recordedSignerLetter, type RecordedSignerLetter } from '../engine/src/recordings/recorded_signer_letter.ts';
import { lexiconFolder, lexiconLanguages, lexiconLetters } from './lexicon-letters.ts';

export const RECORDED_SIGNER_MODULE = 'virtual:recorded-signer/';
const RESOLVED = `\0${RECORDED_SIGNER_MODULE}`;

/** A language's letters as the recorded signer plays them. */
export async function recordedSignerLetters(language: string): Promise<Record<string, RecordedSignerLetter>> {
  const letters = await lexiconLetters(language);
  return Object.fromEntries([...letters].map(([sign, { span, movement }]) => [sign, recordedSignerLetter(sign, span, movement)]));
}

export function recordedSignerModule(): Plugin {
  return {
    name: 'signlearn-recorded-signer',
    resolveId: (id) => (id.startsWith(RECORDED_SIGNER_MODULE) ? `\0${id}` : undefined),
    load: {
      filter: { id: /^\0virtual:recorded-signer\// },
      async handler(id) {
        if (!id.startsWith(RESOLVED)) return undefined;
        const language = id.slice(RESOLVED.length);
        if (!lexiconLanguages().includes(language)) throw new Error(`${id}: no data/fingerspelling-${language} folder`);
        this.addWatchFile(join(lexiconFolder(language), 'index.csv'));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(await recordedSignerLetters(language)))});`;
      },
    },
  };
}
