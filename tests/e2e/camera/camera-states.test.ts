// The camera screen tells apart nobody in view, a person without a hand,
// and a hand that is not yet the sign, each with what to do, from the test landmark source
// (VITE_TEST_LANDMARKS) replaying what a tracker delivers in each case:
// - nobody: frames with nothing found (what the tracker gives for an empty room or a test pattern);
// - a person without a hand: the real tracked body of data/non-signs/messi5-upper-body.json with
//   its hands left out, as a tracker delivers a person whose hands are below the picture;
// - a hand that is not the sign: the recorded signer's A (held-out frames) while the lesson asks B.
// Also the real tracker on Chromium's fake camera (a test pattern, no person): nobody.
// Nobody signing writes no letter statistics: the letters are not weak.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cacheDir, cameraUrl, expectFixtureSource, lessonOfBAndC, launchWithFakeCamera, makeLessonFixture, readDatabase, repoRoot, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

const NOBODY_TEXT = "I can't see you: sit so your upper body and hands are in the picture";
const NO_HAND_TEXT = /^I can see you, but not your hands: raise your right hand, the one you sign with, into the picture$/;
/** How long each state is watched once it shows: it must hold, never flicker. */
const WATCH_MS = 4000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

/** A fixture of `seconds` at 30 frames/s, every frame from `frame`. */
function steadyFixture(name: string, seconds: number, frame: Record<string, unknown>, size = { width: 640, height: 480 }): string {
  const folder = join(cacheDir, 'fixtures');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${name}.json`);
  const frames = Array.from({ length: seconds * 30 }, (_, i) => ({ t: Math.round((i * 1000) / 30), ...frame }));
  writeFileSync(file, JSON.stringify({ format: 'signlearn-landmarks/1', imageWidth: size.width, imageHeight: size.height, source: `test: ${name}`, frames }));
  return file;
}

interface HintReading {
  presence: string;
  text: string;
  ring: number;
  sign: string;
}
const readHint = (page: Page): Promise<HintReading> =>
  page.evaluate(() => {
    const hint = document.querySelector<HTMLElement>('[data-testid="hint"]');
    return {
      presence: hint?.dataset.presence ?? '',
      text: hint?.textContent ?? '',
      ring: Number(document.querySelector('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow')),
      sign: document.querySelector('[data-testid="sign-name"]')?.textContent?.trim() ?? '',
    };
  });

/** Waits for `presence`, then reads the hint every 100 ms for WATCH_MS. */
async function watchState(page: Page, presence: string): Promise<HintReading[]> {
  await expect.poll(async () => (await readHint(page)).presence, { timeout: 30_000 }).toBe(presence);
  const readings: HintReading[] = [];
  const until = Date.now() + WATCH_MS;
  while (Date.now() < until) {
    readings.push(await readHint(page));
    await page.waitForTimeout(100);
  }
  return readings;
}

async function openLesson(name: string, fixtureFile: string) {
  const opened = await signedInPage(browser);
  await lessonOfBAndC(opened.page);
  const fixture = await serveFixture(opened.context, `${name}.json`, fixtureFile);
  await opened.page.goto(cameraUrl(0, 0, 0, fixture));
  await expectFixtureSource(opened.page);
  await expect.poll(() => signName(opened.page), { timeout: 20_000 }).toBe('B');
  return opened;
}

describe('the camera screen says what it sees of the learner', () => {
  test('nobody in view: "I can\'t see you", steadily; nothing advances and no letter statistics are written', async () => {
    const { page, user, consoleErrors } = await openLesson('nobody', steadyFixture('nobody', 3, {}));
    const readings = await watchState(page, 'nobody');
    for (const reading of readings) {
      expect(reading).toEqual({ presence: 'nobody', text: NOBODY_TEXT, ring: 0, sign: 'B' });
    }
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'camera-nobody.png') });
    // Opening a lesson and signing nothing leaves no trace in the letter statistics.
    expect(await readDatabase(`users/${user.uid}/letterStats`)).toBeNull();
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  test("the real tracker on the fake camera's test pattern (no person in it) says nobody is in view", async () => {
    const { page, user, consoleErrors } = await signedInPage(browser);
    await lessonOfBAndC(page);
    await page.goto(cameraUrl(0, 0, 0));
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 180_000 }).toMatch(/Pose tracking: (wasm|webgpu|cpu)/);
    await expect.poll(() => page.locator('canvas.practice__overlay').getAttribute('data-frames-drawn').then(Number), { timeout: 60_000 }).toBeGreaterThan(3);
    const readings = await watchState(page, 'nobody');
    for (const reading of readings) expect(reading).toEqual({ presence: 'nobody', text: NOBODY_TEXT, ring: 0, sign: 'B' });
    expect(await readDatabase(`users/${user.uid}/letterStats`)).toBeNull();
    expect(consoleErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    await page.close();
  }, 300_000);

  test('a person without a hand: asked to raise the signing hand into the picture', async () => {
    const messi = JSON.parse(readFileSync(join(repoRoot, 'data', 'non-signs', 'messi5-upper-body.json'), 'utf8')) as {
      imageWidth: number;
      imageHeight: number;
      frames: Array<{ pose: number[] }>;
    };
    const body = { pose: messi.frames[0]!.pose };
    const { page, user, consoleErrors } = await openLesson('person-no-hand', steadyFixture('person-no-hand', 3, body, { width: messi.imageWidth, height: messi.imageHeight }));
    const readings = await watchState(page, 'noHand');
    for (const reading of readings) {
      expect(reading.presence).toBe('noHand');
      expect(reading.text).toMatch(NO_HAND_TEXT);
      expect(reading.ring).toBe(0);
    }
    // The body is drawn: the skeleton shows the learner they are seen.
    expect(Number(await page.locator('canvas.practice__overlay').getAttribute('data-frames-drawn'))).toBeGreaterThan(0);
    await page.screenshot({ path: join(screenshotDir, 'camera-no-hand.png') });
    expect(await readDatabase(`users/${user.uid}/letterStats`)).toBeNull();
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  test('a hand that is not the sign (A shown, B asked): the judge says what to change; the letter counts as tried', async () => {
    const { page, user, consoleErrors } = await openLesson('a-for-b', await makeLessonFixture(['A'], 12));
    const readings = await watchState(page, 'hand');
    for (const reading of readings) {
      expect(reading.presence).toBe('hand');
      expect(reading.sign).toBe('B');
      expect(reading.text).not.toBe(NOBODY_TEXT);
      expect(reading.text).not.toMatch(NO_HAND_TEXT);
    }
    const texts = [...new Set(readings.map((r) => r.text))];
    console.log(`hints for A shown while B is asked: ${JSON.stringify(texts)}`);
    // The judge's corrections, not the presence messages nor the idle text.
    expect(texts.some((text) => text !== 'Copy the guide' && text !== 'Good: hold it there')).toBe(true);
    await page.screenshot({ path: join(screenshotDir, 'camera-hand-not-the-sign.png') });
    // B was tried (the hand was seen on it) and not completed.
    await expect.poll(() => readDatabase(`users/${user.uid}/letterStats/american/B`), { timeout: 10_000 }).toEqual({ attempts: 1, completions: 0, flags: 0 });
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
