// A learner who switches sign language: from American to Austrian (ÖGS, asq) with the
// learning home's language select, its first lesson (A, B, C) completed on the camera screen from
// the Austrian lexicon's own recordings (data/fingerspelling-asq: the frames each letter's
// reference is not built from, through the test-only fixture source), its progress and letter
// statistics saved under asq, then back to American through the account menu with the American
// progress as it was. And an Austrian word lesson (level 4-10, German words): it opens on its word,
// spelled in the ÖGS alphabet (SCH one letter), and its first letter completes from the recordings.
import { join } from 'node:path';
import { writeFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { manualAlphabetOf } from '../../../engine/src/handshape/alphabets/manual_alphabets.ts';
import { loadFingerspellingFolder } from '../../../engine/src/node/load_fingerspelling_folder.ts';
import { buildLexiconPracticeFixture } from '../../../engine/src/recordings/build_lexicon_practice_fixture.ts';
import { holisticAlphabetSources } from '../../../engine/src/recordings/holistic_alphabet_sources.ts';
import { ASQ_LETTER_LEVELS } from '@/lib/data/letter-levels-other.ts';
import { AMERICAN_LEVELS, CURRICULUM } from '@/lib/data/curriculum.ts';
import { lettersOfLanguage } from '@/lib/data/languages.ts';
import { lettersOfWord } from '@/lib/data/word-letters.ts';
import { dbAdminUpdate } from '../app/app-harness.ts';
import { cacheDir, cameraUrl, expectFixtureSource, holdLessonOn, launchWithFakeCamera, learnUrl, readDatabase, repoRoot, screenshotDir, serveFixture, signedInPage, signName } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

async function asqLessonFixture(signs: readonly string[], seconds: number): Promise<string> {
  const lexicon = await loadFingerspellingFolder(join(repoRoot, 'data', 'fingerspelling-asq'));
  const sources = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, manualAlphabetOf('asq'));
  const folder = join(cacheDir, 'fixtures');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `asq-${signs.join('')}-${seconds}s.json`);
  writeFileSync(file, JSON.stringify(buildLexiconPracticeFixture(sources, signs, seconds)));
  return file;
}

// Switching saves the language, then loads the learning home anew (window.location.assign). The
// test waits for that load: a page.goto issued while it is still on its way is aborted by it
// (net::ERR_ABORTED, seen once in CI), and a poll could read the page it replaces.
async function switchAndReload(page: Page, choose: () => Promise<unknown>): Promise<void> {
  const loaded = page.waitForEvent('load', { timeout: 20_000 });
  await choose();
  await loaded;
}

const chapterTitles = (page: Page) => page.locator('.chapter-card__title').allTextContents();
const chapterCount = (page: Page, n: number) => page.locator('.chapter-card__count').nth(n).textContent();

