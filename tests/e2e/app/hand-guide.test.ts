// The 3-D hand guide: for every letter the picture in Chromium (WebGL on SwiftShader)
// is the letter's recording seen from the camera. Each fingertip the guide reports
// (data-fingertips) lies where the recording has it, up to the one scale and shift that frames
// the picture (fitted here, independently of the app's framing code), within 2 px; and the
// screenshot's pixel there is the hand's, not the background. The hand turns (arrow keys, the
// slider), J and Z play their movement, the still picture stands in where WebGL is missing, and
// the same holds on a 390x844 phone. Screenshots: test-results/screenshots/hand-guide-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, MOBILE_VIEWPORT, openPage } from '../../setup/browser.ts';
import { createUser, learnUrl, logIn } from './app-harness.ts';
import { expectTipsOnTheRecording, isHand, pixelAt, readHandView } from './hand-guide-check.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const screenshotDir = join(process.cwd(), 'test-results', 'screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const readGuide = (guide: Locator) => readHandView(guide.getByTestId('hand-view'));

async function homeGuide(page: Page): Promise<Locator> {
  const guide = page.getByTestId('letter-guide');
  await guide.waitFor({ timeout: 20_000 });
  return guide;
}

async function showLetter(guide: Locator, letter: string): Promise<void> {
  await guide.getByLabel('Letter to show').selectOption(letter);
  await guide.locator(`[data-letter="${letter}"] [data-renderer="webgl"], [data-letter="${letter}"] [data-renderer="still"]`).waitFor({ timeout: 20_000 });
  await expect.poll(() => guide.getByTestId('hand-view').getAttribute('data-fingertips'), { timeout: 10_000 }).toBeTruthy();
}

/** A moving letter paused: it rests on a whole recorded frame. */
async function pause(guide: Locator): Promise<void> {
  await guide.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => guide.getByTestId('hand-view').getAttribute('data-playing')).toBe('false');
}

