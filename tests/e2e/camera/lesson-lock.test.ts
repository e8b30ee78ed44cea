// A locked lesson cannot be opened by typing its /camera address (product.md §4.9 Lesson progress, §6 Roles
// level lock): the lessons page hides it, and the camera page checks it again.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../setup/browser.ts';
import { cameraUrl, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
});
afterAll(async () => {
  await browser?.close();
});

describe('locked lessons on the camera screen', () => {
  test('a new learner cannot open lesson 2, nor a lesson of level 2, by address; lesson 1 opens', async () => {
    const { page, context } = await signedInPage(browser);
    const locked = page.getByRole('alert').filter({ hasText: 'This lesson is locked. Finish the lessons before it first.' });

    await page.goto(cameraUrl(0, 0, 1));
    await locked.waitFor();
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to lessons' }).getAttribute('href')).toBe('/lessons?level=0&chapter=0');

    await page.goto(cameraUrl(1, 0, 0));
    await locked.waitFor();
    expect(await page.locator('video').count()).toBe(0);

    await page.goto(cameraUrl(0, 0, 0));
    await page.locator('video').waitFor({ state: 'attached', timeout: 60_000 });
    expect(await locked.count()).toBe(0);
    await context.close();
  });
});
