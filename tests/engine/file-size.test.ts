// Small files with one job each: no file of the engine's source is over 400 lines, and the file
// that wires the tracker's stages, which has the most to wire, at most 450.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../../server/paths.ts';

const LIMIT = 400;
/** Files allowed more than LIMIT lines, with their own limit. */
const OWN_LIMITS: Record<string, number> = { 'engine/src/tracker/landmark_tracker.ts': 450 };

const lineCount = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length;

test('no file in engine/src is over 400 lines (landmark_tracker.ts: 450)', () => {
  const files = readdirSync(join(ROOT, 'engine', 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length + 1).split('\\').join('/'));
  expect(files).toContain('engine/src/tracker/landmark_tracker.ts');
  const long = files.map((file) => [file, lineCount(file)] as const).filter(([file, lines]) => lines > (OWN_LIMITS[file] ?? LIMIT));
  expect(long).toEqual([]);
});
