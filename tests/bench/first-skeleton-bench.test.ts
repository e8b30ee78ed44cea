// The bench's first-skeleton stage (bench/first-skeleton/) on two of its rows, one load: every visit
// reaches a skeleton and reports where its start-up went; with Cache Storage the first visit
// fetches the tracker's files (each model's .json and .bin, and TF.js's WASM binary) and the second
// reads all of them from the cache, without it nothing is kept. Never asserts a speed: the figures are printed, with the load average.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelFileNames } from '../../engine/src/tracker/model_urls.ts';
import { FIRST_SKELETON_FLOWS, firstSkeletonMarkdown, runFirstSkeleton } from '../../bench/first-skeleton/run_first_skeleton.ts';

const root = join(import.meta.dirname, '..', '..');
/** The files a full-model tracker fetches: two per model (graph and weights) and the WASM binary. */
const TRACKER_FILES = Object.keys(modelFileNames('full', 'full')).length * 2 + 1;

describe('bench: time to the first skeleton', () => {
  it('first and second visit, before and with the tracker warmed up and its files kept', { timeout: 300_000 }, async () => {
    const flows = FIRST_SKELETON_FLOWS.filter((flow) => flow.id === 'before' || flow.id === 'prestart-cache');
    const rows = await runFirstSkeleton({ root, loads: 1, flows, log: console.log });
    console.log(firstSkeletonMarkdown(rows));
    for (const row of rows) {
      for (const visit of [...row.first, ...row.second]) {
        expect(visit.status, visit.error).toBe('ok');
        expect(visit.firstPoseMs).toBeGreaterThan(0);
        expect(visit.firstLandmarksMs).toBeLessThanOrEqual(visit.firstPoseMs!);
        expect(visit.startup!.loadMs).toBeGreaterThan(0);
        expect(visit.startup!.warmUpMs).toBeGreaterThan(0);
      }
    }
    const [before, warmed] = rows;
    expect([before!.first[0]!.startup!.cacheHits, before!.second[0]!.startup!.cacheHits]).toEqual([0, 0]);
    expect(warmed!.first[0]!.startup).toMatchObject({ cacheHits: 0, cacheMisses: TRACKER_FILES });
    expect(warmed!.second[0]!.startup).toMatchObject({ cacheHits: TRACKER_FILES, cacheMisses: 0 });
    // The warmed-up tracker had its head start before the camera screen opened.
    expect(warmed!.first[0]!.headStartMs).toBeGreaterThanOrEqual(1500);
    expect(before!.first[0]!.headStartMs).toBe(0);
  });
});