describe('a learner switches to Austrian Sign Language and back', () => {
  test('switch, complete the first Austrian lesson from its recordings, return to American with its progress', async () => {
    // An American learner who finished lesson 1 of chapter 1 (progress 2 = lesson 2 next).
    const { page, context, user, consoleErrors } = await signedInPage(browser, { progress: { '0': { '0': 2 } } });
    const american = AMERICAN_LEVELS[0]!.chapters.map((c) => c.title);
    const austrian = ASQ_LETTER_LEVELS[0]!.chapters.map((c) => c.title);
    await expect.poll(() => chapterTitles(page), { timeout: 20_000 }).toEqual(american);
    expect(await chapterCount(page, 0)).toMatch(/1\s*\/\s*2/);

    // The learning home's select: saved remotely, the home shows Austrian level 1, nothing done.
    await switchAndReload(page, () => page.getByLabel('Sign language').selectOption('asq'));
    await expect.poll(() => chapterTitles(page), { timeout: 20_000 }).toEqual(austrian);
    expect(await readDatabase(`users/${user.uid}/currentLanguage`)).toBe('asq');
    expect(await chapterCount(page, 0)).toMatch(/0\s*\/\s*3/);

    // Lesson 1 (A, B, C) replayed from the Austrian recordings, judged against language/asq/signs.
    const lesson = ASQ_LETTER_LEVELS[0]!.chapters[0]!.lessons[0]!.signs;
    expect(lesson).toEqual(['A', 'B', 'C']);
    const fixture = await serveFixture(context, 'asq-abc.json', await asqLessonFixture(lesson, 8));
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('A');
    // The guide is the Austrian hand (drawn from the Austrian recordings), not the American.
    await expect.poll(() => page.locator('.guide-overlay [data-letter]').getAttribute('data-language'), { timeout: 10_000 }).toBe('asq');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add(await signName(page));
          return page.getByRole('heading', { name: 'Lesson Completed!' }).isVisible();
        },
        { timeout: 90_000, interval: 200 },
      )
      .toBe(true);
    expect([...seen].filter((s) => s !== '')).toEqual(expect.arrayContaining(['A', 'B', 'C']));
    await expect.poll(() => readDatabase(`users/${user.uid}/progressPerLanguage/asq/0/0`), { timeout: 10_000 }).toBe(2);
    const stats = (await readDatabase(`users/${user.uid}/letterStats/asq`)) as Record<string, { completions: number }> | null;
    for (const letter of lesson) expect(stats?.[letter]?.completions).toBeGreaterThanOrEqual(1);
    expect(await readDatabase(`users/${user.uid}/letterStats/american`)).toBeNull();

    // Back to American through the account menu: its progress is intact, the Austrian one kept.
    await page.goto(`${learnUrl}/`);
    await expect.poll(() => chapterTitles(page), { timeout: 20_000 }).toEqual(austrian);
    expect(await chapterCount(page, 0)).toMatch(/1\s*\/\s*3/);
    // 'Your letters' shows the Austrian alphabet (31 tiles, SCH among them) with A, B, C practised.
    await page.locator('.letter-chart__tile[data-letter="SCH"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('.letter-chart__tile').count()).toBe(31);
    for (const letter of lesson) expect(await page.locator(`.letter-chart__tile[data-letter="${letter}"]`).getAttribute('data-strength')).not.toBe('untried');
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'second-language-home-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(screenshotDir, 'second-language-home-phone.png') });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await switchAndReload(page, () => page.getByRole('menuitemradio', { name: 'American (ASL)' }).click());
    await expect.poll(() => chapterTitles(page), { timeout: 20_000 }).toEqual(american);
    expect(await readDatabase(`users/${user.uid}/currentLanguage`)).toBe('american');
    expect(await chapterCount(page, 0)).toMatch(/1\s*\/\s*2/);
    await page.locator('.letter-chart__tile[data-letter="Z"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('.letter-chart__tile').count()).toBe(26);
    expect(await page.locator('.letter-chart__tile[data-letter="A"]').getAttribute('data-strength')).toBe('untried');
    expect(await readDatabase(`users/${user.uid}/progressPerLanguage/american/0/0`)).toBe(2);
    expect(await readDatabase(`users/${user.uid}/progressPerLanguage/asq/0/0`)).toBe(2);
    expect(consoleErrors).toEqual([]);
  }, 180_000);

  test('an Austrian word lesson opens on its German word, spelled with SCH as one letter, and its first letter completes from the recordings', async () => {
    // The first word lesson whose first word begins with SCH (levels 4-10 of asq).
    const found = CURRICULUM.asq!.flatMap((level, l) => level.chapters.flatMap((chapter, c) => chapter.lessons.map((lesson, n) => ({ l, c, n, lesson })))).find((x) => x.lesson.words?.[0]?.startsWith('SCH'));
    expect(found, 'an asq word lesson starting with SCH').toBeDefined();
    const { l, c, n, lesson } = found!;
    const word = lesson.words![0]!;
    const letters = lettersOfWord(word, lettersOfLanguage('asq'))!;
    expect(letters[0]).toBe('SCH');
    expect(lesson.signs.slice(0, letters.length)).toEqual(letters);
    // A learner who reached that level, and that lesson of the Austrian chapter (product.md §4.9 Lesson progress: lessons open in order).
    const { page, context, user, consoleErrors } = await signedInPage(browser, { maxLevel: l + 1 });
    await dbAdminUpdate({ [`users/${user.uid}/progressPerLanguage/asq/${l}/${c}`]: n + 1 });
    await switchAndReload(page, () => page.getByLabel('Sign language').selectOption('asq'));
    expect(await readDatabase(`users/${user.uid}/currentLanguage`)).toBe('asq');
    const fixture = await serveFixture(context, `asq-${word}.json`, await asqLessonFixture(letters, 8));
    // SCH is held while the screen is checked: the recording completes it faster than a loaded
    // machine answers the checks below.
    const goOn = await holdLessonOn(page, ['SCH']);
    await page.goto(cameraUrl(l, c, n, fixture));
    await expectFixtureSource(page);
    const spelling = page.getByTestId('word-spelling');
    await expect.poll(() => spelling.getAttribute('data-word'), { timeout: 20_000 }).toBe(word);
    expect(await signName(page)).toBe('SCH');
    // The side panel's list: SCH, three letters wide, does not run into its state ('now').
    const row = page.locator('.practice-panel__sign').first();
    const [letterBox, stateBox] = await Promise.all([row.locator('.practice-panel__letter').boundingBox(), row.locator('.practice-panel__state').boundingBox()]);
    expect(await row.locator('.practice-panel__letter').textContent()).toBe('SCH');
    expect(letterBox!.x + letterBox!.width, 'SCH ends before its state begins').toBeLessThanOrEqual(stateBox!.x);
    expect(await spelling.locator('.word-spelling__letter').allTextContents()).toEqual(letters);
    const label = () => spelling.getByRole('img').getAttribute('aria-label');
    expect(await label()).toBe(`Spelling ${word}: letter 1 of ${letters.length}`);
    await goOn();
    // SCH signed from the Austrian recording completes; the word goes on to its second letter.
    await expect.poll(label, { timeout: 60_000, interval: 200 }).toBe(`Spelling ${word}: letter 2 of ${letters.length}`);
    expect(await signName(page)).toBe(letters[1]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
