import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALPHABET_ASSUMED_HEIGHT, ALPHABET_ASSUMED_WIDTH } from '../recordings/alphabet_recording_schema.ts';
import { alphabetGuideFrames } from '../guide/alphabet_guide_frames.ts';
import { holisticGuideFrames } from '../guide/holistic_guide_frames.ts';
import { manualAlphabetOf } from '../handshape/alphabets/manual_alphabets.ts';
import { loadFingerspellingFolder } from '../node/load_fingerspelling_folder.ts';
import { holisticAlphabetSources } from '../recordings/holistic_alphabet_sources.ts';
import { renderGuideGif } from '../guide/render_guide_gif.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const renderGuidesUsage = 'render-guides --in <folder of hand recordings, or a fingerspelling lexicon with index.csv> --out <folder> [--size 240] [--fps 12] [--frames 36]';

/** Animated guide GIFs (<SIGN>.gif) from hand-only recordings such as data/asl-alphabet, or from a
 * fingerspelling lexicon's letters (data/fingerspelling-<code>: each letter's span, its 500 x 500
 * square frame). */
export async function runRenderGuides(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['in', 'out', 'size', 'fps', 'frames'] });
  const number = (name: string, fallback: number) => {
    const value = flags[name] === undefined ? fallback : Number(flags[name]);
    if (!(value > 0)) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  const size = number('size', 240);
  const fps = number('fps', 12);
  const frameCount = number('frames', 36);
  const out = requireFlag(flags, 'out');
  const input = requireFlag(flags, 'in');
  if (existsSync(join(input, 'index.csv'))) {
    const lexicon = await loadFingerspellingFolder(input);
    const sources = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, manualAlphabetOf(lexicon.language));
    await mkdir(out, { recursive: true });
    let bytes = 0;
    for (const [letter, { source }] of sources) {
      const gif = renderGuideGif(holisticGuideFrames(source, frameCount), { size, fps, aspect: 1 });
      await writeFile(join(out, `${letter}.gif`), gif);
      bytes += gif.byteLength;
    }
    console.log(JSON.stringify({ out, guides: sources.size, kilobytes: Math.round(bytes / 1024) }));
    return;
  }
  const recordings = await loadAlphabetFolder(input);
  await mkdir(out, { recursive: true });
  let bytes = 0;
  for (const [sign, recording] of recordings) {
    const gif = renderGuideGif(alphabetGuideFrames(recording, frameCount), { size, fps, aspect: ALPHABET_ASSUMED_WIDTH / ALPHABET_ASSUMED_HEIGHT });
    await writeFile(join(out, `${sign}.gif`), gif);
    bytes += gif.byteLength;
  }
  console.log(JSON.stringify({ out, guides: recordings.size, kilobytes: Math.round(bytes / 1024) }));
}
