// Real signers: photographs of real people -> our tracker -> the default judge, beside MediaPipe
// Hands (bench/signers/; tracking 170 photographs, the committed judge on them, then every
// photograph judged by a judge learned without it: eleven folds, a minute or three each): only
// when named. Writes the committed bench/signers.md (a quick run: into the output folder, without
// the cross-validation, whose learning reads our tracker's landmarks from bench/results/signers,
// not a quick run's folder).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSigners } from '../signers/run_signers.ts';
import { signersMarkdown, signersTotals } from '../signers/signers_markdown.ts';
import type { BenchStage } from './stage.ts';

export const signersStage: BenchStage = {
  title: 'Real signers (`npm run bench -- --only signers`; details in bench/signers.md)',
  wanted: ({ options }) => Boolean(options.only?.includes('signers')),
  async run({ root, options, log, results }) {
    log('bench: real signers (photographs of real people -> our tracker -> the default judge)');
    try {
      const result = await runSigners({ root, outDir: options.outDir, log: (line) => log(`bench:   ${line}`), rerunMediaPipe: options.rerunMediaPipe, video: options.signersVideo, videoWithoutBody: options.signersVideoWithoutBody, scheduled: options.schedule, acceptance: results.acceptance, crossValidate: !options.quick });
      const tables = options.quick ? options.outDir : join(root, 'bench');
      mkdirSync(tables, { recursive: true });
      writeFileSync(join(tables, 'signers.md'), signersMarkdown(result));
      results.signers = { status: 'ok', table: signersTotals(result) };
      log(`bench: wrote ${join(tables, 'signers.md')}`);
    } catch (error) {
      log(`bench: signers failed: ${(error as Error).message}`);
      results.signers = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  },
  report: ({ signers }) => (signers ? [signers.table ?? `${signers.status}: ${signers.reason ?? ''}`] : null),
};
