// Accuracy: our tracker's landmarks against MediaPipe Holistic's on the same pixels (bench/accuracy/;
// a full run, or `--only accuracy`).
import { accuracyMarkdown, runAccuracyStage, type AccuracyOutput } from '../accuracy/run_accuracy.ts';
import type { BenchStage } from './stage.ts';

export const accuracyStage: BenchStage = {
  title: 'Tracker accuracy against MediaPipe Holistic (same pixels)',
  wanted: ({ options, settings, wants }) => Boolean(options.only?.includes('accuracy') || (settings.accuracy.inDefaultRun && wants('accuracy'))),
  inBrowser: true,
  async run({ root, options, settings: s, log, browser, results }) {
    const { browser: chromium, serverUrl } = await browser();
    log('bench: accuracy against MediaPipe Holistic (its reference runs on SwiftShader: minutes)');
    results.accuracy = await runAccuracyStage({ root, browser: chromium, serverUrl, clipFrames: s.accuracy.clipFrames, pageTimeoutMs: 900_000, log, outDir: options.outDir, referenceFrom: options.referenceFrom }).catch(
      (error: Error): AccuracyOutput => ({ status: 'error', reason: String(error.stack ?? error), settings: { clipFrames: s.accuracy.clipFrames, fps: 30 }, items: [] }),
    );
  },
  report: (out) => (out.accuracy ? accuracyMarkdown(out.accuracy) : ['not run']),
};
