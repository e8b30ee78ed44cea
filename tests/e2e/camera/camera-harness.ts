// Shared pieces of the camera practice screen's browser tests: Chromium with a fake camera, the
// recorded landmark fixtures (made at test time from the alphabet recordings' held-out frames
// into a gitignored folder, served to the page by request interception at /test-fixtures/...),
// a signed-in learner, and a recorder of every request the page and its workers make.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request, WebSocket } from 'playwright-core';
import { buildPracticeFixture } from '../../../engine/src/recordings/build_practice_fixture.ts';
import { loadAlphabetFolder } from '../../../engine/src/node/load_alphabet_folder.ts';
import { launchBrowser } from '../../setup/browser.ts';
import { makeFakeCameraVideo } from '../tracker/make_fake_camera_video.ts';
import { createUser, dbAdminGet, learnUrl, logIn, type TestUser } from '../app/app-harness.ts';
import { ALPHABET_DIR, PHOTOGRAPHS_DIR } from '../../../server/paths.ts';
import type { LevelChapters } from '@/lib/session-storage/session-storage.ts';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');
export const cacheDir = join(repoRoot, '.cache', 'camera-e2e');
const alphabetDir = process.env.SIGNLEARN_ALPHABET_DIR ?? ALPHABET_DIR;
export const messiPhoto = join(PHOTOGRAPHS_DIR, 'messi5.jpg');
export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

export { learnUrl };

/** Reads a database path as its owner (the emulator's admin REST, bypassing the rules). */
export const readDatabase = dbAdminGet;

/** A landmark fixture of a learner signing `signs`, `seconds` each (and, with `releaseMs`, the
 * hand out of view that long between two equal letters in a row); returns its file path. */
