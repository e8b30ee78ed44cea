// The demo learner on the login page (the app runs on the emulators here, as with `npm start`):
// its email and password are shown and one click logs in to a home with some progress.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { expectNoSeriousA11yViolations, learnUrl, screenshots } from './app-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('demo learner', () => {
  test('the login page shows the credentials and logs in with one click', async () => {
    const { page, context } = await openPage(browser);
    // Console errors, but for the browser's own request of /favicon.ico (the app has none yet).
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    await page.goto(`${learnUrl}/login`);
    const hint = page.getByRole('complementary', { name: 'Demo learner' });
    await hint.waitFor();
    expect(await hint.textContent()).toContain('demo@signlearn.test');
    expect(await hint.textContent()).toContain('demo123!');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'login-demo-learner');

    await hint.getByRole('button', { name: 'Log in as the demo learner' }).click();
    await page.waitForURL(`${learnUrl}/`);
    // Level 1 is complete, so the home opens on level 2 with its first lesson done.
    await page.getByRole('button', { name: /Level 2$/ }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => ({ email: sessionStorage.getItem('email'), username: sessionStorage.getItem('username') }))).toEqual({
      email: 'demo@signlearn.test',
      username: 'DemoLearner',
    });
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userProgress') ?? '{}'))).toMatchObject({ '0': { '0': 3, '1': 3 }, '1': { '0': 2 } });
    // The letters of the lessons it has done are practised, as its chapters say.
    const tile = (letter: string) => page.locator(`.letter-chart__tile[data-letter="${letter}"]`);
    await tile('A').waitFor({ timeout: 15_000 });
    expect(await tile('A').getAttribute('data-strength')).toBe('strong');
    expect(await tile('Z').getAttribute('data-strength')).toBe('untried');
    expect(await page.getByTestId('letter-progress').textContent()).not.toMatch(/0 strong/);

    // A direct visit in a new tab (its session holds nothing yet): the lessons page shows the
    // demo learner's progress, as a click from the home does; and again after a reload.
    const tab = await context.newPage();
    tab.on('pageerror', (error) => consoleErrors.push(String(error)));
    await tab.goto(`${learnUrl}/lessons?level=0&chapter=0`);
    for (let round = 0; round < 2; round++) {
      const lessons = tab.locator('.lesson-list a, .lesson-list button');
      await expect.poll(() => lessons.count(), { timeout: 15_000 }).toBe(2);
      // Level 1, chapter 1: both lessons done (progress 3), nothing locked.
      expect(await tab.locator('.lesson-button--done').count()).toBe(2);
      expect(await tab.locator('.lesson-button--locked').count()).toBe(0);
      if (round === 0) await tab.reload();
    }
    // The first chapter of level 2 opened directly: lesson 1 done, lesson 2 open, the rest locked.
    await tab.goto(`${learnUrl}/lessons?level=1&chapter=0`);
    await expect.poll(() => tab.locator('.lesson-button--done').count(), { timeout: 15_000 }).toBe(1);
    expect(await tab.locator('.lesson-button--open').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
