// The camera screen's guide: the corner guide is the current letter's 3-D hand, drawn
// from its recording (fingertips within 2 px of the recording's own image, in the hand's colour),
// following the lesson from A to B, turnable with the arrow keys. Screenshot:
// test-results/screenshots/camera-guide-hand.png.
//
// The lesson is held on each letter while its guide is checked (holdLessonOn): the recorded letter
// completes in a second or two, sooner than a loaded machine draws and screenshots the hand, and a
// check racing the lesson read the next letter's guide (or one detached by the re-render).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectTipsOnTheRecording, readHandView } from '../app/hand-guide-check.ts';
import { cameraUrl, expectFixtureSource, holdLessonOn, launchWithFakeCamera, makeLessonFixture, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

test('the guide in the corner is the current letter\'s hand, and it follows the lesson', async () => {
  const { context, page, consoleErrors } = await signedInPage(browser);
  const showTab = await holdLessonOn(page, ['A', 'B']);
  const fixture = await serveFixture(context, 'guide-hand-abc.json', await makeLessonFixture(['A', 'B', 'C'], 9));
  await page.goto(cameraUrl(0, 0, 0, fixture));
  await expectFixtureSource(page);
  const guide = page.locator('.guide-overlay');
  for (const letter of ['A', 'B']) {
    await expect.poll(() => signName(page), { timeout: 30_000 }).toBe(letter);
    const view = guide.locator(`[data-letter="${letter}"] [data-testid="hand-view"]`);
    await expect.poll(() => view.getAttribute('data-renderer'), { timeout: 15_000 }).toBe('webgl');
    await expect.poll(() => view.getAttribute('data-fingertips'), { timeout: 10_000 }).toBeTruthy();
    expectTipsOnTheRecording(letter, await readHandView(view));
    expect(await guide.locator('figcaption').textContent()).toBe(`Guide: ${letter}`);
    expect(await signName(page), 'the lesson held on the letter while its guide was checked').toBe(letter);
    if (letter === 'A') await showTab();
  }
  // Compact: no slider on the video, but the arrow keys turn it.
  const stage = guide.getByRole('img');
  expect(await stage.getAttribute('aria-label')).toMatch(/^Hand holding the letter B\. Left and right arrows turn it\.$/);
  await stage.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => guide.getByTestId('hand-view').getAttribute('data-yaw')).toBe('-15');
  await page.screenshot({ path: join(screenshotDir, 'camera-guide-hand.png') });
  expect(consoleErrors).toEqual([]);
  await context.close();
});
