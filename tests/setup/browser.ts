// Launches Debian's Chromium through playwright-core with a fresh temporary profile. Shared by the
// app, camera and bench browser tests: pass extra flags (e.g. fake-camera ones) in `args`.
// Headless, it is Debian's chromium-headless-shell (installed by scripts/ensure-setup.mjs; the
// desktop chromium where it is missing): the same Chromium without the desktop browser around its
// pages, which costs every page about a third less CPU (docs/engineer/app.md) and is what
// playwright itself runs headless.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** A visible window needs the desktop Chromium; so does a machine without the shell (setup's
 * line about the missing package says so once a run, not each test file). */
const DESKTOP_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DESKTOP_CHROMIUM_PATH);

/** Nothing leaves the machine: every host name fails to resolve except loopback ones.
 * `*.localhost` (the learning host, learn.localhost) must be excluded explicitly. */
export const HOST_RESOLVER_RULES = 'MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1';

export const BASE_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--metrics-recording-only',
  `--host-resolver-rules=${HOST_RESOLVER_RULES}`,
];

export interface LaunchOptions {
  /** Extra Chromium flags, appended after the base ones. */
  args?: readonly string[];
  headless?: boolean;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const headless = options.headless ?? true;
  const executablePath = headless ? CHROMIUM_PATH : DESKTOP_CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: run 'node scripts/ensure-setup.mjs' (as root it installs Debian's ` +
        `chromium and chromium-headless-shell), or set CHROMIUM_PATH to a Chromium`,
    );
  }
  // launch() gives every browser a fresh temporary profile, removed on close.
  return chromium.launch({
    executablePath,
    headless,
    args: [...BASE_ARGS, ...(options.args ?? [])],
  });
}

export const DESKTOP_VIEWPORT = { width: 1366, height: 900 } as const;
export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;

/** A fresh context (own cookies, storage) and page; console errors are collected. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, ...options });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  return { context, page, consoleErrors };
}
