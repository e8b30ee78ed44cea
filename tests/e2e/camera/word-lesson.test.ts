// Word lessons on the camera screen, driven by recorded landmarks (the test-only
// fixture source): the first lesson of level 4 fingerspelled letter by letter from the alphabet
// recordings' held-out frames (the hand out of view 400 ms between the two Ls of ALL: the bounce)
// completes, the word and its letter shown throughout; the same lesson signed with one wrong
// letter stalls on that letter. The letters' statistics land in the database and the learning
// home draws them as 'Your letters', whose weakest letters make a lesson of their own.
// Screenshots: test-results/screenshots/word-lesson-mid-word-{desktop,phone}.png and
// letter-chart-{desktop,phone}.png (1280x800 and 390x844).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WORD_LEVELS } from '@/lib/data/curriculum.ts';
import { cameraUrl, expectFixtureSource, launchWithFakeCamera, learnUrl, makeLessonFixture, readDatabase, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const lesson = WORD_LEVELS[0]!.chapters[0]!.lessons[0]!;
const words = lesson.words!;
const letters = lesson.signs;
/** The letter signed wrong in the stalling run: the second word's last letter. */
const WRONG_AT = words[0]!.length + words[1]!.length - 1;
const WRONG_LETTER = 'B';
const SECONDS_PER_LETTER = 3;
const RELEASE_MS = 400;

let browser: Browser;
let session: Awaited<ReturnType<typeof signedInPage>> | undefined;
beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  browser = await launchWithFakeCamera();
});
/** One learner for the whole file (signing in runs inside a test): level 4 unlocked, its first lesson open. */
async function learner() {
  if (!session) {
    session = await signedInPage(browser, { maxLevel: 4 });
    await session.page.setViewportSize(DESKTOP);
  }
  return session;
}
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

interface Sample {
  sign: string;
  /** 'Spelling ALL: letter 2 of 3' */
  spelling: string;
  ring: number;
  lesson: number;
  hint: string;
  done: boolean;
}

