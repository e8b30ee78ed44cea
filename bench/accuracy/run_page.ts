// Runs the accuracy page (bench/pages/accuracy.ts) once in a fresh browser context.
import type { Browser } from 'playwright-core';
import type { AccuracyPageConfig, AccuracyPageResult } from './types.ts';

export async function runAccuracyPage(
  browser: Browser,
  serverUrl: string,
  config: AccuracyPageConfig,
  timeoutMs: number,
): Promise<AccuracyPageResult> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const tab = await context.newPage();
  const consoleLines: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error') consoleLines.push(`${msg.type()}: ${msg.text()}`.slice(0, 400));
  });
  tab.on('pageerror', (err) => consoleLines.push(`pageerror: ${err.message}`.slice(0, 400)));
  try {
    await tab.goto(`${serverUrl}/pages/accuracy.html`, { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForFunction(() => window.accuracyReady === true, undefined, { timeout: 30_000 });
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      tab.evaluate((c) => window.runAccuracy!(c), config),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (result.status !== 'ok' && consoleLines.length > 0) result.reason = `${result.reason ?? ''}\n${consoleLines.slice(-10).join('\n')}`;
    return result;
  } catch (error) {
    return { status: 'error', reason: `${(error as Error).message}\n${consoleLines.slice(-10).join('\n')}`, backend: {}, width: 0, height: 0, loadMs: NaN, frames: [], checksums: [] };
  } finally {
    await context.close();
  }
}
