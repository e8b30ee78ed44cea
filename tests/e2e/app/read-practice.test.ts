// Read practice in Chromium, by keyboard only: the hand spells curriculum words; the
// test reads each word off the hand as it plays (the letter the hand holds, `data-shown`, logged
// by a MutationObserver installed before the app loads), types it, and checks what a learner
// hears and sees: nothing announced while reading, the word announced once answered, the pace
// raised one step after each right answer, a wrong answer replayed slowly letter by letter at the
// same pace, and the progress (best pace, words read) saved, shown again after a reload and on
// the learning home. The same at 390x844 (two words, no reload), with nothing wider than the screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AMERICAN_LEVELS, CURRICULUM, curriculumWords } from '@/lib/data/curriculum.ts';
import { lettersOfLanguage, signLanguage } from '@/lib/data/languages.ts';
import { DESKTOP_VIEWPORT, launchBrowser, MOBILE_VIEWPORT, openPage } from '../../setup/browser.ts';
import { createUser, dbAdminGet, dbAdminUpdate, expectNoSeriousA11yViolations, learnUrl, logIn } from './app-harness.ts';

const WORDS = new Set(curriculumWords(AMERICAN_LEVELS));
const screenshotDir = join(process.cwd(), 'test-results', 'screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    shownLetters: string[];
  }
}

/** Logs every change of the letter the hand holds ('' while it moves between letters). */
async function watchTheHand(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.shownLetters = [];
    new MutationObserver((records) => {
      for (const record of records) window.shownLetters.push((record.target as HTMLElement).dataset.shown ?? '');
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shown'] });
  });
}

const hand = (page: Page) => page.locator('.read-practice__hand [data-testid="hand-view"]');
const paceOf = async (page: Page) => Number(await page.getByRole('slider', { name: 'Pace in letters per second' }).inputValue());

/** Waits for the hand to spell a whole word and reads it off the log from `from` on: a letter
 * each time the hand comes to hold one (a double letter is held twice, a bounce between). */
async function readWord(page: Page, from: number): Promise<string> {
  await expect.poll(() => hand(page).getAttribute('data-playing'), { timeout: 20_000 }).toBe('false');
  const log = (await page.evaluate(() => window.shownLetters)).slice(from);
  let word = '';
  let previous = '';
  for (const shown of log) {
    if (shown !== '' && shown !== previous) word += shown;
    previous = shown;
  }
  return word;
}

const logLength = (page: Page) => page.evaluate(() => window.shownLetters.length);

/** The next word: Enter on the focused 'Next word' button; waits for the new word to start. */
async function nextWord(page: Page): Promise<number> {
  const from = await logLength(page);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next word');
  await page.keyboard.press('Enter');
  await expect.poll(() => hand(page).getAttribute('data-playing'), { timeout: 10_000 }).toBe('true');
  return from;
}

async function answer(page: Page, text: string): Promise<string> {
  const result = page.getByTestId('read-result');
  expect(await result.textContent(), 'nothing is announced before the answer').toBe('');
  // The answer field has the focus: a keyboard learner just types.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('read-answer');
  await page.keyboard.type(text.toLowerCase());
  await page.keyboard.press('Enter');
  await expect.poll(() => result.textContent()).not.toBe('');
  return (await result.textContent()) ?? '';
}

/** A reading session: `rightWords` words read right, then a wrong answer; saved, and (`reload`) read
 * back after a reload. */
