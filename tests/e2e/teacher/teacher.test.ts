// The teacher's page (/teach) in Chromium, through the real tracker: the demo teacher picks a video
// file of a sign (a photograph's forearm raised about the elbow: teacher-clips.ts), sees it tracked,
// trims the still start off, names it, checks it (the sign again at another pace completes it, a
// lowered forearm does not) and publishes it to level 1's Greetings; a learner then completes the new lesson with the same video
// as the camera. Each bad input gets its message and writes nothing; a learner is told the page is
// for teachers (the rules refusing their writes: tests/backend/teacher-rules.test.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_TEACHER } from '@/lib/demo/demo-teacher.ts';
import { LETTER_LEVELS } from '@/lib/data/curriculum.ts';
import { launchBrowser } from '../../setup/browser.ts';
import { acquireExclusive, LEVEL_1_LESSONS } from '../../setup/exclusive.ts';
import { createUser, dbAdminGet, dbAdminUpdate, learnUrl, logIn } from '../app/app-harness.ts';
import { repoRoot } from '../camera/camera-harness.ts';
import { LEAD_IN_TRIM, makeTeacherClips, type TeacherClips } from './teacher-clips.ts';

const GREETINGS = LETTER_LEVELS[0]!.chapters.findIndex((c) => c.title === 'Greetings');
/** A name no other run's sign has: letters only (the rules' pattern). */
const SIGN = `RAISE ${Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
const TRACKING_MS = 300_000;
/**
 * A test's own limit: each waits on what it needs (tracking a video through the real tracker, the
 * checks, the learner's lesson), up to TRACKING_MS each; the project's 180 s stopped a run on a
 * busy machine mid-way. The limit only stops a hung test.
 */
const LIMIT_MS = 900_000;

let browser: Browser;
let clips: TeacherClips;
let publishedLesson = -1;
/** Level 1's Greetings chapter before the sign was published to it. */
let greetingsBefore: unknown;
const greetingsPath = `levels/0/chapters/${GREETINGS}`;
/** Frees level 1's lessons for the other test files (held from the publish until they are put back). */
let releaseLevel1: (() => void) | null = null;

/**
 * The test services' database is every test file's: level 1 goes back to the curriculum's lessons,
 * which other files count on (a completed level 1 unlocks level 2 only when every lesson is done:
 * learning.test.ts failed after this file in a whole run), as soon as the learner's lesson is done.
 */
async function restoreLevel1(): Promise<void> {
  if (greetingsBefore === undefined) return; // never read (the database did not answer): nothing to put back
  try {
    await dbAdminUpdate({ [greetingsPath]: greetingsBefore, [`signs/${SIGN}`]: null });
    expect(await dbAdminGet(greetingsPath)).toEqual(greetingsBefore);
    expect(await dbAdminGet(`signs/${SIGN}`)).toBeNull();
  } finally {
    releaseLevel1?.();
  }
}

beforeAll(async () => {
  greetingsBefore = await dbAdminGet(greetingsPath);
  clips = await makeTeacherClips(join(repoRoot, '.cache', 'teacher-e2e'));
  browser = await launchBrowser({ args: ['--autoplay-policy=no-user-gesture-required'] });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await restoreLevel1();
});

async function teacherPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A tracker the page had to replace (track-clip.ts) is said in the test's output.
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Pose tracking')) console.log(`teacher's page: ${message.text()}`);
  });
  await logIn(page, DEMO_TEACHER);
  await page.goto(`${learnUrl}/teach`);
  await page.getByRole('heading', { name: 'Record a sign' }).waitFor();
  return { page, errors };
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent().then((t) => t ?? '');

/** Waits up to TRACKING_MS for a check's verdict; on a timeout, says what the page showed instead
 * (the tracking status, any problem). */
