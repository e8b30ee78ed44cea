// Runs one bench page in a fresh browser context and returns its raw samples.
import type { Browser } from 'playwright-core';
import { failedRun, type PageRunConfig, type RawRunResult } from './types.ts';

/**
 * Opens `url` in a fresh context, waits for `window[readyGlobal]`, calls `window[fnGlobal](config)`
 * and returns its result, or the error, with the page's console errors either way.
 */
export async function callPageFunction<C, R>(
  browser: Browser,
  url: string,
  readyGlobal: string,
  fnGlobal: string,
  config: C,
  timeoutMs: number,
): Promise<{ result?: R; error?: string; consoleLines: string[] }> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const tab = await context.newPage();
  const consoleLines: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') consoleLines.push(`${msg.type()}: ${msg.text()}`.slice(0, 400));
  });
  tab.on('pageerror', (err) => consoleLines.push(`pageerror: ${err.message}`.slice(0, 400)));
  try {
    await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] === true, readyGlobal, { timeout: 30_000 });
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      tab.evaluate(
        ([name, c]) => (window as unknown as Record<string, (c: unknown) => Promise<unknown>>)[name as string]!(c),
        [fnGlobal, config] as const,
      ) as Promise<R>,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    return { result, consoleLines };
  } catch (error) {
    return { error: (error as Error).message, consoleLines };
  } finally {
    await context.close();
  }
}

export async function runPage(
  browser: Browser,
  serverUrl: string,
  page: string,
  config: PageRunConfig,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<RawRunResult> {
  const url = `${serverUrl}${config.base}/pages/${page}.html`;
  const { result, error, consoleLines } = await callPageFunction<PageRunConfig, RawRunResult>(browser, url, 'benchReady', 'runBench', config, timeoutMs);
  if (result) {
    if (result.status !== 'ok' && consoleLines.length > 0) result.notes = consoleLines.slice(-10);
    return result;
  }
  log(`bench: ${page} ${config.variant} ${config.clip}: ${error}`);
  return failedRun('error', `${error}${consoleLines.length ? `\n${consoleLines.slice(-10).join('\n')}` : ''}`);
}
