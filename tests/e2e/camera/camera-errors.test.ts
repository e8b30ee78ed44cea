// Camera failures show the product.md §8 Errors alert texts, and the screen says so in place of the video, with
// what to do (allow the camera, connect one), and the side panel follows: no 'starting' left.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../setup/browser.ts';
import { cameraUrl, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  // A fake camera device, and the person refusing the camera when asked (Chromium's stand-in for
  // its prompt, set to refuse; the headless shell has no prompt for --deny-permission-prompts).
  browser = await launchBrowser({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'] });
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
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to acquire camera feed:' });
    await banner.waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // What to do, in words: allow the camera for this site.
    expect(await banner.getByTestId('camera-advice').textContent()).toMatch(/not allowing this site to use your camera.*set Camera to Allow, then press Try again/);
    await banner.getByRole('button', { name: 'Watch a recorded signer' }).waitFor();
    // The side panel says tracking is not running and why, not 'starting'.
    expect(await page.getByTestId('tracker-backend').textContent()).toBe('Pose tracking: not running (camera blocked)');
    expect(await page.getByTestId('tracker-fps').textContent()).toBe('Tracking: none');
    await context.close();
  });

  test('no camera connected: the screen says to connect one', async () => {
    const { page, context } = await signedInPage(browser);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    const alert = nextAlert(page);
    await page.goto(cameraUrl(0, 0, 0));
    expect(await alert).toBe('Failed to acquire camera feed: NotFoundError: Requested device not found');
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to acquire camera feed:' });
    await banner.waitFor();
    expect(await banner.getByTestId('camera-advice').textContent()).toMatch(/^No camera was found\. Connect a webcam/);
    expect(await page.getByTestId('tracker-backend').textContent()).toBe('Pose tracking: not running (no camera found)');
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
