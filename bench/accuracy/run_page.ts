// Runs the accuracy page (bench/pages/accuracy.ts) once in a fresh browser context.
import type { Browser } from 'playwright-core';
import { callPageFunction } from '../lib/browser-run.ts';
import type { AccuracyPageConfig, AccuracyPageResult } from './types.ts';

export async function runAccuracyPage(
  browser: Browser,
  serverUrl: string,
  config: AccuracyPageConfig,
  timeoutMs: number,
): Promise<AccuracyPageResult> {
  const url = `${serverUrl}/pages/accuracy.html`;
  const { result, error, consoleLines } = await callPageFunction<AccuracyPageConfig, AccuracyPageResult>(browser, url, 'accuracyReady', 'runAccuracy', config, timeoutMs);
  const errors = consoleLines.filter((line) => !line.startsWith('warning'));
  if (result) {
    if (result.status !== 'ok' && errors.length > 0) result.reason = `${result.reason ?? ''}\n${errors.slice(-10).join('\n')}`;
    return result;
  }
  return { status: 'error', reason: `${error}\n${errors.slice(-10).join('\n')}`, backend: {}, width: 0, height: 0, loadMs: NaN, frames: [], checksums: [] };
}
