// The 3-D hand guide's frames as a virtual module, `virtual:hand-guide`, made from the recordings
// whenever Vite builds or serves the app: the guide is drawn from the recordings themselves, so
// there is no generated file to keep in step with them (the GIF guides are generated at setup;
// these need no step at all). Every language's letters: American from data/asl-alphabet (its depth
// scaled so that the hand's bones keep their proportions: alphabetDepthScale), each other language
// from its fingerspelling lexicon (data/fingerspelling-<code>). Each held letter's one frame and
// each moving letter's movement (engine/src/guide/hand_guide_frames.ts), about 10 KB gzipped a
// language.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { alphabetDepthScale, handGuideFrames, lexiconHandGuideFrames, type HandGuideFrames } from '../engine/src/guide/hand_guide_frames.ts';
import { loadAlphabetFolder } from '../engine/src/node/load_alphabet_folder.ts';
import { lexiconFolder, lexiconLanguages, lexiconLetters } from './lexicon-letters.ts';
import { ROOT } from './paths.ts';

export const HAND_GUIDE_MODULE = 'virtual:hand-guide';
const RESOLVED = `\0${HAND_GUIDE_MODULE}`;
/** The database key of the language at the root (product.md: american is the default). */
const AMERICAN = 'american';

/** Every language's guides: language -> letter -> frames. */
export async function handGuides(alphabetFolder = join(ROOT, 'data', 'asl-alphabet'), dataDir = join(ROOT, 'data')): Promise<Record<string, Record<string, HandGuideFrames>>> {
  const recordings = await loadAlphabetFolder(alphabetFolder);
  const depthScale = alphabetDepthScale(recordings);
  const guides: Record<string, Record<string, HandGuideFrames>> = {
    [AMERICAN]: Object.fromEntries([...recordings].map(([sign, recording]) => [sign, handGuideFrames(sign, recording, depthScale)])),
  };
  for (const language of lexiconLanguages(dataDir)) {
    const letters = await lexiconLetters(language, dataDir);
    guides[language] = Object.fromEntries([...letters].map(([sign, { span, movement }]) => [sign, lexiconHandGuideFrames(sign, span, movement)]));
  }
  return guides;
}

export function handGuideModule(alphabetFolder = join(ROOT, 'data', 'asl-alphabet')): Plugin {
  return {
    name: 'signlearn-hand-guide',
    resolveId: (id) => (id === HAND_GUIDE_MODULE ? RESOLVED : undefined),
    // The filter keeps the bundler from calling this hook for every other module.
    load: {
      filter: { id: /^\0virtual:hand-guide$/ },
      async handler(id) {
        if (id !== RESOLVED) return undefined;
        const guides = await handGuides(alphabetFolder);
        for (const sign of Object.keys(guides[AMERICAN]!)) this.addWatchFile(join(alphabetFolder, `${sign}.json`));
        for (const language of lexiconLanguages()) this.addWatchFile(join(lexiconFolder(language), 'index.csv'));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(guides))});`;
      },
    },
  };
}
