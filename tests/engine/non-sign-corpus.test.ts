// The non-sign corpus (data/non-signs/) is what its README and its maker say: real landmark
// fixtures in the engine's format, a hand in every frame, a source on every file, small.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { MAX_VIDEO_FRAMES, NON_SIGN_SOURCES } from '../../bench/acceptance/non_sign_sources.ts';

const folder = join(import.meta.dirname, '..', '..', 'data', 'non-signs');
const files = readdirSync(folder).filter((name) => name.endsWith('.json')).sort();

describe('non-sign corpus', () => {
  it('has one file per source of the maker, and no other', () => {
    expect(files).toEqual(NON_SIGN_SOURCES.map((source) => `${source.name}.json`).sort());
  });

  it.each(files)('%s parses as a landmark fixture with a source and a hand in every frame', (name) => {
    const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(join(folder, name), 'utf8')));
    expect(fixture.source?.trim().length ?? 0).toBeGreaterThan(20);
    expect(fixture.frames.length).toBeGreaterThan(0);
    expect(fixture.frames.length).toBeLessThanOrEqual(MAX_VIDEO_FRAMES);
    let previous = -1;
    for (const frame of fixture.frames) {
      expect(frame.leftHand !== undefined || frame.rightHand !== undefined).toBe(true);
      expect(frame.t).toBeGreaterThan(previous);
      previous = frame.t;
    }
  });

  it('mirrored twins hold the same points under the other label', () => {
    for (const source of NON_SIGN_SOURCES.filter((s) => s.mirrored)) {
      const read = (name: string) => landmarkFixtureSchema.parse(JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')));
      const twin = read(source.name);
      const plain = read(source.name.replace(/\.mirrored$/, ''));
      expect(twin.frames.length, source.name).toBe(plain.frames.length);
      for (const [i, frame] of twin.frames.entries()) {
        expect(frame.rightHand ?? frame.leftHand, `${source.name} frame ${i}`).toEqual(plain.frames[i]!.leftHand ?? plain.frames[i]!.rightHand);
      }
    }
  });

  it('is documented file by file in its README and stays under 2 MB', () => {
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    for (const source of NON_SIGN_SOURCES) expect(readme, source.name).toContain(`\`${source.name}.json\``);
    const bytes = files.reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
  });
});
