// The built app on the production server: load and Lighthouse (bench/serve/run_serve.ts). It
// builds the app and runs Lighthouse (a minute or more): full runs and `--only serve`.
import { runServeBench, serveMarkdown, type ServeBenchResult } from '../serve/run_serve.ts';
import type { BenchStage } from './stage.ts';

export const serveStage: BenchStage = {
  title: 'The built app on the production server (`npm run bench -- --only serve`)',
  wanted: ({ options, wants }) => Boolean(options.only?.includes('serve') || (!options.quick && wants('serve'))),
  async run({ options, log, results }) {
    log('bench: the built app on the production server');
    results.serve = await runServeBench({ quick: options.quick, log });
  },
  report: ({ serve }) => (serve && serve.status !== 'skipped' ? [serveMarkdown(serve as ServeBenchResult)] : null),
};
