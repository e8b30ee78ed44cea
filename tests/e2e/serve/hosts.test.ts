// The built app contacts only its own origin and its configured Firebase hosts:
// every request of the page and its workers, and every WebSocket, through a whole session on the
// production server: landing page, register, learning home, a lesson, practice to the end, sign out.
// The same session runs under the app's Content-Security-Policy with no violation reported (the
// lesson's angles through the WebAssembly kernel, the database, the progress save): one lesson
// played for both checks (the real tracker under the policy: csp.test.ts).
// Before, Auth's popup helper fetched apis.google.com/js/api.js on every page of a mobile browser
// (getAuth starts it at once where popups are unreliable: mobile, Safari, iOS), so the pages are also
// visited as Chrome on Android.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { createUser, uniqueName } from '../app/app-harness.ts';
import { launchWithFakeCamera, makeLessonFixture, serveFixture } from '../camera/camera-harness.ts';
import { logInTo, readPolicy, recordCspViolations, startBuiltApp, type BuiltApp } from './built-app.ts';

let app: BuiltApp;
let browser: Browser;
beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Every origin the context's pages and workers request or open a WebSocket to, from now on. */
function recordOrigins(context: BrowserContext, page: Page): Set<string> {
  const contacted = new Set<string>();
  const note = (url: string) => {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return;
    contacted.add(`${parsed.protocol}//${parsed.host}`);
  };
  context.on('request', (request) => note(request.url()));
  page.on('websocket', (socket) => note(socket.url()));
  page.on('worker', (worker) => note(worker.url()));
  return contacted;
}

function expectOnlyAllowed(contacted: Set<string>): void {
  const allowed = new Set(app.allowedHosts.flatMap((host) => [`http://${host}`, `ws://${host}`]));
  console.log('contacted:', [...contacted].join(', '));
  expect([...contacted].filter((origin) => !allowed.has(origin))).toEqual([]);
  // The pages did reach the identity provider, so the check saw real traffic.
  expect([...contacted]).toContain(`http://${app.allowedHosts[2]}`);
}

test('a whole session reaches only the app\'s own origin and its Firebase hosts, under its CSP with no violation', async () => {
  const policy = await readPolicy(`${app.marketingUrl}/camera`); // Node does not resolve learn.localhost
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain("frame-ancestors 'none'");
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const contacted = recordOrigins(context, page);
  const violations = await recordCspViolations(context, page);

  // Landing (marketing host), then register on the learning host.
  await page.goto(`${app.marketingUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${app.learnUrl}/register`);
  const username = uniqueName('host');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(`${username.toLowerCase()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('abc123!');
  await page.getByLabel('Confirm password', { exact: true }).fill('abc123!');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${app.learnUrl}/`);
  await page.getByRole('button', { name: /Level 1$/ }).waitFor({ timeout: 20_000 });

  // A lesson, practised to the end from recorded landmarks.
  const fixture = await serveFixture(context, 'abc.json', await makeLessonFixture(['A', 'B', 'C'], 9));
  await page.goto(`${app.learnUrl}/camera?level=0&chapter=0&lesson=0&fixture=${encodeURIComponent(fixture)}`);
  await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toContain('recorded landmarks');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await page.getByRole('heading', { name: 'Lesson Completed!' }).waitFor({ timeout: 150_000 });
  // The angles ran through the WebAssembly kernel, which the CSP would have stopped without 'wasm-unsafe-eval'.
  expect(await page.evaluate(() => typeof WebAssembly.Module)).toBe('function');

  // Sign out.
  await page.goto(`${app.learnUrl}/`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${app.learnUrl}/login`);
  await page.waitForTimeout(1_000); // and CSP reports are sent asynchronously

  expectOnlyAllowed(contacted);
  expect([...contacted]).toContain(`ws://${app.allowedHosts[3]}`);
  expect(violations).toEqual([]);
  await context.close();
});

test('as a mobile browser: landing, register and login pages, signing in', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const contacted = recordOrigins(context, page);
  await page.goto(`${app.marketingUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${app.learnUrl}/register`);
  await page.getByRole('heading', { name: 'Sign up to continue' }).waitFor();
  await page.waitForTimeout(4_000); // the auth listener starts 3 s in
  await logInTo(app, page, await createUser());
  await page.waitForTimeout(2_000);
  expectOnlyAllowed(contacted);
  await context.close();
});