async function sample(page: Page): Promise<Sample> {
  return page.evaluate(() => {
    const q = (selector: string) => document.querySelector(selector);
    return {
      sign: q('[data-testid="sign-name"]')?.textContent?.trim() ?? '',
      spelling: q('[data-testid="word-spelling"] [role="img"]')?.getAttribute('aria-label') ?? '',
      ring: Number(q('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow')),
      lesson: Number(q('[aria-label="Lesson progress"]')?.getAttribute('aria-valuenow')),
      hint: q('[data-testid="hint"]')?.textContent ?? '',
      done: [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Lesson Completed!'),
    };
  });
}

const spellingOf = (index: number): string => {
  let rest = index;
  for (const word of words) {
    if (rest < word.length) return `Spelling ${word}: letter ${rest + 1} of ${word.length}`;
    rest -= word.length;
  }
  throw new Error(`no letter ${index}`);
};

describe('a word lesson from recorded landmarks', () => {
  test(`the lesson's words are real words with a double letter (${words.join(', ')})`, () => {
    expect(words.length).toBeGreaterThanOrEqual(2);
    expect(letters).toEqual(words.join('').split(''));
    expect(words.some((word) => /(.)\1/.test(word))).toBe(true);
    expect(letters[WRONG_AT]).not.toBe(WRONG_LETTER);
  });

  test('signed with one wrong letter, it stalls on that letter', async () => {
    const { page, context } = await learner();
    const signed = letters.map((letter, i) => (i === WRONG_AT ? WRONG_LETTER : letter));
    const fixture = await serveFixture(context, 'word-wrong.json', await makeLessonFixture(signed, SECONDS_PER_LETTER, RELEASE_MS));
    await page.goto(cameraUrl(3, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe(letters[0]);
    // Up to the wrong letter, as signed.
    await expect.poll(async () => (await sample(page)).spelling, { timeout: 90_000, interval: 200 }).toBe(spellingOf(WRONG_AT));
    // Then no further: the recording follows the lesson (as the recorded signer does), so while
    // the lesson asks for this letter it plays the wrong one, looped; three times round it.
    const samples: Sample[] = [];
    const until = Date.now() + 3 * SECONDS_PER_LETTER * 1000;
    while (Date.now() < until) {
      samples.push(await sample(page));
      await page.waitForTimeout(250);
    }
    for (const s of samples) {
      expect(s.spelling).toBe(spellingOf(WRONG_AT));
      expect(s.sign).toBe(letters[WRONG_AT]);
      expect(s.lesson).toBe(WRONG_AT);
      expect(s.done).toBe(false);
    }
    // The default judge needs the letter from the first frame: the ring never moved.
    expect(Math.max(...samples.map((s) => s.ring))).toBe(0);
  });

  test('signed letter by letter it completes: the word and the letter shown, a bounce asked for the double letter; mid-word screenshots', async () => {
    const { page, context, user } = await learner();
    const fixture = await serveFixture(context, 'word-right.json', await makeLessonFixture(letters, SECONDS_PER_LETTER, RELEASE_MS));
    await page.goto(cameraUrl(3, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe(letters[0]);
    const samples: Sample[] = [];
    let shot: 'desktop' | 'phone' | 'done' = 'desktop';
    const start = Date.now();
    for (;;) {
      const s = await sample(page);
      if (s.done) break;
      if (Date.now() - start > 150_000) throw new Error(`lesson not completed; last samples ${JSON.stringify(samples.slice(-5))}`);
      samples.push(s);
      // Mid-word: a word's second letter or later, its ring part-way.
      const midWord = s.spelling !== '' && !/letter 1 of/.test(s.spelling) && s.ring >= 30 && s.ring <= 80;
      if (midWord && shot === 'desktop') {
        await page.screenshot({ path: join(screenshotDir, 'word-lesson-mid-word-desktop.png') });
        await page.setViewportSize(PHONE);
        await page.waitForTimeout(400); // the side panel's move into its drawer (0.2 s)
        shot = 'phone';
      } else if (midWord && shot === 'phone') {
        await page.screenshot({ path: join(screenshotDir, 'word-lesson-mid-word-phone.png') });
        await page.setViewportSize(DESKTOP);
        shot = 'done';
      }
      await page.waitForTimeout(100);
    }
    expect(shot).toBe('done');
    // Every letter in order, each shown in its word.
    const order = samples.map((s) => s.spelling).filter((label, i, all) => label !== '' && (i === 0 || all[i - 1] !== label));
    expect(order).toEqual(letters.map((_, i) => spellingOf(i)));
    // The double letter: the second L waited for the hand to let go of the first, and said so.
    const double = words.join('').search(/(.)\1/) + 1;
    expect(samples.some((s) => s.spelling === spellingOf(double) && /double letter: bounce your hand/.test(s.hint))).toBe(true);
    await page.getByText('You have successfully completed the lesson.').waitFor();
    expect(await page.getByRole('progressbar', { name: 'Lesson progress' }).getAttribute('aria-valuenow')).toBe(String(letters.length));
    // Progress saved as for any lesson; every letter's statistics saved.
    await expect.poll(() => readDatabase(`users/${user.uid}/progressPerLanguage/american/3/0`), { timeout: 10_000 }).toBe(2);
    const statsPath = `users/${user.uid}/letterStats/american`;
    type Stored = Record<string, { attempts: number; completions: number; flags: number; recentMs?: number[] }>;
    const lastLetter = letters.at(-1)!;
    await expect.poll(async () => ((await readDatabase(statsPath)) as Stored | null)?.[lastLetter]?.completions ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const stats = (await readDatabase(statsPath)) as Stored;
    for (const letter of new Set(letters)) {
      const count = letters.filter((l) => l === letter).length;
      expect(stats[letter]?.completions, letter).toBeGreaterThanOrEqual(count);
      for (const ms of stats[letter]!.recentMs ?? []) expect(ms).toBeGreaterThanOrEqual(1400);
    }
    // The stalled letter of the first run: an attempt that never completed.
    const stalled = stats[letters[WRONG_AT]!]!;
    expect(stalled.attempts).toBeGreaterThan(stalled.completions);
  });

  test("the learner's letters on the learning home, at desktop and phone widths; the weakest letters make a lesson", async () => {
    const { page, consoleErrors } = await learner();
    await page.goto(`${learnUrl}/`);
    const chart = page.getByTestId('letter-progress');
    await chart.waitFor({ timeout: 20_000 });
    const strength = (letter: string) => chart.locator(`[data-letter="${letter}"]`).getAttribute('data-strength');
    expect(await strength(letters[WRONG_AT]!)).toBe('weak');
    expect(await strength(letters[0]!)).toBe('strong');
    const untried = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').find((letter) => !letters.includes(letter))!;
    expect(await strength(untried)).toBe('untried');
    await expect.poll(() => chart.getByRole('img').getAttribute('aria-label')).toMatch(/^Your letters: \d+ strong, \d+ weak, \d+ not yet practised$/);
    await page.screenshot({ path: join(screenshotDir, 'letter-chart-desktop.png') });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshotDir, 'letter-chart-phone.png') });
    await page.setViewportSize(DESKTOP);

    const practise = chart.getByRole('link', { name: /^Practise my weakest letters: / });
    const label = (await practise.textContent()) ?? '';
    const weakest = label.replace(/^Practise my weakest letters: /, '').split(', ');
    expect(weakest[0]).toBe(letters[WRONG_AT]);
    await practise.click();
    await page.waitForURL(/\/camera\?letters=/);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe(weakest[0]);
    expect(consoleErrors.filter((e) => !/^Failed to load resource/.test(e))).toEqual([]);
  });
});
