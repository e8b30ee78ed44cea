// The Chromium the browser stages share: the bench's pages served with the clips, the model
// files and the peers' runtimes, and one headless browser.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { buildPages } from '../lib/pages.ts';
import { startStaticServer } from '../lib/server.ts';

export interface BrowserSession {
  browser: Browser;
  /** Chromium's version, for the machine's record. */
  version: string;
  serverUrl: string;
  close(): Promise<void>;
}

export async function openBrowserSession(root: string, log: (line: string) => void): Promise<BrowserSession> {
  const pagesDir = await buildPages(root, log);
  const server = await startStaticServer({
    '/pages/': pagesDir,
    '/clips/': join(root, '.cache', 'clips'),
    // One copy of the model files for everyone: the same BlazePose files for us and for human.
    '/models/': join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
    '/human-models/': join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
    '/tfjs-wasm/': join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'),
    '/mediapipe/': join(root, 'node_modules', '@mediapipe'),
    // The accuracy stills (data/photographs).
    '/repo/data/': join(root, 'data'),
    '/litert-wasm/': join(root, 'node_modules', '@litertjs', 'core', 'wasm'),
  });
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.close();
    throw error;
  }
  const version = browser.version();
  log(`bench: Chromium ${version} at ${server.url}`);
  return {
    browser,
    version,
    serverUrl: server.url,
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}