async function readingSession(page: Page, uid: string, viewport: 'desktop' | 'phone', rightWords: number, reload: boolean) {
  await page.getByTestId('read-card').getByRole('link', { name: 'Practise reading' }).click();
  await page.waitForURL(`${learnUrl}/read`);
  await hand(page).waitFor({ timeout: 20_000 });
  await expect.poll(() => hand(page).getAttribute('data-renderer'), { timeout: 15_000 }).toBe('webgl');
  const startPace = await paceOf(page);
  expect(startPace).toBe(1);

  // Words read right: each announced, and the pace rises one step after each.
  let from = 0;
  const read: string[] = [];
  for (let i = 0; i < rightWords; i++) {
    if (i > 0) from = await nextWord(page);
    const word = await readWord(page, from);
    expect(WORDS.has(word), `"${word}" read off the hand is a curriculum word`).toBe(true);
    const pace = await paceOf(page);
    const said = await answer(page, word);
    expect(said).toBe(`Right: ${word}. Pace raised to ${pace + 0.25} letters per second.`);
    expect(await paceOf(page)).toBe(pace + 0.25);
    read.push(word);
    if (i === 0) await page.screenshot({ path: join(screenshotDir, `read-practice-right-${viewport}.png`) });
  }
  const pace = 1 + 0.25 * rightWords;
  const best = pace - 0.25;
  expect(await paceOf(page)).toBe(pace);
  await expect.poll(() => page.getByTestId('words-read').textContent(), { timeout: 10_000 }).toBe(String(rightWords));
  expect(await page.getByTestId('best-pace').textContent()).toBe(`${best} letters per second`);

  // A wrong answer: the word is announced, and spelled again slowly, letter by letter.
  from = await nextWord(page);
  const word = await readWord(page, from);
  const said = await answer(page, 'qqqq');
  expect(said).toBe(`Not quite: the word was ${word}. Watch it again, letter by letter.`);
  expect(await paceOf(page)).toBe(pace);
  const letters = page.getByTestId('slow-letters');
  // Letter by letter: while the word is spelled again, part of it (not all) is shown at some
  // moment. Every count seen is kept, so a page the machine stalls for a moment cannot fail it.
  const shown = () => letters.locator('.read-practice__letter--shown').count();
  const seen = new Set<number>();
  await expect.poll(async () => { const count = await shown(); seen.add(count); return count; }, { timeout: 5_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: join(screenshotDir, `read-practice-slow-${viewport}.png`) });
  await expect.poll(async () => { seen.add(await shown()); return letters.textContent(); }, { timeout: 20_000 }).toBe(word);
  expect([...seen].some((count) => count > 0 && count < word.length), `letters shown over time: ${[...seen].join(', ')} of ${word.length}`).toBe(true);
  expect(await page.getByTestId('words-read').textContent()).toBe(String(rightWords));

  // Nothing on the page is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSeriousA11yViolations(page);

  // Saved: the database, after a reload, and on the learning home.
  expect(await dbAdminGet(`users/${uid}/readPractice/american`)).toEqual({ bestPace: best, wordsRead: rightWords });
  if (reload) {
    await page.reload();
    await hand(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('words-read').textContent(), { timeout: 10_000 }).toBe(String(rightWords));
    expect(await page.getByTestId('best-pace').textContent()).toBe(`${best} letters per second`);
    expect(await paceOf(page)).toBe(best);
  }
  await page.goto(`${learnUrl}/`);
  const card = page.getByTestId('read-card');
  await expect.poll(() => card.getByTestId('home-words-read').textContent(), { timeout: 15_000 }).toBe(String(rightWords));
  expect(await card.getByTestId('home-best-pace').textContent()).toBe(`${best} letters/s`);
  // Beside it, the letter chart's hand: Y, turned a little to show the thumb.
  const guide = page.getByTestId('letter-guide');
  await guide.getByLabel('Letter to show').selectOption('Y');
  await guide.getByRole('slider', { name: 'Turn the hand' }).fill('-30');
  await expect.poll(() => guide.locator('[data-letter="Y"] [data-testid="hand-view"]').getAttribute('data-yaw'), { timeout: 15_000 }).toBe('-30');
  await page.screenshot({ path: join(screenshotDir, `read-practice-home-${viewport}.png`) });
  return read;
}

describe('read practice', () => {
  test('a learner reads three words by keyboard; the pace rises; a wrong word is spelled slowly; progress survives a reload', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP_VIEWPORT });
    await watchTheHand(page);
    await logIn(page, user);
    await readingSession(page, user.uid, 'desktop', 3, true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  for (const language of ['asq', 'bzs']) {
    test(`${language}: the hand spells the language's own words with its own letters; the answer is saved for the language`, async () => {
      const user = await createUser({ language });
      // A learner who read before at 4 letters a second: the words are spelled at that pace.
      await dbAdminUpdate({ [`users/${user.uid}/readPractice/${language}`]: { bestPace: 4, wordsRead: 1 } });
      const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP_VIEWPORT });
      await watchTheHand(page);
      await logIn(page, user);
      await page.getByTestId('read-card').getByRole('link', { name: 'Practise reading' }).click();
      await page.waitForURL(`${learnUrl}/read`);
      await expect.poll(() => page.locator('.read-practice__layout').getAttribute('data-language'), { timeout: 20_000 }).toBe(language);
      expect(await page.locator('.read-practice__intro').textContent()).toContain(signLanguage(language).name);
      await hand(page).waitFor({ timeout: 20_000 });
      expect(await paceOf(page)).toBe(4);
      const word = await readWord(page, 0);
      const log = (await page.evaluate(() => window.shownLetters)).filter((l) => l !== '');
      const alphabet = lettersOfLanguage(language);
      expect(log.every((letter) => alphabet.includes(letter)), `letters shown: ${log.join(' ')}`).toBe(true);
      expect(new Set(curriculumWords(CURRICULUM[language]!)).has(word), `"${word}" is a ${language} word (letters shown: ${log.join(' ')})`).toBe(true);
      expect(await answer(page, word)).toBe(`Right: ${word}. Pace raised to 4.25 letters per second.`);
      await expect.poll(() => dbAdminGet(`users/${user.uid}/readPractice/${language}`), { timeout: 10_000 }).toEqual({ bestPace: 4, wordsRead: 2 });
      expect(await dbAdminGet(`users/${user.uid}/readPractice/american`)).toBeNull();
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  }

  // The phone's own: the layout (nothing wider than the screen, screenshots) and the same flow;
  // one word fewer and no reload, which the desktop run already proves (about 15 s of the page).
  test('the same on a 390x844 phone', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser, { viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    await watchTheHand(page);
    await logIn(page, user);
    await readingSession(page, user.uid, 'phone', 2, false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
