// Shared pieces of the app's browser tests: where the app and the emulators are (provided by
// tests/setup/global-setup.ts), test users made through the Auth emulator's REST API, database
// writes through the admin REST API, screenshots at two widths and the axe-core check.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, MOBILE_VIEWPORT } from '../../setup/browser.ts';
import { adminGet, adminUpdate, type AdminDatabase } from '../../../server/admin-rest.ts';

const provided = (key: string): string | undefined => (inject as unknown as (k: string) => string | undefined)(key);

/** The learning host (learn.localhost) and the marketing host (localhost) of the served app. */
export const learnUrl = provided('learnAppUrl') ?? process.env.SIGNLEARN_LEARN_URL ?? 'http://learn.localhost:5373';
export const marketingUrl = provided('appUrl') ?? process.env.SIGNLEARN_APP_URL ?? 'http://localhost:5373';
const authHost = provided('authEmulatorHost') ?? process.env.SIGNLEARN_AUTH_HOST ?? '127.0.0.1:9399';
const databaseUrl = provided('databaseUrl') ?? process.env.SIGNLEARN_DATABASE_URL ?? 'http://127.0.0.1:9300?ns=demo-signlearn';

let counter = 0;
/** A name unique to this run, within the 20-character username limit. */
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter}`.slice(0, 20);
}

/** The database as its owner (admin REST, bypasses the rules), as the server's tools reach it. */
const owner: AdminDatabase = { databaseUrl, accessToken: 'owner', timeoutMs: 15_000 };

/** Reads the database as its owner. */
export function dbAdminGet(path: string): Promise<unknown> {
  return adminGet(owner, path);
}

/**
 * One multi-path update at the root, as the owner. Checked by reading every path back: a
 * write whose reply does not come within a few seconds still counts when the data is there
 * (the database stand-in has been seen applying writes without answering).
 */
export async function dbAdminUpdate(changes: Record<string, unknown>): Promise<void> {
  try {
    await adminUpdate({ ...owner, timeoutMs: 5_000 }, '', changes);
    return;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
  }
  for (const [path, value] of Object.entries(changes)) {
    const stored = await dbAdminGet(path);
    if (JSON.stringify(stored) === JSON.stringify(value)) continue;
    if (value !== null && typeof value === 'object' && stored !== null) continue; // objects come back reordered
    throw new Error(`dbAdminUpdate: ${path} was not written`);
  }
}

export interface TestUser {
  uid: string;
  username: string;
  email: string;
  password: string;
}

/** Creates an account in the Auth emulator and its user record and username entry. */
export async function createUser(options: { maxLevel?: number; progress?: Record<string, Record<string, number>>; language?: string } = {}): Promise<TestUser> {
  const username = uniqueName('user');
  const email = `${username.toLowerCase()}@example.com`;
  const password = 'Secret1!';
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string };
  if (!response.ok || !body.localId) throw new Error(`createUser: ${response.status} ${JSON.stringify(body)}`);
  const uid = body.localId;
  await dbAdminUpdate({
    [`users/${uid}`]: {
      info: { username, email, maxLevel: options.maxLevel ?? 1 },
      currentLanguage: options.language ?? 'american',
      ...(options.progress ? { progressPerLanguage: { [options.language ?? 'american']: options.progress } } : {}),
    },
    [`usernames/${username}`]: { uid },
  });
  return { uid, username, email, password };
}

/** Signs in through the login page and waits for the learning home. */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto(`${learnUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${learnUrl}/`);
  await expect.poll(() => page.getByRole('button', { name: /Level \d+/ }).count(), { timeout: 60_000 }).toBe(1);
}

/** The error text shown under a labelled field. */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  // An input may also be described by a hint (fields.tsx): the error is the `-error` one.
  const errorId = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).find((id) => id.endsWith('-error'));
  if (!errorId) return '';
  return (await page.locator(`[id="${errorId}"]`).textContent()) ?? '';
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 30_000 });
}

const screenshotDir = join(process.cwd(), 'test-results', 'screenshots');

/** Saves `<name>-desktop.png` and `<name>-mobile.png` (full page) under test-results/screenshots. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(MOBILE_VIEWPORT);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(screenshotDir, `${name}-mobile.png`), fullPage: true });
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

/** axe-core finds no serious or critical violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page: page as never }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