describe('the 3-D hand guide', () => {
  test('every letter: a lit hand whose fingertips are where its recording has them', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser);
    await logIn(page, user);
    const guide = await homeGuide(page);
    for (const letter of LETTERS) {
      await showLetter(guide, letter);
      expect(await guide.getByTestId('hand-view').getAttribute('data-renderer')).toBe('webgl');
      if (letter === 'J' || letter === 'Z') await pause(guide);
      const shown = await readGuide(guide);
      expectTipsOnTheRecording(letter, shown);
      await guide.getByTestId('hand-view').locator('canvas').screenshot({ path: join(screenshotDir, `hand-guide-${letter}.png`) });
    }
    await page.screenshot({ path: join(screenshotDir, 'hand-guide-home-desktop.png') });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('turns with the arrow keys and the slider, and J and Z play their movement', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser);
    await logIn(page, user);
    const guide = await homeGuide(page);
    await showLetter(guide, 'Q');
    const view = guide.getByTestId('hand-view');
    const front = await readGuide(guide);
    const canvas = view.locator('canvas');
    const stage = view.getByRole('img');
    await stage.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => view.getAttribute('data-yaw')).toBe('60');
    expect(await stage.getAttribute('aria-label')).toMatch(/turned 60 degrees right/);
    const turned = await readGuide(guide);
    // Turned, the thumb and fingers move on screen and the picture changes; the tips are still drawn.
    const moved = turned.tips.map((p, k) => Math.hypot(p[0] - front.tips[k]![0], p[1] - front.tips[k]![1]));
    expect(Math.max(...moved)).toBeGreaterThan(10);
    let changed = 0;
    for (let i = 0; i < front.pixels.data.length; i += 3) if (Math.abs(front.pixels.data[i]! - turned.pixels.data[i]!) > 30) changed++;
    expect(changed / (front.pixels.data.length / 3)).toBeGreaterThan(0.02);
    turned.tips.forEach(([x, y]) => expect(isHand(pixelAt(turned, x, y))).toBe(true));
    await canvas.screenshot({ path: join(screenshotDir, 'hand-guide-Q-turned.png') });
    // The slider: labelled, and it turns the other way.
    const slider = guide.getByRole('slider', { name: 'Turn the hand' });
    await slider.fill('-45');
    await expect.poll(() => view.getAttribute('data-yaw')).toBe('-45');
    // Dragging turns it too.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => view.getAttribute('data-yaw')).toBe('-15');

    for (const [letter, tip] of [['J', 4], ['Z', 1]] as const) {
      await showLetter(guide, letter);
      expect(await view.getAttribute('data-playing')).toBe('true');
      const frames = new Set<number>();
      const tipsSeen: Array<[number, number]> = [];
      for (let i = 0; i < 12; i++) {
        frames.add(Number(await view.getAttribute('data-frame')));
        tipsSeen.push((JSON.parse((await view.getAttribute('data-fingertips'))!) as Array<[number, number]>)[tip]!);
        await page.waitForTimeout(150);
      }
      expect(frames.size, `${letter}: recorded frames shown while playing`).toBeGreaterThanOrEqual(5);
      const xs = tipsSeen.map((p) => p[0]);
      const ys = tipsSeen.map((p) => p[1]);
      expect(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)), `${letter}: the tracing fingertip travels`).toBeGreaterThan(8);
      await pause(guide);
      const paused = Number(await view.getAttribute('data-frame'));
      await page.waitForTimeout(400);
      expect(Number(await view.getAttribute('data-frame'))).toBe(paused);
      // Paused and turned back to the front, the moving letter's frame is its recording's too.
      await stage.focus();
      await page.keyboard.press('Home');
      await expect.poll(() => view.getAttribute('data-yaw')).toBe('0');
      expectTipsOnTheRecording(letter, await readGuide(guide));
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a fist is a fist from the side: turned 90 degrees, the fingertips of A, E, O, S curl in front of the palm (American and Austrian)', async () => {
    for (const language of ['american', 'asq']) {
      const user = await createUser({ language });
      const { page, context, consoleErrors } = await openPage(browser);
      await logIn(page, user);
      const guide = await homeGuide(page);
      const view = guide.getByTestId('hand-view');
      const slider = guide.getByRole('slider', { name: 'Turn the hand' });
      for (const letter of ['A', 'E', 'O', 'S']) {
        await showLetter(guide, letter);
        expect(await guide.locator('[data-letter]').getAttribute('data-language')).toBe(language);
        const points = async () => ({
          palm: JSON.parse((await view.getAttribute('data-palm'))!) as Array<[number, number]>,
          tips: JSON.parse((await view.getAttribute('data-fingertips'))!) as Array<[number, number]>,
        });
        await slider.fill('0');
        await expect.poll(() => view.getAttribute('data-yaw')).toBe('0');
        const front = await points();
        await slider.fill('90');
        await expect.poll(() => view.getAttribute('data-yaw')).toBe('90');
        const side = await points();
        // Turned 90 degrees, a point's depth (towards the viewer) is its x on screen: the palm's
        // length in 3-D from the two views (wrist to middle knuckle), and each finger's tip
        // (index to pinky) against the palm's mean depth.
        const [wrist, , middle] = [0, 1, 2].map((k) => ({ x: front.palm[k]![0], y: front.palm[k]![1], z: side.palm[k]![0] }));
        const palmLength = Math.hypot(middle!.x - wrist!.x, middle!.y - wrist!.y, middle!.z - wrist!.z);
        const palmDepth = side.palm.reduce((sum, p) => sum + p[0], 0) / side.palm.length;
        const inFront = side.tips.slice(1).map(([x]) => (x - palmDepth) / palmLength);
        const mean = inFront.reduce((a, b) => a + b, 0) / inFront.length;
        expect(mean, `${language} ${letter}: the fingertips' mean depth in front of the palm, in palm lengths (${inFront.map((d) => d.toFixed(2)).join(', ')})`).toBeGreaterThanOrEqual(0.2);
        expect(Math.min(...inFront), `${language} ${letter}: no fingertip behind the palm`).toBeGreaterThan(0);
        await view.locator('canvas').screenshot({ path: join(screenshotDir, `hand-guide-${language}-${letter}-side.png`) });
      }
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  test('without WebGL: a still picture of the same hand; the lessons page shows the chapter\'s letters', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser);
    // This browser has no WebGL: every 3-D context is refused.
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (/webgl/i.test(type)) return null;
        return (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
    await logIn(page, user);
    const guide = await homeGuide(page);
    for (const letter of ['B', 'Y', 'J']) {
      await showLetter(guide, letter);
      expect(await guide.getByTestId('hand-view').getAttribute('data-renderer')).toBe('still');
      if (letter === 'J') await pause(guide);
      expectTipsOnTheRecording(letter, await readGuide(guide));
    }
    await guide.getByTestId('hand-view').locator('canvas').screenshot({ path: join(screenshotDir, 'hand-guide-still-J.png') });
    // Three.js reports the refused context on the console; nothing else may be printed.
    expect(consoleErrors.filter((e) => !/WebGL/i.test(e))).toEqual([]);

    await page.goto(`${learnUrl}/lessons?level=0&chapter=0`);
    const chapterGuide = page.getByTestId('letter-guide');
    await chapterGuide.waitFor({ timeout: 20_000 });
    const options = await chapterGuide.getByLabel('Letter to show').locator('option').allTextContents();
    expect(options).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    await context.close();
  });

  test('on a 390x844 phone: the hand fits the screen and its fingertips are the recording\'s', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE_VIEWPORT, deviceScaleFactor: 1 });
    await logIn(page, user);
    const guide = await homeGuide(page);
    for (const letter of ['A', 'K', 'W']) {
      await showLetter(guide, letter);
      const box = (await guide.getByTestId('hand-view').locator('canvas').boundingBox())!;
      expect(box.width).toBeGreaterThan(200);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
      expectTipsOnTheRecording(letter, await readGuide(guide));
    }
    await guide.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDir, 'hand-guide-home-phone.png') });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
