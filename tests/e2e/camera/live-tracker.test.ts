// The real tracker on the practice screen: Chromium's fake camera plays a video made from the
// fixture photograph (a footballer, arms spread), the tracker runs in its worker, and the live
// skeleton is drawn over the mirrored video; the backend in use is reported. (The fallback when a
// backend fails is tested with fake clients in tests/app/camera/tracker-fallback.test.ts: the
// CPU backend takes minutes to warm up the full models here.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cameraUrl, launchWithFakeCamera, messiPhoto, screenshotDir, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera(messiPhoto);
});
afterAll(async () => {
  await browser?.close();
});

/** Pixels of the overlay canvas that are drawn (alpha > 0), and how many are the skeleton's colours. */
function overlayPixels(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 200) drawn++;
    return { drawn, width: canvas.width, height: canvas.height, frames: Number(canvas.dataset.framesDrawn) };
  });
}

describe('the practice screen with the real tracker', () => {
  test('the live skeleton is drawn over the mirrored video, and the backend is reported', async () => {
    const { page, context, consoleErrors } = await signedInPage(browser);
    // ?perf=1: the overlay of the tracker's stage times, for performance engineers.
    await page.goto(`${cameraUrl(0, 0, 0)}&perf=1`);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 120_000 }).toMatch(/Pose tracking: (wasm|webgpu|cpu)/);
    const backend = (await page.getByTestId('tracker-backend').textContent())!;
    console.log('tracker backend:', backend);
    await expect.poll(async () => (await overlayPixels(page)).frames, { timeout: 60_000 }).toBeGreaterThan(10);
    // The side panel names the models and counts the frames; the overlay times each stage.
    expect(await page.getByTestId('tracker-models').textContent()).toMatch(/^Models: pose (full|lite), hand (full|lite)$/);
    await expect.poll(() => page.getByTestId('tracker-fps').textContent(), { timeout: 10_000 }).toMatch(/Tracking: \d+\.\d frames\/s/);
    await expect.poll(() => page.getByTestId('perf-overlay').textContent(), { timeout: 10_000 }).toMatch(/poseLandmarks \d+\.\d ms[\s\S]*handLandmarks \d+\.\d ms[\s\S]*latency \d+\.\d ms/);
    console.log('perf overlay:', (await page.getByTestId('perf-overlay').textContent())?.replace(/\n/g, ' | '));
    const pixels = await overlayPixels(page);
    console.log('overlay:', JSON.stringify(pixels));
    // The canvas follows the camera's frame size and carries a skeleton (pose and both hands).
    expect(pixels.width).toBe(await page.evaluate(() => document.querySelector('video')!.videoWidth));
    expect(pixels.drawn).toBeGreaterThan(2000);
    // Video and overlay are both mirrored, so the skeleton lies on the learner's image.
    const transforms = await page.evaluate(() => ['video', 'canvas'].map((s) => getComputedStyle(document.querySelector(s)!).transform));
    expect(transforms).toEqual(['matrix(-1, 0, 0, 1, 0, 0)', 'matrix(-1, 0, 0, 1, 0, 0)']);
    // The skeleton's pixels are where the footballer is: the centre column of the picture.
    const centre = await page.evaluate(() => {
      const canvas = document.querySelector('canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let sumX = 0;
      let n = 0;
      for (let y = 0; y < canvas.height; y++) {
        for (let x = 0; x < canvas.width; x++) {
          if (data[(y * canvas.width + x) * 4 + 3]! > 200) {
            sumX += x;
            n++;
          }
        }
      }
      return sumX / n / canvas.width;
    });
    expect(centre).toBeGreaterThan(0.25);
    expect(centre).toBeLessThan(0.75);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'camera-live-tracker.png') });
    expect(consoleErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
