// Sign-up and login never hang on the database connection. The Firebase SDK remembers a
// WebSocket that did not become healthy (localStorage `firebase:previous_websocket_failure`, also
// left behind by a reload within seconds of connecting) and then starts with long polling, whose
// JSONP frames the app's `Cross-Origin-Embedder-Policy: require-corp` blocks (and which the
// database stand-in does not serve): the form spun forever. These tests drive the real app in
// Chromium against the test emulators; WebSocket failures are made with Playwright's WebSocket
// routing on the database's `/.ws` endpoint. docs/engineer/backend.md (The connection) says what the app does.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { createUser, fieldError, learnUrl, uniqueName } from './app-harness.ts';

const SIGN_UP_UNREACHABLE = 'Error creating account: the database could not be reached. Check your internet connection (a network that blocks WebSockets blocks it too) and try again.';
const LOGIN_UNREACHABLE = 'Login failed: the database could not be reached. Check your internet connection (a network that blocks WebSockets blocks it too) and try again.';
/** The database's WebSocket endpoint (ws://host:port/.ws?ns=...&v=5). */
const DATABASE_SOCKET = /\/\.ws\?/;
/** Long enough for a sign-up on a loaded machine, short enough that a hang fails the test. */
const SIGNED_IN_WITHIN_MS = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillRegister(page: Page, values: { username: string; email: string; password?: string }) {
  const password = values.password ?? 'abc123!';
  await page.getByLabel('Username', { exact: true }).fill(values.username);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

function freshAccount(): { username: string; email: string } {
  const username = uniqueName('conn');
  return { username, email: `${username.toLowerCase()}@example.com` };
}

/** Signs up a fresh account on /register (already open) and waits for the learning home. */
async function expectSignUpToSignIn(page: Page): Promise<void> {
  const account = freshAccount();
  await fillRegister(page, account);
  await page.waitForURL(`${learnUrl}/`, { timeout: SIGNED_IN_WITHIN_MS });
  await page.getByRole('button', { name: /Level 1$/ }).waitFor({ timeout: SIGNED_IN_WITHIN_MS });
  expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(account.username);
}

/** The text shown for a failure: under a field or in a toast, wherever the form puts it. */
async function anyMessage(page: Page, text: string, timeout: number): Promise<void> {
  await page.locator('[data-sonner-toast], [id$="-error"]').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
}

describe('the database connection survives a WebSocket failure', () => {
  test('a refused sign-up, a reload, then a valid sign-up ends signed in', async () => {
    const existing = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/register`);
    await fillRegister(page, { username: uniqueName('dup'), email: existing.email });
    await anyMessage(page, 'Email already in use', 15_000);
    // At once, as a learner would: the SDK's WebSocket has not yet been declared healthy.
    await page.reload();
    await expectSignUpToSignIn(page);
    await context.close();
  });

  test('a browser that remembers a failed WebSocket still signs up', async () => {
    const { page, context } = await openPage(browser);
    // What the SDK itself writes after a WebSocket failure, present before every page load.
    await context.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
    await page.goto(`${learnUrl}/register`);
    await expectSignUpToSignIn(page);
    await context.close();
  });

  test('WebSockets refused at first: the app connects again and signs up', async () => {
    const { page, context } = await openPage(browser);
    let refusals = 0;
    await page.routeWebSocket(DATABASE_SOCKET, (socket: WebSocketRoute) => {
      if (refusals < 2) {
        refusals += 1;
        void socket.close();
      } else {
        socket.connectToServer();
      }
    });
    await page.goto(`${learnUrl}/register`);
    await expectSignUpToSignIn(page);
    expect(refusals).toBe(2);
    await context.close();
  });
});

describe('no database at all', () => {
  test('sign-up says so within 10 s, the button comes back, and a reload signs up once the database answers', async () => {
    const { page, context } = await openPage(browser);
    // A database that accepts the connection and never answers it.
    let answering = false;
    await page.routeWebSocket(DATABASE_SOCKET, (socket: WebSocketRoute) => {
      if (answering) socket.connectToServer();
    });
    await page.goto(`${learnUrl}/register`);
    await fillRegister(page, freshAccount());
    await anyMessage(page, SIGN_UP_UNREACHABLE, 10_000);
    const button = page.getByRole('button', { name: 'Sign Up' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(false);
    expect(page.url()).toBe(`${learnUrl}/register`);
    expect(await fieldError(page, 'Email')).toBe('');
    // Nothing the failure left in the browser stops the next sign-up.
    answering = true;
    await page.reload();
    await expectSignUpToSignIn(page);
    await context.close();
  });

  test('login says so within 10 s and leaves nobody signed in', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.routeWebSocket(DATABASE_SOCKET, (socket: WebSocketRoute) => void socket.close());
    await page.goto(`${learnUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await anyMessage(page, LOGIN_UNREACHABLE, 10_000);
    const button = page.getByRole('button', { name: 'Login' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(false);
    expect(page.url()).toBe(`${learnUrl}/login`);
    expect(await page.evaluate(() => sessionStorage.getItem('uid'))).toBeNull();
    // Signed out again: the learning home sends this visitor back to /login.
    await page.goto(`${learnUrl}/`);
    await page.waitForURL(`${learnUrl}/login`);
    await context.close();
  });
});
