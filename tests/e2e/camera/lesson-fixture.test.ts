// A whole lesson driven by recorded landmarks (the test-only fixture source, VITE_TEST_LANDMARKS):
// the circular progress advances, the sign changes A -> B -> C, 'Lesson Completed!' shows, the
// screen continues by itself 4 s later, and the progress is in the database and the lesson list.
// Also: the chapter's last lesson ends at /?end_of_chapter=true, a sign without a reference is
// skipped with a message, missing parameters and a missing uid are logged with the product's texts,
// and the lesson pauses while the tab is hidden or the camera is lost.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cameraUrl, expectFixtureSource, holdLessonOn, lessonContentOnCameraPage, readDatabase, launchWithFakeCamera, learnUrl, makeLessonFixture, ringPercent, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

interface Sample {
  t: number;
  sign: string;
  ring: number;
  lesson: number;
  offJoints: number;
  hint: string;
}

/** What the read of the page that first saw the completed card (sampleUntilComplete) saw with it:
 * the 4 s auto-continue may come before the test's next look on a busy machine, so the card's
 * texts and the lesson bar are read with it. */
let lastCompletedCard = { text: false, nextButton: false, lesson: -1 };

/** Samples sign name, ring, lesson bar, red joints and hint together (one read of the page)
 * every 100 ms until the completed card shows. */
