// Moving signs: real signers' HELLO and THANK YOU (data/popsign-hello-thankyou) through the judge of
// moving signs, cross-validated by signer (bench/moving-signs/; about a minute): only when named.
// Writes the committed bench/moving-signs.md (a quick run, another folder of signers given with
// `--popsign DIR`, or another camera path, `--schedule` and `--camera-fps N`: into the output folder).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MOVING_SIGN_SCHEDULE } from '../../engine/src/practice/tracking_schedule_for_sign.ts';
import { runMovingSigns } from '../moving-signs/run_moving_signs.ts';
import { movingSignsMarkdown, movingSignsTotals } from '../moving-signs/moving_signs_markdown.ts';
import type { BenchStage } from './stage.ts';

export const movingSignsStage: BenchStage = {
  title: 'Moving signs (`npm run bench -- --only moving-signs`; details in bench/moving-signs.md)',
  wanted: ({ options }) => Boolean(options.only?.includes('moving-signs')),
  async run({ root, options, log, results }) {
    log('bench: moving signs (real signers\' HELLO and THANK YOU -> the judge of moving signs, cross-validated by signer)');
    try {
      // `--schedule`: the tracker on a moving sign's schedule; `--camera-fps N`: N of the camera's frames a second tracked.
      const camera = { ...(options.cameraFps ? { fps: options.cameraFps } : {}), ...(options.schedule ? { schedule: MOVING_SIGN_SCHEDULE } : {}) };
      const result = await runMovingSigns({ root, folder: options.popsign, camera, log: (line) => log(`bench:   ${line}`) });
      const committed = !options.quick && !options.popsign && !options.cameraFps && !options.schedule;
      const tables = committed ? join(root, 'bench') : options.outDir;
      mkdirSync(tables, { recursive: true });
      const command = `npm run bench -- --only moving-signs${options.popsign ? ` --popsign ${options.popsign}` : ''}${options.schedule ? ' --schedule' : ''}${options.cameraFps ? ` --camera-fps ${options.cameraFps}` : ''}`;
      writeFileSync(join(tables, 'moving-signs.md'), movingSignsMarkdown(result, { command, date: new Date().toISOString().slice(0, 10) }));
      results.movingSigns = { status: 'ok', totals: movingSignsTotals(result) };
      log(`bench: wrote ${join(tables, 'moving-signs.md')}`);
    } catch (error) {
      log(`bench: moving signs failed: ${(error as Error).message}`);
      results.movingSigns = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  },
  report({ movingSigns }) {
    if (!movingSigns) return null;
    const t = movingSigns.totals;
    if (!t) return [`${movingSigns.status}: ${movingSigns.reason ?? ''}`];
    const lines = ['| measure | completed |', '|---|--:|'];
    for (const [speed, c] of Object.entries(t.own)) lines.push(`| own sign, ${speed} (median completion at ${c.medianShare ?? '-'} of the performance) | ${c.completed} / ${c.of} |`);
    lines.push(`| other sign | ${t.other.completed} / ${t.other.of} |`, `| still handshape | ${t.still.completed} / ${t.still.of} |`, `| non-signs | ${t.nonSigns.completed} / ${t.nonSigns.of} |`);
    return lines;
  },
};
