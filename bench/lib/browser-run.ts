// Runs one bench page in a fresh browser context and returns its raw samples.
import type { Browser } from 'playwright-core';
import { failedRun, type PageRunConfig, type RawRunResult } from './types.ts';

export async function runPage(
  browser: Browser,
  serverUrl: string,
  page: string,
  config: PageRunConfig,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<RawRunResult> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const tab = await context.newPage();
  const consoleLines: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') consoleLines.push(`${msg.type()}: ${msg.text()}`.slice(0, 400));
  });
  tab.on('pageerror', (err) => consoleLines.push(`pageerror: ${err.message}`.slice(0, 400)));
  try {
    await tab.goto(`${serverUrl}${config.base}/pages/${page}.html`, { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForFunction(() => window.benchReady === true, undefined, { timeout: 30_000 });
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      tab.evaluate((c) => window.runBench!(c), config),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (result.status !== 'ok' && consoleLines.length > 0) result.notes = consoleLines.slice(-10);
    return result;
  } catch (error) {
    log(`bench: ${page} ${config.variant} ${config.clip}: ${(error as Error).message}`);
    return failedRun('error', `${(error as Error).message}${consoleLines.length ? `\n${consoleLines.slice(-10).join('\n')}` : ''}`);
  } finally {
    await context.close();
  }
}
