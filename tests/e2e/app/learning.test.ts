// The learning home (level picker, chapters, level unlock), the lessons page (done marks and
// locks), the non-camera Flag Sign dialog, and corrupted session values.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { AMERICAN_LEVELS } from '@/lib/data/curriculum.ts';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { LEVEL_1_LESSONS, withExclusive } from '../../setup/exclusive.ts';
import { createUser, dbAdminGet, expectNoSeriousA11yViolations, learnUrl, logIn, screenshots } from './app-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const level0 = AMERICAN_LEVELS[0]!;

describe('learning home', () => {
  test('level picker: 10 levels, locks at or beyond the max level, keyboard, click outside', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    const picker = page.getByRole('button', { name: /Level 1$/ });
    expect(await picker.getAttribute('aria-haspopup')).toBe('listbox');
    // Chapter cards of level 1.
    const cards = page.locator('a.chapter-card');
    await expect.poll(() => cards.count()).toBe(level0.chapters.length);
    expect(await cards.nth(0).getAttribute('href')).toBe('/lessons?level=0&chapter=0');
    expect(await cards.nth(0).textContent()).toContain('Chapter 1');
    expect(await cards.nth(0).textContent()).toContain(`Lessons 0/${level0.chapters[0]!.number_of_lessons}`);
    expect(await cards.nth(0).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'learning-home');

    await picker.click();
    const list = page.getByRole('listbox', { name: 'Levels' });
    await list.waitFor();
    const options = list.getByRole('option');
    expect(await options.count()).toBe(10);
    expect(await options.nth(0).getAttribute('aria-disabled')).toBeNull();
    for (let i = 1; i < 10; i += 1) {
      expect(await options.nth(i).getAttribute('aria-disabled')).toBe('true');
      expect(await options.nth(i).getByRole('img', { name: 'locked' }).count()).toBe(1);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'learning-home-level-picker');
    // A locked level cannot be chosen, by mouse or keyboard.
    await options.nth(3).click({ force: true });
    expect(await picker.textContent()).toContain('Level 1');
    await list.waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    expect(await picker.textContent()).toContain('Level 1');
    // Escape closes and returns focus; a click outside closes.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('listbox');
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    await page.mouse.click(20, 600);
    await list.waitFor({ state: 'detached' });
    await context.close();
  });

  test('seven skeleton cards while the chapters load; the page body does not scroll', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Hold the database connection so the page stays in its loading state.
    await page.routeWebSocket(/.*/, () => undefined);
    await page.reload();
    await page.getByTestId('chapter-skeleton').first().waitFor();
    expect(await page.getByTestId('chapter-skeleton').count()).toBe(7);
    await context.close();
  });

  // Level 1's lessons must be the curriculum's while the learner completes it: the teacher's test,
  // which may run beside this file, adds one for a while (held under LEVEL_1_LESSONS); the wait for
  // it is within this test's own limit.
  test('a completed level unlocks the next: maxLevel raised and saved, query cleared', { timeout: 600_000 }, () => withExclusive(LEVEL_1_LESSONS, async () => {
    const done = Object.fromEntries(level0.chapters.map((c, i) => [String(i), c.number_of_lessons + 1]));
    const user = await createUser({ maxLevel: 1, progress: { '0': done } });
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${learnUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${learnUrl}/`);
    await page.goto(`${learnUrl}/?end_of_chapter=true`);
    await page
      .getByRole('button', { name: /Level 2$/ })
      .waitFor({ timeout: 15_000 })
      .catch(async (error: Error) => {
        // What the page showed (it failed in whole runs while the teacher's test left a lesson it
        // published in level 1, so level 1 was not complete: teacher.test.ts now removes it, and
        // holds LEVEL_1_LESSONS while it is there).
        const levels = await page.getByRole('button', { name: /Level \d+$/ }).allTextContents();
        const maxLevel = await dbAdminGet(`users/${user.uid}/info/maxLevel`);
        throw new Error(`${error.message}\nat ${page.url()}: level buttons ${JSON.stringify(levels)}, maxLevel in the database ${String(maxLevel)}, console errors ${JSON.stringify(consoleErrors)}`);
      });
    await expect.poll(() => dbAdminGet(`users/${user.uid}/info/maxLevel`)).toBe(2);
    await page.waitForURL(`${learnUrl}/`);
    await page.getByRole('button', { name: /Level 2$/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.nth(1).getAttribute('aria-disabled')).toBeNull();
    expect(await options.nth(2).getAttribute('aria-disabled')).toBe('true');
    await options.nth(0).click();
    await page.getByRole('button', { name: /Level 1$/ }).waitFor();
    expect(await page.locator('a.chapter-card').first().textContent()).toContain(`Lessons ${level0.chapters[0]!.number_of_lessons}/${level0.chapters[0]!.number_of_lessons}`);
    await context.close();
  }));

  test('chapters come from the session cache unless an end-of-chapter marker is present', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.locator('a.chapter-card').first().waitFor();
    const cached = await page.evaluate(() => ({
      lastLevel: sessionStorage.getItem('lastLevel'),
      lastLanguage: sessionStorage.getItem('lastLanguage'),
      currentLanguage: sessionStorage.getItem('currentLanguage'),
      level0: JSON.parse(sessionStorage.getItem('level_0') ?? 'null'),
      chapters: JSON.parse(sessionStorage.getItem('currentLevelChaptersData') ?? 'null'),
    }));
    expect(cached.lastLevel).toBe('0');
    expect(cached.lastLanguage).toBe('american');
    expect(cached.currentLanguage).toBe('american');
    expect(cached.level0).toHaveLength(level0.chapters.length);
    expect(cached.chapters['0'].title).toBe(level0.chapters[0]!.title);
    expect(cached.chapters['0'].lessons[0].signs).toEqual(level0.chapters[0]!.lessons[0]!.signs);
    // A changed cache entry is what the page shows after a reload...
    await page.evaluate(() => {
      const chapters = JSON.parse(sessionStorage.getItem('level_0')!);
      chapters[0].title = 'Cached title';
      sessionStorage.setItem('level_0', JSON.stringify(chapters));
    });
    await page.reload();
    await page.getByText('Cached title').waitFor();
    // ...until the end-of-chapter marker forces a fresh read.
    await page.evaluate(() => sessionStorage.setItem('endOfChapter', 'true'));
    await page.reload();
    await page.getByText(level0.chapters[0]!.title!).waitFor();
    expect(await page.getByText('Cached title').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('endOfChapter'))).toBeNull();
    await context.close();
  });

  test('the Flag Sign dialog (non-camera) requires a reason and sends nothing', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('receive_feedback')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Flag a sign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag Sign' });
    await dialog.waitFor();
    // Outside a lesson no sign is current: the dialog asks which one, from the learner's alphabet.
    const which = dialog.getByLabel('Which sign?');
    expect(await which.locator('option').allTextContents()).toEqual('ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
    expect(await dialog.getByTestId('flagged-sign').textContent()).toBe('A');
    await which.selectOption('R');
    expect(await dialog.getByTestId('flagged-sign').textContent()).toBe('R');
    const reason = dialog.getByPlaceholder('Why is this sign wrong?');
    expect(await reason.getAttribute('required')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Send FeedBack' }).click();
    expect(await reason.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    expect(await dialog.getByText('Feedback Submitted.').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'flag-sign-dialog');
    await reason.fill('The hand shape looks different from the video.');
    await dialog.getByRole('button', { name: 'Send FeedBack' }).click();
    await dialog.getByText('Feedback Submitted.').waitFor();
    expect(sent).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the learning home on a phone', () => {
  test('390x844, an Austrian learner: the header fits, the flag is a full button and the language select reads whole', async () => {
    const user = await createUser({ language: 'asq' });
    const { page, context } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await logIn(page, user);
    const select = page.getByLabel('Sign language');
    await expect.poll(() => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent), { timeout: 15_000 }).toBe('ÖGS');
    const flag = (await page.getByRole('button', { name: 'Flag a sign' }).boundingBox())!;
    expect(flag.width).toBeGreaterThanOrEqual(36);
    expect(flag.height).toBeGreaterThanOrEqual(36);
    // The select shows its text whole: as wide as the widest abbreviation needs.
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(el).font}`;
      probe.textContent = [...el.options].map((o) => o.textContent ?? '').sort((a, b) => b.length - a.length)[0]!;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      return { needed, width: el.getBoundingClientRect().width };
    });
    expect(fits.width, JSON.stringify(fits)).toBeGreaterThanOrEqual(fits.needed);
    // Nothing in the header leaves the screen or overlaps its neighbour.
    const boxes = await page.locator('.app-header > *, .app-header__actions > *').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
    // Only what is drawn: the flag's closed dialog is in the header too, with an empty box.
    const actions = (await page.locator('.app-header__actions > *').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))).filter((box) => box.width > 0 && box.height > 0);
    expect(actions.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < actions.length; i++) expect(actions[i]!.left).toBeGreaterThanOrEqual(actions[i - 1]!.right - 0.5);
    await screenshots(page, 'home-austrian-phone');
    await context.close();
  });
});

