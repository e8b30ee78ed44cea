// The 3-D hand guide's frames as a virtual module, `virtual:hand-guide`, made from the recorded
// alphabet (data/asl-alphabet) whenever Vite builds or serves the app: the guide is drawn from
// the recordings themselves, so there is no generated file to keep in step with them (the GIF
// guides are generated at setup; these need no step at all). About 20 KB gzipped: each held
// letter's one frame and J's and Z's movements (engine/src/guide/hand_guide_frames.ts).
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { handGuideFrames } from '../engine/src/guide/hand_guide_frames.ts';
import { loadAlphabetFolder } from '../engine/src/node/load_alphabet_folder.ts';

export const HAND_GUIDE_MODULE = 'virtual:hand-guide';
const RESOLVED = `\0${HAND_GUIDE_MODULE}`;

export function handGuideModule(alphabetFolder = join(process.cwd(), 'data', 'asl-alphabet')): Plugin {
  return {
    name: 'signlearn-hand-guide',
    resolveId: (id) => (id === HAND_GUIDE_MODULE ? RESOLVED : undefined),
    // The filter keeps the bundler from calling this hook for every other module.
    load: {
      filter: { id: /^\0virtual:hand-guide$/ },
      async handler(id) {
        if (id !== RESOLVED) return undefined;
        const recordings = await loadAlphabetFolder(alphabetFolder);
        const guides = Object.fromEntries([...recordings].map(([sign, recording]) => [sign, handGuideFrames(sign, recording)]));
        for (const sign of recordings.keys()) this.addWatchFile(join(alphabetFolder, `${sign}.json`));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(guides))});`;
      },
    },
  };
}