async function sampleUntilComplete(page: Page, timeoutMs: number, onSample?: (sample: Sample) => Promise<void>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const start = Date.now();
  for (;;) {
    const read = await page.evaluate(() => {
      const q = (selector: string) => document.querySelector(selector);
      return {
        done: [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Lesson Completed!'),
        cardText: document.body.textContent?.includes('You have successfully completed the lesson.') ?? false,
        nextButton: [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Next Lesson'),
        sign: q('[data-testid="sign-name"]')?.textContent?.trim() ?? '',
        ring: Number(q('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow')),
        lesson: Number(q('[aria-label="Lesson progress"]')?.getAttribute('aria-valuenow')),
        offJoints: Number(q('canvas')?.getAttribute('data-off-joints')),
        hint: q('[data-testid="hint"]')?.textContent ?? '',
      };
    });
    if (read.done) {
      lastCompletedCard = { text: read.cardText, nextButton: read.nextButton, lesson: read.lesson };
      return samples;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`lesson not completed in ${timeoutMs} ms; last samples ${JSON.stringify(samples.slice(-5))}`);
    const sample = { t: Date.now() - start, sign: read.sign, ring: read.ring, lesson: read.lesson, offJoints: read.offJoints, hint: read.hint };
    samples.push(sample);
    await onSample?.(sample);
    await page.waitForTimeout(100);
  }
}

/** Every value the sign name, the ring and the lesson bar took, as the page recorded it. */
type RingLog = { sign: string; ring: number; lesson: number }[];

describe('camera practice from recorded landmarks', () => {
  test('a whole lesson: ring, sign changes, completed card, auto-continue, saved progress', async () => {
    const { page, context, user, consoleErrors, failedResponses } = await signedInPage(browser);
    const fixture = await serveFixture(context, 'abc.json', await makeLessonFixture(['A', 'B', 'C'], 9));
    // Every value the ring takes, recorded in the page as it changes from the page's start: the
    // samples below are read every 100 ms, and on a busy machine a sign can pass its last fifth
    // between two, or the first sign be done before the first (it completes in about 2 s of its 9).
    // With it, when the completed card was drawn (a MutationObserver runs right after the change)
    // and when the screen moved on to the next lesson (the router changes the address through history).
    await page.addInitScript(() => {
      const log: RingLog = [];
      (window as unknown as { ringLog: typeof log }).ringLog = log;
      const times: { card?: number; continued?: number } = {};
      (window as unknown as { lessonTimes: typeof times }).lessonTimes = times;
      const record = () => {
        const sign = document.querySelector('[data-testid="sign-name"]')?.textContent?.trim() ?? '';
        const ring = Number(document.querySelector('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow'));
        const lesson = Number(document.querySelector('[aria-label="Lesson progress"]')?.getAttribute('aria-valuenow'));
        const last = log[log.length - 1];
        // Object.is: an absent bar or ring (NaN, once the completed card replaces the screen) is no change.
        if (!last || last.sign !== sign || !Object.is(last.ring, ring) || !Object.is(last.lesson, lesson)) log.push({ sign, ring, lesson });
        if (times.card === undefined && [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Lesson Completed!')) times.card = performance.now();
      };
      document.addEventListener('DOMContentLoaded', () => {
        record();
        new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-valuenow'] });
      });
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
          if (times.continued === undefined && /lesson=1/.test(String(url ?? ''))) times.continued = performance.now();
          original(data, unused, url);
        };
      }
    });
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    const ringLogNow = () => page.evaluate(() => (window as unknown as { ringLog: RingLog }).ringLog);
    await expect.poll(async () => (await ringLogNow()).some((r) => r.sign === 'A'), { timeout: 20_000 }).toBe(true);
    let midSignShot = false;
    let correctionShot = false;
    mkdirSync(screenshotDir, { recursive: true });
    const samples = await sampleUntilComplete(page, 150_000, async (sample) => {
      if (!midSignShot && sample.sign === 'B' && sample.ring >= 35 && sample.ring <= 75) {
        midSignShot = true;
        await page.screenshot({ path: join(screenshotDir, 'camera-mid-sign.png') });
      }
      // Right after a sign, the learner still holds the previous letter: joints drawn red, a hint.
      if (!correctionShot && sample.offJoints > 0 && /^(Bend|Straighten|Bring|Move)/.test(sample.hint)) {
        correctionShot = true;
        await page.screenshot({ path: join(screenshotDir, 'camera-correction.png') });
      }
    });

    // The sign name went A -> B -> C, each once (as the page recorded it), and the ring rose within each sign.
    const ringLog = await ringLogNow();
    const order = ringLog.map((r) => r.sign).filter((sign) => sign !== '').filter((sign, i, all) => i === 0 || all[i - 1] !== sign);
    expect(order).toEqual(['A', 'B', 'C']);
    for (const sign of ['A', 'B', 'C']) {
      const rings = samples.filter((s) => s.sign === sign).map((s) => s.ring);
      const highest = Math.max(...ringLog.filter((r) => r.sign === sign).map((r) => r.ring));
      expect(highest, `ring of ${sign}, highest value it took`).toBeGreaterThanOrEqual(sign === 'C' ? 50 : 80);
      expect(rings.filter((r, i) => i > 0 && r < rings[i - 1]!).length, `ring of ${sign} never goes back`).toBe(0);
    }
    // The lesson bar took every value, as the page recorded it (a sample every 100 ms can miss the
    // last one on a busy machine: the completed card replaces the screen).
    expect(new Set(ringLog.map((r) => r.lesson).filter((n) => Number.isFinite(n)))).toEqual(new Set([0, 1, 2, 3]));
    expect(midSignShot).toBe(true);
    // What is off was shown: red joints on the skeleton with a hint naming the finger.
    const corrections = samples.filter((s) => s.offJoints > 0);
    expect(corrections.length).toBeGreaterThan(0);
    expect(corrections.some((s) => /your (right|left) (thumb|index finger|middle finger|ring finger|pinky finger)/.test(s.hint))).toBe(true);

    // The completed card (product texts) and the lesson bar full, as the read that saw the card saw them.
    expect(lastCompletedCard).toEqual({ text: true, nextButton: true, lesson: 3 });
    await page.screenshot({ path: join(screenshotDir, 'camera-lesson-complete.png') });

    // Progress saved at completion: session storage at once, the database by the multi-path update.
    await expect.poll(() => readDatabase(`users/${user.uid}/progressPerLanguage/american/0/0`), { timeout: 30_000 }).toBe(2);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('userProgress'))) ?? '{}')).toEqual({ 0: { 0: 2 } });

    // Auto-continue 4 s after the card to the next lesson of the same chapter, timed in the page:
    // the card's drawing and the address's change, each when it happened (the recorder below).
    await expect.poll(() => page.evaluate(() => location.search), { timeout: 30_000 }).toMatch(/lesson=1/);
    const times = await page.evaluate(() => (window as unknown as { lessonTimes: { card?: number; continued?: number } }).lessonTimes);
    const continuedAfter = times.continued! - times.card!;
    console.log(`auto-continue ${Math.round(continuedAfter)} ms after the completed card`);
    // The 4 s count from the lesson's completion, which the card's drawing follows by a frame or
    // more on a busy page.
    expect(continuedAfter).toBeGreaterThan(3_500);
    expect(continuedAfter).toBeLessThan(5_000);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('D');

    // The lesson list reflects it at once: lesson 1 done, lesson 2 open.
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(/\/lessons\?level=0&chapter=0/);
    await page.getByRole('link', { name: /Lesson 1/ }).getByRole('img', { name: 'done' }).waitFor();
    await page.getByRole('link', { name: /Lesson 2/ }).waitFor();
    // Nothing failed on the way, apart from the browser's own favicon request.
    const failed = failedResponses.filter((r) => !/favicon/.test(r));
    expect(failed).toEqual([]);
    // (failed loads are checked by URL just above)
    expect(consoleErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  test("the chapter's last lesson: 'Next Lesson' goes to /?end_of_chapter=true with endOfChapter set", async () => {
    const { page, context, user } = await signedInPage(browser, { progress: { 0: { 0: 2 } } });
    const fixture = await serveFixture(context, 'def.json', await makeLessonFixture(['D', 'E', 'F'], 9));
    await page.goto(cameraUrl(0, 0, 1, fixture));
    await expectFixtureSource(page);
    // The lesson is under way (on a busy machine it may be past D by the time the test looks).
    await expect.poll(() => signName(page), { timeout: 20_000 }).toMatch(/^[DEF]$/);
    await page.evaluate(() => {
      const writes: string[] = [];
      (window as unknown as { __writes: string[] }).__writes = writes;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        writes.push(`${key}=${value}`);
        return setItem.call(this, key, value);
      };
    });
    await sampleUntilComplete(page, 150_000);
    await page.getByRole('button', { name: 'Next Lesson' }).click();
    await page.waitForURL(`${learnUrl}/?end_of_chapter=true`, { timeout: 30_000 }).catch(async () => {
      // The learning home may clear the query once it has reloaded its data (level unlock).
      await page.waitForURL(`${learnUrl}/`, { timeout: 30_000 });
    });
    expect(await page.evaluate(() => (window as unknown as { __writes: string[] }).__writes)).toContain('endOfChapter=true');
    await expect.poll(() => readDatabase(`users/${user.uid}/progressPerLanguage/american/0/0`), { timeout: 30_000 }).toBe(3);
    await context.close();
  });

  test('a sign missing from the database is skipped with a message; no uid: the save is skipped and logged', async () => {
    const { page, context, user, consoleMessages } = await signedInPage(browser);
    const fixture = await serveFixture(context, 'a.json', await makeLessonFixture(['A'], 10));
    // The lesson's content comes from the session cache the learning home writes.
    await lessonContentOnCameraPage(page, [{ title: 'Test chapter', lessons: [{ signs: ['NOSUCHSIGN', 'A'] }], number_of_lessons: 1 }]);
    // Held on A the moment it shows, so that the uid is gone before A can complete, however busy the machine.
    const goOn = await holdLessonOn(page, ['A']);
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await page.locator('[data-sonner-toast]').filter({ hasText: '"NOSUCHSIGN" has no reference recording yet, so it was skipped.' }).first().waitFor({ timeout: 20_000 });
    await page.getByText('skipped: no reference yet').waitFor();
    await expect.poll(() => signName(page)).toBe('A');
    await page.evaluate(() => sessionStorage.removeItem('uid'));
    await goOn();
    await sampleUntilComplete(page, 60_000);
    await expect.poll(() => consoleMessages.some((m) => m === 'error: updateProgress: missing uid in sessionStorage')).toBe(true);
    expect(await readDatabase(`users/${user.uid}/progressPerLanguage`)).toBeNull();
    await context.close();
  });

  test('missing parameters show and log the product message', async () => {
    const { page, context, consoleErrors } = await signedInPage(browser);
    await page.goto(`${learnUrl}/camera?level=0`);
    await page.getByRole('alert').filter({ hasText: 'Missing chapter or level number in URL parameters.' }).waitFor();
    expect(consoleErrors).toContain('Missing chapter or level number in URL parameters.');
    await context.close();
  });

  test("the lesson pauses while the tab is hidden and while the camera is lost, then goes on; the judge setting", async () => {
    const { page, context, user } = await signedInPage(browser);
    const fixture = await serveFixture(context, 'a-long.json', await makeLessonFixture(['A'], 30));
    await lessonContentOnCameraPage(page, [{ title: 'T', lessons: [{ signs: ['A'] }], number_of_lessons: 1 }]);
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    // Each step is taken in the page the moment the ring passes the mark (no round trip to the test
    // in between): on a busy machine A went on to complete while the test was still on its way to
    // the next step. `after`: the ring above this (-1: at once; 'shown': as soon as the ring is on
    // the screen). Steps: the tab hidden or shown, the camera unplugged (its track ends). The tab is
    // hidden as soon as the ring shows and shown again only with the camera unplugged: a page
    // starved for a second and a half on a loaded machine judges its next frame for all that time
    // (progress follows the clock), which completed A at once when the steps waited on the ring.
    type Step = 'hide' | 'show' | 'unplug';
    const inPage = (steps: { after: number | 'shown'; step: Step }[]) =>
      page.evaluate(
        (list) =>
          new Promise<void>((resolve, reject) => {
            const setHidden = (value: boolean) => {
              Object.defineProperty(document, 'hidden', { value, configurable: true });
              Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });
              document.dispatchEvent(new Event('visibilitychange'));
            };
            const ring = () => Number(document.querySelector('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow'));
            const giveUpAt = Date.now() + 60_000;
            const next = () => {
              const first = list[0];
              if (!first) return resolve();
              if (first.after === 'shown' ? !(ring() >= 0) : first.after >= 0 && !(ring() > first.after)) {
                if (Date.now() > giveUpAt) return reject(new Error(`the ring stayed at ${ring()}, not above ${first.after}`));
                return void setTimeout(next, 5);
              }
              list.shift();
              if (first.step === 'unplug') {
                const stream = document.querySelector('video')!.srcObject as MediaStream;
                stream.getVideoTracks()[0]!.dispatchEvent(new Event('ended'));
              } else setHidden(first.step === 'hide');
              next();
            };
            next();
          }),
        steps,
      );
    await inPage([{ after: 'shown', step: 'hide' }]);
    // The ring as drawn once the pause has taken (a frame in flight may still land), then held
    // while the fixture goes on signing A.
    await page.waitForTimeout(1000);
    const hiddenAt = await ringPercent(page);
    expect(hiddenAt, 'A not completed before the tab was hidden').toBeLessThan(100);
    await page.waitForTimeout(1500);
    expect(await ringPercent(page)).toBe(hiddenAt);
    // Shown again with the camera unplugged at once: the lesson pauses with a message until the
    // camera is back (the ring going on after the reconnection, below, shows both pauses lifted).
    await inPage([{ after: -1, step: 'show' }, { after: -1, step: 'unplug' }]);
    await page.getByRole('alert').filter({ hasText: 'Camera disconnected' }).waitFor();
    await page.waitForTimeout(1000);
    const lostAt = await ringPercent(page);
    await page.waitForTimeout(1500);
    expect(await ringPercent(page)).toBe(lostAt);

    // The judge switches the matcher without restarting the lesson, and is remembered for this
    // learner. Switched while the lesson is paused, so that the held A cannot complete meanwhile
    // and a restart would show as the ring going back.
    expect(await page.getByRole('radio', { name: /Handshape/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Strict: like the recording/ }).check();
    expect(await page.evaluate((uid) => localStorage.getItem(`signlearn.judge.${uid}`), user.uid)).toBe('precise');
    expect(await ringPercent(page)).toBe(lostAt);

    await page.getByRole('button', { name: 'Reconnect camera' }).click();
    await page.getByRole('alert').filter({ hasText: 'Camera disconnected' }).waitFor({ state: 'detached' });
    await expect.poll(() => ringPercent(page), { timeout: 30_000 }).toBeGreaterThan(lostAt);

    await page.reload();
    expect(await page.getByRole('radio', { name: /Strict: like the recording/ }).isChecked()).toBe(true);
    await context.close();
  });
});
