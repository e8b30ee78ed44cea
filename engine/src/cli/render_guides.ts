import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALPHABET_ASSUMED_HEIGHT, ALPHABET_ASSUMED_WIDTH } from '../recordings/alphabet_recording_schema.ts';
import { alphabetGuideFrames } from '../guide/alphabet_guide_frames.ts';
import { renderGuideGif } from '../guide/render_guide_gif.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const renderGuidesUsage = 'render-guides --in <folder of hand recordings> --out <folder> [--size 240] [--fps 12] [--frames 36]';

/** Animated guide GIFs (<SIGN>.gif) from hand-only recordings such as data/asl-alphabet. */
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
  const recordings = await loadAlphabetFolder(requireFlag(flags, 'in'));
  await mkdir(out, { recursive: true });
  let bytes = 0;
  for (const [sign, recording] of recordings) {
    const gif = renderGuideGif(alphabetGuideFrames(recording, frameCount), { size, fps, aspect: ALPHABET_ASSUMED_WIDTH / ALPHABET_ASSUMED_HEIGHT });
    await writeFile(join(out, `${sign}.gif`), gif);
    bytes += gif.byteLength;
  }
  console.log(JSON.stringify({ out, guides: recordings.size, kilobytes: Math.round(bytes / 1024) }));
}
