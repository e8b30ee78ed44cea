// The built app contacts only its own origin and its configured Firebase hosts (issue 18, row 5):
// every request of the page and its workers, and every WebSocket, through a whole session on the
// production server: landing page, register, learning home, a lesson, practice to the end, sign out.
// Before, Auth's popup helper fetched apis.google.com/js/api.js on every page.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { uniqueName } from '../app/app-harness.ts';
import { launchWithFakeCamera, makeLessonFixture, serveFixture } from '../camera/camera-harness.ts';
import { startBuiltApp, type BuiltApp } from './built-app.ts';

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

test('a whole session reaches only the app\'s own origin and its Firebase hosts', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const contacted = new Set<string>();
  const note = (url: string) => {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return;
    contacted.add(`${parsed.protocol}//${parsed.host}`);
  };
  context.on('request', (request) => note(request.url()));
  const page = await context.newPage();
  page.on('websocket', (socket) => note(socket.url()));
  page.on('worker', (worker) => note(worker.url()));

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
  await page.getByRole('heading', { name: 'Lesson Completed!' }).waitFor({ timeout: 150_000 });

  // Sign out.
  await page.goto(`${app.learnUrl}/`);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${app.learnUrl}/login`);
  await page.waitForTimeout(1_000);

  const allowed = new Set(app.allowedHosts.flatMap((host) => [`http://${host}`, `ws://${host}`]));
  console.log('contacted:', [...contacted].join(', '));
  expect([...contacted].filter((origin) => !allowed.has(origin))).toEqual([]);
  // The session did reach the identity provider and the database, so the check saw real traffic.
  const [, , authHost, databaseHost] = app.allowedHosts;
  expect([...contacted]).toEqual(expect.arrayContaining([`http://${authHost}`, `ws://${databaseHost}`]));
  await context.close();
});
