// Camera failures show the SPEC 8 alert texts, and the screen says so in place of the video.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../setup/browser.ts';
import { cameraUrl, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  // A fake camera device, but every permission prompt refused.
  browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'] });
});
afterAll(async () => {
  await browser?.close();
});

async function nextAlert(page: Page): Promise<string> {
  const dialog = await page.waitForEvent('dialog', { timeout: 30_000 });
  const text = dialog.message();
  expect(dialog.type()).toBe('alert');
  await dialog.dismiss();
  return text;
}

describe('camera failures', () => {
  test("a refused camera: alert 'Failed to acquire camera feed: ...'", async () => {
    const { page, context } = await signedInPage(browser);
    const alert = nextAlert(page);
    await page.goto(cameraUrl(0, 0, 0));
    expect(await alert).toMatch(/^Failed to acquire camera feed: NotAllowedError/);
    await page.getByRole('alert').filter({ hasText: 'Failed to acquire camera feed:' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await context.close();
  });

  test("no camera API: alert 'No navigator.mediaDevices.getUserMedia exists.'", async () => {
    const { page, context } = await signedInPage(browser);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    });
    const alert = nextAlert(page);
    await page.goto(cameraUrl(0, 0, 0));
    expect(await alert).toBe('No navigator.mediaDevices.getUserMedia exists.');
    await context.close();
  });
});
