// Runs `npm run bench -- --quick --only serve` (the same command, through node directly): the built
// app on the production server under load for 2 s per target and one Lighthouse run, and checks the
// figures are written, well-formed, with no failed request. Never asserts a speed or a score.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const outDir = mkdtempSync(join(tmpdir(), 'bench-serve-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

test('the serve bench writes load and Lighthouse figures', () => {
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', '--quick', '--only', 'serve', '--out', outDir], { cwd: root, encoding: 'utf8', timeout: 280_000 });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  const out = JSON.parse(readFileSync(join(outDir, 'bench.json'), 'utf8'));
  expect(out.serve.status, out.serve.reason).toBe('ok');
  expect(out.serve.load.map((r: { name: string }) => r.name)).toEqual([expect.stringContaining('app shell'), expect.stringContaining('hashed asset'), expect.stringContaining('model file'), expect.stringContaining('feedback endpoint')]);
  for (const load of out.serve.load) {
    expect(load.requests, load.name).toBeGreaterThan(0);
    expect(load.errors, load.name).toBe(0);
    expect(load.latencyMs.p99, load.name).toBeGreaterThanOrEqual(load.latencyMs.p50);
  }
  expect(out.serve.memoryMiB.after.rss).toBeGreaterThan(0);
  const [landing] = out.serve.lighthouse;
  expect(landing.page).toBe('landing');
  for (const score of Object.values(landing.scores) as number[]) expect(score).toBeGreaterThanOrEqual(0);
  expect(landing.largestContentfulPaintMs).toBeGreaterThan(0);
  const markdown = readFileSync(join(outDir, 'bench.md'), 'utf8');
  expect(markdown).toMatch(/## \d+\. The built app on the production server/);
  expect(markdown).toMatch(/\| landing \| mobile \| \d+ \| \d+ \| \d+ \| \d+ \|/);
}, 300_000);
