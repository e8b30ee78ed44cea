// The camera screen on a phone (390x844) and a tablet (768x1024): the whole camera image
// is on screen (never cropped) with nothing drawn over it, the side panel is reachable as a drawer
// with its judge setting and tracking readouts inside the screen, and no text is cut. Screenshots
// of each size, drawer closed and open, go to test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cameraUrl, expectFixtureSource, launchWithFakeCamera, makeLessonFixture, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the camera image is drawn (object-fit and object-position applied), and the boxes drawn over the stage. */
function layout(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector('video')!;
    const style = getComputedStyle(video);
    const rect = video.getBoundingClientRect();
    const scale = Math.min(rect.width / video.videoWidth, rect.height / video.videoHeight);
    const width = video.videoWidth * scale;
    const height = video.videoHeight * scale;
    // object-position: '50% 140px' or '50% 50%'.
    const [, yText = '50%'] = style.objectPosition.split(' ');
    const top = rect.top + (yText.endsWith('%') ? ((rect.height - height) * parseFloat(yText)) / 100 : parseFloat(yText));
    const left = rect.left + (rect.width - width) / 2;
    const box = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;
    };
    // Text elements whose content is wider than their box, or taller where the box clips it
    // (cut off or ellipsed; a glyph reaching past a tight line height is not).
    const cut = [...document.querySelectorAll<HTMLElement>('.practice h1, .practice p, .practice span, .practice label, .practice [data-testid="hint"], .practice legend, .practice small')]
      .filter((el) => {
        if (el.offsetParent === null || !el.textContent?.trim() || getComputedStyle(el).display === 'inline') return false;
        const clipsY = getComputedStyle(el).overflowY !== 'visible';
        return el.scrollWidth > el.clientWidth + 1 || (clipsY && el.scrollHeight > el.clientHeight + 1);
      })
      .map((el) => `${el.className}: ${el.textContent!.trim().slice(0, 40)}`);
    return {
      objectFit: style.objectFit,
      image: { left, top, right: left + width, bottom: top + height },
      viewport: { width: innerWidth, height: innerHeight },
      top: box('.practice__top'),
      guide: box('.guide-overlay'),
      hint: box('[data-testid="hint"]'),
      tips: box('.tips-bar'),
      cut,
    };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
const inside = (a: Box, viewport: { width: number; height: number }) => a.left >= -1 && a.top >= -1 && a.right <= viewport.width + 1 && a.bottom <= viewport.height + 1;

describe('the camera screen on a phone and a tablet', () => {
  test.each([
    ['phone', 390, 844],
    ['tablet', 768, 1024],
  ])('%s %ix%i: the whole camera image in view and uncovered, the drawer reachable, no text cut', async (name, width, height) => {
    const { page, context, consoleErrors } = await signedInPage(browser);
    await page.setViewportSize({ width, height });
    const fixture = await serveFixture(context, `abc-${name}.json`, await makeLessonFixture(['A', 'B', 'C'], 9));
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('A');
    await expect.poll(() => page.evaluate(() => document.querySelector('video')!.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('hint').waitFor();
    await expect.poll(() => page.getByTestId('tracker-fps').textContent(), { timeout: 10_000 }).toMatch(/Tracking: \d+\.\d frames\/s/);

    const seen = await layout(page);
    console.log(`${name}:`, JSON.stringify(seen));
    expect(seen.objectFit).toBe('contain');
    expect(inside(seen.image, seen.viewport), 'the whole camera image is on screen').toBe(true);
    for (const part of ['top', 'guide', 'hint', 'tips'] as const) {
      expect(seen[part], part).not.toBeNull();
      expect(overlaps(seen[part]!, seen.image), `${part} covers the camera image`).toBe(false);
      expect(inside(seen[part]!, seen.viewport), `${part} on screen`).toBe(true);
    }
    // ...nor one another.
    for (const [a, b] of [['guide', 'hint'], ['guide', 'tips'], ['hint', 'tips'], ['top', 'guide']] as const) {
      expect(overlaps(seen[a]!, seen[b]!), `${a} over ${b}`).toBe(false);
    }
    expect(seen.cut).toEqual([]);
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, `camera-${name}-${width}x${height}.png`) });

    // A toast (top-right, over the top bar on a phone) lets a tap through to the button beneath it.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Well done' }).first().waitFor({ timeout: 20_000 });
    const tapReaches = await page.evaluate(() =>
      ['.practice__details', '.practice__flag'].map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest(selector) !== null;
      }),
    );
    expect(tapReaches, 'a tap on the lesson details and the flag reaches them under a toast').toEqual([true, true]);

    // The side panel: a drawer, closed at first, opened from the top bar, inside the screen.
    const panel = page.getByRole('complementary', { name: 'Lesson details' });
    await expect.poll(() => panel.isVisible()).toBe(false);
    const details = page.getByRole('button', { name: 'Lesson details and settings' });
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => panel.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(width + 1);
    const lenient = page.getByRole('radio', { name: /Lenient: the original rule/ });
    await expect.poll(() => lenient.isVisible()).toBe(true);
    for (const control of [page.getByRole('radio', { name: /Handshape/ }), lenient, page.getByTestId('tracker-backend'), page.getByTestId('tracker-fps')]) {
      const box = (await control.boundingBox())!;
      expect(inside({ left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height }, { width, height })).toBe(true);
    }
    expect(await page.getByRole('radio', { name: /Handshape/ }).isChecked()).toBe(true);
    expect((await layout(page)).cut).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, `camera-${name}-${width}x${height}-panel.png`) });
    await lenient.check();
    await page.getByRole('button', { name: 'Close lesson details' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    // The choice is the learner's: it is there when the drawer opens again.
    await details.click();
    expect(await lenient.isChecked()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
