// The time to the first skeleton on a fake camera, first and second visit (bench/first-skeleton/;
// about 1 minute a load on a busy machine): full runs and `--only first-skeleton`.
import { firstSkeletonMarkdown, runFirstSkeleton } from '../first-skeleton/run_first_skeleton.ts';
import type { BenchStage } from './stage.ts';

export const firstSkeletonStage: BenchStage = {
  title: 'Time to the first skeleton (`npm run bench -- --only first-skeleton`)',
  wanted: ({ options, wants }) => Boolean(options.only?.includes('first-skeleton') || (!options.quick && wants('first-skeleton'))),
  async run({ root, options, log, results }) {
    log('bench: time to the first skeleton (fake camera; first and second visit)');
    try {
      results.firstSkeleton = { status: 'ok', rows: await runFirstSkeleton({ root, loads: options.quick ? 1 : 3, log }) };
    } catch (error) {
      results.firstSkeleton = { status: 'error', reason: String((error as Error).stack ?? error) };
      log(`bench: first skeleton failed: ${(error as Error).message}`);
    }
  },
  report: ({ firstSkeleton }) => (firstSkeleton?.rows ? [firstSkeletonMarkdown(firstSkeleton.rows)] : null),
};
