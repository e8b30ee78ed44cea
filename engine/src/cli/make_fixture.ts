import { writeFile } from 'node:fs/promises';
import { buildPracticeFixture } from '../recordings/build_practice_fixture.ts';
import { loadAlphabetFolder } from '../node/load_alphabet_folder.ts';
import { parseFlags, requireFlag } from './parse_flags.ts';

export const makeFixtureUsage = 'make-fixture --in <folder of hand recordings> --signs A,B,C [--seconds 8] [--release-ms 0] --out <fixture .json>';

/** A recorded practice session from the alphabet recordings' held-out frames (see build_practice_fixture.ts). */
export async function runMakeFixture(args: readonly string[]): Promise<void> {
  const flags = parseFlags(args, { values: ['in', 'signs', 'seconds', 'release-ms', 'out'] });
  const signs = requireFlag(flags, 'signs').split(',').map((s) => s.trim()).filter(Boolean);
  if (signs.length === 0) throw new Error('--signs needs at least one sign');
  const seconds = flags.seconds === undefined ? 8 : Number(flags.seconds);
  if (!(seconds > 0)) throw new Error(`--seconds must be a positive number, got "${String(flags.seconds)}"`);
  const releaseMs = flags['release-ms'] === undefined ? 0 : Number(flags['release-ms']);
  if (!(releaseMs >= 0)) throw new Error(`--release-ms must be 0 or more, got "${String(flags['release-ms'])}"`);
  // --release-ms: between two equal signs in a row (BOOK's OO) the hand leaves the view that long.
  const fixture = buildPracticeFixture(await loadAlphabetFolder(requireFlag(flags, 'in')), signs, seconds, { releaseMs });
  const out = requireFlag(flags, 'out');
  await writeFile(out, JSON.stringify(fixture));
  console.log(JSON.stringify({ out, frames: fixture.frames.length, source: fixture.source }));
}
