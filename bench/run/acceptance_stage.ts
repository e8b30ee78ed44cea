// The practice loop's judges: acceptance (own letters, perturbed, wrong letters, non-signs) and the
// time to complete a letter at 8, 15 and 30 judged frames per second (bench/acceptance/; about 40 s,
// the quick run a subset). A full run rewrites the committed tables bench/acceptance.md and
// bench/practice-timing.md; a quick run writes them into the output folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptanceMarkdown, acceptanceSummary, runAcceptance, timingMarkdown } from '../acceptance/run_acceptance.ts';
import type { BenchStage } from './stage.ts';

export const acceptanceStage: BenchStage = {
  title: 'The practice loop\'s judges (`npm run bench -- --only acceptance`)',
  wanted: (ctx) => ctx.wants('acceptance'),
  async run({ root, options, log, results }) {
    log('bench: the practice loop\'s judges (acceptance and timing)');
    const acceptance = await runAcceptance({ quick: options.quick, log: (line) => log(`bench:   ${line}`) });
    results.acceptance = acceptance;
    const tables = options.quick ? options.outDir : join(root, 'bench');
    mkdirSync(tables, { recursive: true });
    writeFileSync(join(tables, 'acceptance.md'), acceptanceMarkdown(acceptance));
    writeFileSync(join(tables, 'practice-timing.md'), timingMarkdown(acceptance));
  },
  report: (out) => [out.acceptance ? acceptanceSummary(out.acceptance) : 'not run'],
};