describe('lessons page', () => {
  test('title, done marks, the open lesson and locked lessons', async () => {
    const user = await createUser({ progress: { '0': { '0': 2 } } });
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.locator('a.chapter-card').first().click();
    await page.waitForURL(`${learnUrl}/lessons?level=0&chapter=0`);
    await page.getByRole('heading', { level: 1, name: level0.chapters[0]!.title! }).waitFor();
    const first = page.getByRole('link', { name: /Lesson 1/ });
    expect(await first.getByRole('img', { name: 'done' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /Lesson 2/ }).getAttribute('href')).toBe('/camera?level=0&chapter=0&lesson=1');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'lessons');

    await page.goto(`${learnUrl}/lessons?level=0&chapter=1`);
    await page.getByRole('heading', { level: 1, name: level0.chapters[1]!.title! }).waitFor();
    expect(await page.getByRole('link', { name: /Lesson 1/ }).getAttribute('href')).toBe('/camera?level=0&chapter=1&lesson=0');
    const locked = page.getByRole('button', { name: /Lesson 2/ });
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.getByRole('img', { name: 'locked' }).count()).toBe(1);
    await locked.click({ force: true });
    expect(page.url()).toBe(`${learnUrl}/lessons?level=0&chapter=1`);
    await context.close();
  });

  test('a locked level cannot be opened by address; missing params and empty chapters show the product texts', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.goto(`${learnUrl}/lessons?level=2&chapter=0`);
    await page.getByText('This level is locked.', { exact: false }).waitFor();
    expect(await page.locator('a.lesson-button').count()).toBe(0);

    await page.goto(`${learnUrl}/lessons?level=0`);
    await page.getByRole('alert').filter({ hasText: 'Missing chapter or level number in URL parameters.' }).waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Missing chapter or level number in URL parameters.' }).waitFor();

    await page.goto(`${learnUrl}/lessons?level=0&chapter=9`);
    await page.getByText('No lessons available. Please check your session data.').waitFor();
    await context.close();
  });

  test('corrupted session values are discarded without breaking the pages', async () => {
    const user = await createUser();
    const { page, context, consoleErrors } = await openPage(browser);
    await logIn(page, user);
    await page.evaluate(() => {
      sessionStorage.setItem('userProgress', '{broken');
      sessionStorage.setItem('level_0', '"not chapters"');
      sessionStorage.setItem('currentLevelChaptersData', '[]');
      sessionStorage.setItem('lastLevel', 'zero');
      sessionStorage.setItem('lastLanguage', '');
      sessionStorage.setItem('endOfChapter', '{}');
    });
    await page.reload();
    await expect.poll(() => page.locator('a.chapter-card').count(), { timeout: 15_000 }).toBe(level0.chapters.length);
    await page.evaluate(() => {
      sessionStorage.setItem('level_0', '[{"title": 5}]');
      sessionStorage.setItem('userProgress', '{"0": {"0": "x"}}');
    });
    await page.goto(`${learnUrl}/lessons?level=0&chapter=0`);
    await page.getByRole('heading', { level: 1, name: level0.chapters[0]!.title! }).waitFor();
    expect(consoleErrors.filter((e) => /Uncaught|TypeError|SyntaxError/.test(e))).toEqual([]);
    await context.close();
  });
});
