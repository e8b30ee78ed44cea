// The built app runs under its own Content-Security-Policy: the real tracker in its worker (TF.js
// WASM, threads from blob: URLs under cross-origin isolation) on the production server, with no
// violation reported anywhere. A whole practice lesson under the policy (angles through the
// WebAssembly kernel, the database, the progress save) is hosts.test.ts's session, which plays one
// for both checks.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser } from '../app/app-harness.ts';
import { launchWithFakeCamera, messiPhoto } from '../camera/camera-harness.ts';
import { logInTo, readPolicy, recordCspViolations, startBuiltApp, type BuiltApp } from './built-app.ts';

let app: BuiltApp;
beforeAll(async () => {
  app = await startBuiltApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('the built app under its Content-Security-Policy', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  test('the real tracker in its worker (WASM, threads): no violation', async () => {
    const policy = await readPolicy(`${app.marketingUrl}/camera`); // Node does not resolve learn.localhost
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("worker-src 'self' blob:");
    browser = await launchWithFakeCamera(messiPhoto);
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    const violations = await recordCspViolations(context, page);
    const user = await createUser();
    await logInTo(app, page, user);
    await page.goto(`${app.learnUrl}/camera?level=0&chapter=0&lesson=0`);
    // Blocked WASM (or blocked thread workers) would leave the tracker on the CPU backend.
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 150_000 }).toMatch(/Pose tracking: (wasm|cpu)/i);
    expect(violations).toEqual([]);
    expect(await page.getByTestId('tracker-backend').textContent()).toMatch(/Pose tracking: wasm/i);
    const backend = (await page.getByTestId('tracker-backend').textContent())!;
    console.log('tracker backend under the CSP:', backend);
    await expect.poll(() => page.evaluate(() => Number(document.querySelector('canvas')?.dataset.framesDrawn ?? 0)), { timeout: 60_000 }).toBeGreaterThan(5);
    await page.waitForTimeout(1_000);
    expect(violations).toEqual([]);
    await context.close();
  });
});