export async function makeLessonFixture(signs: readonly string[], seconds: number, releaseMs = 0): Promise<string> {
  const folder = join(cacheDir, 'fixtures');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${signs.join('')}-${seconds}s${releaseMs ? `-release${releaseMs}` : ''}.json`);
  if (!existsSync(file)) {
    const fixture = buildPracticeFixture(await loadAlphabetFolder(alphabetDir), signs, seconds, { releaseMs });
    writeFileSync(file, JSON.stringify(fixture));
  }
  return file;
}

/** Serves `file` to the page at /test-fixtures/<name>; returns the path to put in `&fixture=`. */
export async function serveFixture(context: BrowserContext, name: string, file: string): Promise<string> {
  await context.route(`**/test-fixtures/${name}`, (route) => route.fulfill({ path: file, contentType: 'application/json' }));
  return `/test-fixtures/${name}`;
}

/** Frames a second of the fake camera's test pattern. Most pages that show it replay recorded
 * landmarks and never read the camera; the rest run the real tracker on a picture with nobody in
 * it, which tracks about 5 frames a second on these machines whatever the camera offers. Each
 * camera frame is composed into the page in software, so the browser's default 20 a second cost
 * a quarter more of a core for every second a camera page is open (0.63-0.68 of a core against
 * 0.48-0.49, a lesson from recorded landmarks, docs/engineer/app.md, "Tests"). */
export const TEST_PATTERN_FPS = 5;

/** Chromium with a fake camera: a test pattern, or the video made from `photo`. */
export async function launchWithFakeCamera(photo?: string): Promise<Browser> {
  const args = ['--use-fake-ui-for-media-stream', `--use-fake-device-for-media-stream=fps=${TEST_PATTERN_FPS}`, '--autoplay-policy=no-user-gesture-required'];
  if (photo) args.push(`--use-file-for-fake-video-capture=${makeFakeCameraVideo(cacheDir, photo)}`);
  return launchBrowser({ args });
}

export async function signedInPage(browser: Browser, options: { progress?: Record<string, Record<string, number>>; maxLevel?: number; language?: string } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  user: TestUser;
  consoleErrors: string[];
  consoleMessages: string[];
  failedResponses: string[];
}> {
  const user = await createUser(options);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  // With SIGNLEARN_TEST_APP=dev the test app is Vite's dev server: a source file saved while a
  // test runs would make its hot-reload socket reload the page mid-lesson. The socket is answered
  // here and never forwarded.
  const appHost = new URL(learnUrl).host;
  await context.routeWebSocket((url) => url.host === appHost, () => {});
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const consoleMessages: string[] = [];
  page.on('console', (message) => {
    consoleMessages.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  const failedResponses: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
  });
  await logIn(page, user);
  return { context, page, user, consoleErrors, consoleMessages, failedResponses };
}

/**
 * Makes level 1's cached chapters these as the camera page starts (an init script): written from
 * the test after logging in, the learning home's own load of the level, still under way on a busy
 * machine, would overwrite them, and the camera page would open the real lesson.
 */
export async function lessonContentOnCameraPage(page: Page, chapters: LevelChapters): Promise<void> {
  await page.addInitScript((value) => {
    if (location.pathname !== '/camera') return;
    sessionStorage.setItem('level_0', value);
  }, JSON.stringify(chapters));
}

/** Level 1's first chapter with one lesson: B then C. */
export function lessonOfBAndC(page: Page): Promise<void> {
  return lessonContentOnCameraPage(page, [{ title: 'Open hands', lessons: [{ signs: ['B', 'C'] }], number_of_lessons: 1 }]);
}

export function cameraUrl(level: number, chapter: number, lesson: number, fixture?: string): string {
  return `${learnUrl}/camera?level=${level}&chapter=${chapter}&lesson=${lesson}${fixture ? `&fixture=${encodeURIComponent(fixture)}` : ''}`;
}

/** The screen runs on the recorded landmarks (the app server was started with VITE_TEST_LANDMARKS). */
export async function expectFixtureSource(page: Page): Promise<void> {
  const backend = page.getByTestId('tracker-backend');
  for (let i = 0; i < 300 && /^$|starting/.test((await backend.textContent().catch(() => '')) ?? ''); i++) await page.waitForTimeout(100);
  const text = (await backend.textContent()) ?? '';
  if (!text.includes('recorded landmarks')) {
    throw new Error(`the camera screen is not using the test landmark source ("${text}"): the test app server must run with VITE_TEST_LANDMARKS=true (tests/setup/global-setup.ts)`);
  }
}

/** The circular progress's value (percent). */
export async function ringPercent(page: Page): Promise<number> {
  return Number(await page.getByRole('progressbar', { name: 'Sign progress' }).getAttribute('aria-valuenow'));
}

export async function signName(page: Page): Promise<string> {
  return ((await page.getByTestId('sign-name').textContent()) ?? '').trim();
}

export interface RecordedRequest {
  url: string;
  method: string;
  resourceType: string;
  body: Buffer | null;
}
export interface RecordedSocketFrame {
  url: string;
  payload: string | Buffer;
}

/** Records every HTTP request (page and workers) and every WebSocket frame sent, from now on. */
export function recordTraffic(context: BrowserContext, page: Page): { requests: RecordedRequest[]; socketFrames: RecordedSocketFrame[] } {
  const requests: RecordedRequest[] = [];
  const socketFrames: RecordedSocketFrame[] = [];
  const onRequest = (request: Request) => {
    requests.push({ url: request.url(), method: request.method(), resourceType: request.resourceType(), body: request.postDataBuffer() });
  };
  context.on('request', onRequest);
  const onSocket = (socket: WebSocket) => {
    socket.on('framesent', (frame) => socketFrames.push({ url: socket.url(), payload: frame.payload }));
  };
  page.on('websocket', onSocket);
  return { requests, socketFrames };
}

/** A value the lesson bar took (signs done), and when, in page time (performance.now). */
export interface LessonBarChange {
  at: number;
  done: number;
}

/**
 * Records every value the lesson bar takes, in the page the moment it changes (a MutationObserver
 * runs right after the change): a test polling the page, slower on a loaded machine, can miss the
 * last one, shown just before the completed card. Call before the page opens the camera screen; the
 * returned function reads the changes so far.
 */
export async function recordLessonBar(page: Page): Promise<() => Promise<LessonBarChange[]>> {
  await page.addInitScript(() => {
    const changes: LessonBarChange[] = [];
    (window as unknown as { lessonBarChanges: typeof changes }).lessonBarChanges = changes;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.getAttribute('aria-label') === 'Lesson progress') changes.push({ at: performance.now(), done: Number(target.getAttribute('aria-valuenow')) });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  return () => page.evaluate(() => (window as unknown as { lessonBarChanges: LessonBarChange[] }).lessonBarChanges);
}

/**
 * Holds the lesson on each of `signNames` in turn, the moment the screen shows it, with the app's
 * own pause for a hidden tab (the clock and the landmark source stop; lesson-fixture.test.ts proves
 * the lesson stands still then): a check of what is shown for a sign cannot race the judge
 * completing it on a loaded machine. Call before the page opens the camera screen; the returned
 * function shows the tab again, and the lesson goes on to the next sign held.
 */
export async function holdLessonOn(page: Page, signNames: readonly string[]): Promise<() => Promise<void>> {
  await page.addInitScript((held: string[]) => {
    let hidden = false;
    const dispatch = () => document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'hidden', { get: () => hidden, configurable: true });
    Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible'), configurable: true });
    (window as unknown as { showTab: () => void }).showTab = () => {
      hidden = false;
      dispatch();
    };
    new MutationObserver(() => {
      const name = document.querySelector('[data-testid="sign-name"]')?.textContent?.trim();
      if (!hidden && name === held[0]) {
        held.shift();
        hidden = true;
        dispatch();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, [...signNames]);
  return () => page.evaluate(() => (window as unknown as { showTab: () => void }).showTab());
}