async function verdict(page: Page, testId: string, expected: string): Promise<void> {
  try {
    await expect.poll(() => text(page, testId), { timeout: TRACKING_MS, interval: 500 }).toBe(expected);
  } catch (error) {
    const problems = await page.locator('[data-testid^="teacher-problem"]').allTextContents();
    throw new Error(`${testId}: ${error instanceof Error ? error.message : String(error)}; status "${await text(page, 'teacher-status')}", problems ${JSON.stringify(problems)}`);
  }
}

describe("the teacher's page", () => {
  test('a teacher tracks a video of a sign, names it, checks it and publishes it to a chapter', { timeout: LIMIT_MS }, async () => {
    const { page, errors } = await teacherPage();
    await page.getByTestId('teacher-file-sign').setInputFiles(clips.sign);
    await expect.poll(() => text(page, 'teacher-status'), { timeout: TRACKING_MS, interval: 500 }).toMatch(/^Tracked \d+ frames of raise-forearm\.webm\.$/);
    expect(await page.getByTestId('teacher-problem-sign').count()).toBe(0);
    // The tracked skeleton was drawn: a body and a hand in the last frame.
    expect(await page.getByTestId('teacher-skeleton').getAttribute('data-pose')).toBe('1');
    expect(Number(await page.getByTestId('teacher-skeleton').getAttribute('data-hands'))).toBeGreaterThan(0);
    // Trim: the whole clip by default (55 frames at 15 a second: 24 still, 23 turning, 8 still); the
    // teacher trims most of the still lead-in off (teacher-clips.ts). The preview replays the
    // recorded skeleton.
    expect(await text(page, 'teacher-trim-text')).toMatch(/^0\.0 s to 3\.\d s \(55 frames\)$/);
    await page.getByLabel('Start').fill(String(LEAD_IN_TRIM));
    expect(await text(page, 'teacher-trim-text')).toMatch(/^1\.1 s to 3\.\d s \(39 frames\)$/);
    expect(await page.getByRole('img', { name: 'What learners will see: the recorded skeleton' }).count()).toBe(1);

    await page.getByLabel('Sign name').fill(SIGN);
    await page.getByLabel('Level').selectOption('0');
    await expect.poll(() => page.getByLabel('Chapter').locator('option').count()).toBe(LETTER_LEVELS[0]!.chapters.length);
    await page.getByLabel('Chapter').selectOption(String(GREETINGS));
    await page.getByRole('button', { name: 'Make the sign' }).click();
    await page.getByRole('heading', { name: '4. Check it' }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);

    await page.getByTestId('teacher-file-again').setInputFiles(clips.again);
    await verdict(page, 'teacher-check-again', 'Signed again: it completes.');
    await page.getByTestId('teacher-file-other').setInputFiles(clips.other);
    await verdict(page, 'teacher-check-other', 'Another sign: refused.');

    releaseLevel1 = await acquireExclusive(LEVEL_1_LESSONS);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => text(page, 'teacher-published'), { timeout: 30_000 }).toMatch(new RegExp(`^Published: learners find ${SIGN} in Level 1, Chapter ${GREETINGS + 1}, Lesson (\\d+)\\.`));
    publishedLesson = Number(/Lesson (\d+)\./.exec(await text(page, 'teacher-published'))![1]) - 1;

    const record = (await dbAdminGet(`signs/${SIGN}`)) as { movement?: { keys: unknown[] }; guide?: { frames: unknown[] }; publishedBy?: string } | null;
    expect(record?.movement?.keys).toHaveLength(6);
    expect(record?.guide?.frames.length).toBeGreaterThan(5);
    expect(record?.publishedBy).toBeTruthy();
    expect(await dbAdminGet(`levels/0/chapters/${GREETINGS}/lessons/${publishedLesson}`)).toEqual({ signs: [SIGN] });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a learner finds the new lesson at once and completes it, the same video as the camera', { timeout: LIMIT_MS }, async () => {
    expect(publishedLesson).toBeGreaterThan(0);
    const user = await createUser({ progress: { '0': { [String(GREETINGS)]: publishedLesson + 1 } } });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, user);
    await page.goto(`${learnUrl}/camera?level=0&chapter=${GREETINGS}&lesson=${publishedLesson}`);
    await expect.poll(() => page.getByTestId('sign-name').textContent(), { timeout: 60_000 }).toBe(SIGN);
    // The video is the camera (this browser has none: the screen shows the camera's error until a
    // file is picked, and the guide with the practice); its guide is the teacher's recorded skeleton.
    await page.getByTestId('video-file-input').setInputFiles(clips.sign);
    await expect.poll(() => page.getByTestId('skeleton-guide').count(), { timeout: 60_000 }).toBe(1);
    // What the screen showed while the learner practised (the hint, the sign's progress, the
    // tracker's rate), each change once with how many polls it lasted: said when the lesson does
    // not complete.
    const seen: { shown: string; polls: number }[] = [];
    const completed = async () => {
      const [hint, progress, fps] = await Promise.all([
        page.getByTestId('hint').allTextContents(),
        page.getByRole('progressbar', { name: 'Sign progress' }).getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null),
        page.getByTestId('tracker-fps').allTextContents(),
      ]);
      const shown = `hint "${hint.join(' ')}", progress ${progress}, ${fps.join(' ')}`;
      if (seen.at(-1)?.shown === shown) seen.at(-1)!.polls++;
      else seen.push({ shown, polls: 1 });
      return page.getByRole('heading', { name: 'Lesson Completed!' }).count();
    };
    try {
      await expect.poll(completed, { timeout: TRACKING_MS, interval: 500 }).toBe(1);
    } catch (error) {
      // What the camera screen showed instead: the tracker's backend, rate and notice, the hint.
      const shown = await Promise.all(['tracker-backend', 'tracker-fps', 'tracker-notice', 'hint', 'camera-advice'].map(async (id) => `${id} "${(await page.getByTestId(id).allTextContents()).join(' ')}"`));
      const history = seen.slice(-40).map((s) => `${s.shown} (x${s.polls})`).join('; ');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; ${shown.join(', ')}; page errors ${JSON.stringify(errors)}; the last of what was shown: ${history}`);
    }
    expect(errors).toEqual([]);
    await context.close();
    await restoreLevel1();
  });

  test('bad input gets a clear message and writes nothing', { timeout: LIMIT_MS }, async () => {
    const { page, errors } = await teacherPage();
    const before = Object.keys(((await dbAdminGet('signs')) as Record<string, unknown>) ?? {}).length;
    const expectProblem = async (file: string, message: RegExp) => {
      await page.getByTestId('teacher-file-sign').setInputFiles(file);
      try {
        await expect.poll(() => page.getByTestId('teacher-problem-sign').textContent().catch(() => ''), { timeout: TRACKING_MS, interval: 500 }).toMatch(message);
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : String(error)}; status "${await text(page, 'teacher-status')}", page errors ${JSON.stringify(errors)}`);
      }
      // Nothing to trim, name or publish.
      expect(await page.getByRole('button', { name: 'Make the sign' }).count()).toBe(0);
    };
    await expectProblem(clips.notVideo, /^"notes\.txt" is not a video this browser can play: pick a video file/);
    await expectProblem(clips.long, /^"forty-minutes\.webm" is 40 minutes long: a sign takes a few seconds\. Cut the file to the sign \(at most 60 s\)/);
    await expectProblem(clips.nobody, /^No person was found in the clip/);
    await expectProblem(clips.handLost, /^The signing hand is lost in \d+ of the clip's \d+ frames/);
    expect(Object.keys(((await dbAdminGet('signs')) as Record<string, unknown>) ?? {}).length).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a learner is told the page is for teachers', async () => {
    const user = await createUser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, user);
    await page.goto(`${learnUrl}/teach`);
    await expect.poll(() => page.getByTestId('not-teacher').textContent(), { timeout: 15_000 }).toMatch(/^Recording and publishing signs is for teachers/);
    expect(await page.getByTestId('teacher-file-sign').count()).toBe(0);
    await context.close();
  });
});
