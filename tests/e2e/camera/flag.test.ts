// Flagging a sign on the camera screen (product.md §2.16 Flag Sign dialog, §4.8 Flagging on the camera screen, §7 Calls, §9 Constants): the dialog's form, the loader on
// submit, 'Thank you for your feedback!' 2 s later whether the call succeeded or not, and 4 s
// after that the sign skipped (counted as advanced), the dialog closed and its form empty.
// Real timings, measured in the page (performance.now) with tolerances.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { cameraUrl, expectFixtureSource, launchWithFakeCamera, makeLessonFixture, readDatabase, serveFixture, signedInPage, signName } from './camera-harness.ts';

/**
 * What the fixture shows (7 s each, looped) while the lesson asks for A, B, C: other letters, far
 * from those three, so no sign completes by itself and only the flag moves the lesson on, however
 * slowly a loaded machine starts the page or delivers the frames.
 */
const OTHER_LETTERS = ['L', 'Y', 'V'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Times (ms after the submit click) at which the loader, the thank-you and the close appeared in
 * the page, each taken when the dialog's DOM changed (a MutationObserver: its callback runs right
 * after the change, where a check on each animation frame saw a change up to a frame late, later
 * still on a busy machine, and once measured 3931 ms between two changes 4 s apart).
 */
async function watchFlagFlow(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks: Record<string, number> = {};
    (window as unknown as { __flag: Record<string, number> }).__flag = marks;
    const dialog = document.querySelector('dialog')!;
    const check = () => {
      if (marks.submit === undefined) return;
      const now = performance.now();
      if (marks.loader === undefined && dialog.querySelector('.spinner')) marks.loader = now;
      if (marks.thanks === undefined && dialog.textContent?.includes('Thank you for your feedback!')) marks.thanks = now;
      if (marks.thanks !== undefined && marks.closed === undefined && !dialog.open) marks.closed = now;
    };
    new MutationObserver(check).observe(dialog, { subtree: true, childList: true, characterData: true, attributes: true });
    document.querySelector('dialog button[type="submit"]')!.addEventListener('click', () => {
      marks.submit = performance.now();
      check();
    });
  });
}

/** Each POST /receive_feedback_sign of the page: its status and whether it finished or failed
 * (a request whose answer is never read stays open until the page drops it: 'failed'). */
function watchFlagRequests(page: Page): Array<{ status: number | undefined; outcome: string }> {
  const seen: Array<{ status: number | undefined; outcome: string }> = [];
  const flag = (request: Request) => request.url().endsWith('/receive_feedback_sign');
  page.on('requestfinished', (request) => {
    if (flag(request)) void request.response().then((response) => seen.push({ status: response?.status(), outcome: 'finished' }));
  });
  page.on('requestfailed', (request) => {
    if (flag(request)) seen.push({ status: undefined, outcome: `failed: ${request.failure()?.errorText}` });
  });
  return seen;
}

async function flagAndMeasure(page: Page, text: string): Promise<{ loader: number; thanks: number; closed: number }> {
  await page.getByRole('button', { name: 'Flag this sign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flag Sign' });
  await dialog.waitFor();
  const textarea = dialog.getByPlaceholder('Why is this sign wrong?');
  expect(await textarea.getAttribute('required')).not.toBeNull();
  await watchFlagFlow(page);
  await textarea.fill(text);
  await dialog.getByRole('button', { name: 'Send FeedBack' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  const marks = await page.evaluate(() => (window as unknown as { __flag: Record<string, number> }).__flag);
  return { loader: marks.loader! - marks.submit!, thanks: marks.thanks! - marks.submit!, closed: marks.closed! - marks.submit! };
}

describe('flag a sign on the camera screen', () => {
  test('loader, thank-you after 2 s, skip and close 4 s later, form reset; the call reaches the server', async () => {
    const { page, context, user } = await signedInPage(browser);
    // The fixture shows other letters (OTHER_LETTERS): A stays current until it is flagged, B after.
    const fixture = await serveFixture(context, 'lyv-flag.json', await makeLessonFixture(OTHER_LETTERS, 7));
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('A');
    const flagRequests = watchFlagRequests(page);

    const times = await flagAndMeasure(page, 'The thumb should rest beside the index finger.');
    // The request ends with its answer while the page is still there: the screen reads the
    // answer to its end, so the browser never reports it as aborted. The test hears of its end
    // through the browser's events, which on a loaded machine came after the dialog had closed
    // (then an empty list here): it waits for them, and a failed request is never the expected one.
    await expect.poll(() => flagRequests).toEqual([{ status: 201, outcome: 'finished' }]);
    console.log('flag timings (ms after submit):', JSON.stringify(times));
    expect(times.loader).toBeLessThan(1000);
    expect(times.thanks).toBeGreaterThanOrEqual(1950);
    expect(times.thanks).toBeLessThan(3000); // timers never fire early; late only under load
    // The 4 s count from the thank-you's drawing (flag-sign-modal.tsx), so never less (less 5 ms: the
    // observer reads the thank-you's time when React's commit is over, a moment after the count began).
    expect(times.closed - times.thanks).toBeGreaterThanOrEqual(3995);
    expect(times.closed - times.thanks).toBeLessThan(5000);

    // The sign was skipped: it counts as advanced, the next one is current.
    await expect.poll(() => signName(page)).toBe('B');
    expect(await page.getByRole('progressbar', { name: 'Lesson progress' }).getAttribute('aria-valuenow')).toBe('1');
    await page.getByText('skipped (flagged)').waitFor();

    // The call of product.md §7 Calls was made: POST /receive_feedback_sign {feedback, email, sign}.
    await expect
      .poll(async () => Object.values(((await readDatabase('signFeedback')) ?? {}) as Record<string, { email: string; sign: string; feedback: string }>).filter((e) => e.email === user.email))
      .toEqual([expect.objectContaining({ sign: 'A', feedback: 'The thumb should rest beside the index finger.' })]);

    // The form is reset when the dialog opens again.
    await page.getByRole('button', { name: 'Flag this sign' }).click();
    expect(await page.getByPlaceholder('Why is this sign wrong?').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Close' }).click();
    await context.close();
  });

  test('the thank-you shows and the sign is skipped even when the server call fails', async () => {
    const { page, context } = await signedInPage(browser);
    const fixture = await serveFixture(context, 'lyv-flag2.json', await makeLessonFixture(OTHER_LETTERS, 7));
    await context.route('**/receive_feedback_sign', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"ok":false}' }));
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('A');
    // Too short for the server too (10 characters minimum): the browser's required rule alone applies.
    const times = await flagAndMeasure(page, 'wrong');
    expect(times.thanks).toBeGreaterThanOrEqual(1950);
    expect(times.closed - times.thanks).toBeGreaterThanOrEqual(3995);
    await expect.poll(() => signName(page)).toBe('B');
    await context.close();
  });
});
