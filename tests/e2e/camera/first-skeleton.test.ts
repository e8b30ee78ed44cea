// The time from opening the camera screen to the first skeleton, read from the app
// itself (the overlay canvas's data-first-skeleton-ms and the 'signlearn:first-skeleton'
// performance measure), on Chromium's fake camera with the real tracker. A first visit opens the
// screen by its address; the second comes from the lessons page, where pointing at the lesson warms
// the tracker up, and reads the models from Cache Storage instead of the server. The figures are
// printed with the load average (speed is the bench's: bench/first-skeleton/), never asserted.
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cameraUrl, launchWithFakeCamera, learnUrl, messiPhoto, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera(messiPhoto);
});
afterAll(async () => {
  await browser?.close();
});

/** The app's figure once the first skeleton is drawn, and the performance measure's. */
async function firstSkeleton(page: Page): Promise<{ attribute: number; measure: number | null }> {
  const canvas = page.locator('canvas.practice__overlay');
  await expect.poll(() => canvas.getAttribute('data-first-skeleton-ms'), { timeout: 180_000 }).toMatch(/^\d+$/);
  const attribute = Number(await canvas.getAttribute('data-first-skeleton-ms'));
  const measure = await page.evaluate(() => performance.getEntriesByName('signlearn:first-skeleton').at(-1)?.duration ?? null);
  return { attribute, measure };
}

describe('time to the first skeleton, from the app', () => {
  test('first visit by address, second from the lessons page with the models kept in Cache Storage', { timeout: 420_000 }, async () => {
    const { page, context, consoleErrors } = await signedInPage(browser);
    // Model files the tracker's worker asks the server for (Playwright sees a worker's requests).
    const modelRequests: string[] = [];
    context.on('request', (request) => {
      if (/\/models\/.+\.(bin|json|wasm)$/.test(new URL(request.url()).pathname)) modelRequests.push(new URL(request.url()).pathname);
    });

    await page.goto(cameraUrl(0, 0, 0));
    const first = await firstSkeleton(page);
    console.log(`first skeleton, first visit: ${first.attribute} ms after the camera screen opened (load average ${loadavg()[0]!.toFixed(1)})`);
    expect(first.attribute).toBeGreaterThan(0);
    expect(Math.round(first.measure!)).toBe(first.attribute);
    expect(modelRequests.filter((path) => path.endsWith('.bin')).length).toBeGreaterThanOrEqual(3);
    const kept = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('signlearn-tracker-'));
      const cache = await caches.open(names[0]!);
      return { names, files: (await cache.keys()).map((request) => new URL(request.url).pathname).sort() };
    });
    console.log('Cache Storage:', JSON.stringify(kept));
    expect(kept.names).toHaveLength(1);
    expect(kept.names[0]).toMatch(/^signlearn-tracker-human-models-[\d.]+\+tfjs-wasm-[\d.]+$/);
    expect(kept.files).toEqual(expect.arrayContaining(['/models/blazepose-detector.bin', '/models/blazepose-full.bin', '/models/handlandmark-full.bin']));
    expect(kept.files.some((path) => path.startsWith('/models/wasm/') && path.endsWith('.wasm'))).toBe(true);

    // Second visit: the lessons page, the learner points at lesson 1 and opens it.
    modelRequests.length = 0;
    await page.goto(`${learnUrl}/lessons?level=0&chapter=0`);
    const lesson = page.locator('a[href*="/camera?level=0&chapter=0&lesson=0"]');
    await lesson.hover();
    await lesson.click();
    await page.waitForURL(/\/camera\?/);
    const second = await firstSkeleton(page);
    console.log(`first skeleton, second visit: ${second.attribute} ms after the camera screen opened (load average ${loadavg()[0]!.toFixed(1)})`);
    expect(second.attribute).toBeGreaterThan(0);
    expect(Math.round(second.measure!)).toBe(second.attribute);
    expect(modelRequests).toEqual([]);
    expect(consoleErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
