// Camera frames never leave the browser (product.md §1 Purpose). Every request the page and
// its workers make, and every WebSocket frame it sends, is recorded during a practice session
// driven by recorded landmarks (with a flag and a completed lesson, so the product's calls happen)
// and during one with the real tracker on the fake camera. No request or frame carries image data
// or anything large; the only calls that send data are the product's (product.md §7 Calls): the identity provider, the
// database (and there only the lesson-progress path and the lesson's letters' statistics are
// written) and /receive_feedback_sign.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  cameraUrl,
  expectFixtureSource,
  launchWithFakeCamera,
  learnUrl,
  makeLessonFixture,
  messiPhoto,
  recordTraffic,
  serveFixture,
  signedInPage,
  signName,
  type RecordedRequest,
  type RecordedSocketFrame,
} from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera(messiPhoto);
});
afterAll(async () => {
  await browser?.close();
});

const appOrigin = new URL(learnUrl).origin;
const authHost = inject('authEmulatorHost');
const databaseHost = new URL(inject('databaseUrl')).host;
/** Largest body or WebSocket frame the product's calls need (a progress update, a flag message). */
const MAX_PAYLOAD_BYTES = 8 * 1024;
const IMAGE_MAGIC = [Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('GIF8'), Buffer.from('RIFF')];

/** Text with signed tokens (JWTs, which are long base64) taken out. */
const withoutTokens = (text: string) => text.replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '<token>');

function payloadProblems(where: string, payload: Buffer | string): string[] {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const text = withoutTokens(bytes.toString('utf8'));
  const problems: string[] = [];
  if (bytes.length > MAX_PAYLOAD_BYTES) problems.push(`${where}: ${bytes.length} bytes`);
  if (IMAGE_MAGIC.some((magic) => bytes.subarray(0, magic.length).equals(magic))) problems.push(`${where}: image bytes`);
  if (/data:image\//i.test(text)) problems.push(`${where}: a data:image URL`);
  if (/[A-Za-z0-9+/]{200,}={0,2}/.test(text)) problems.push(`${where}: a long base64 run`);
  // Landmarks or pixels as numbers: long runs of comma-separated numbers.
  if (/(-?\d+(\.\d+)?,){100,}/.test(text)) problems.push(`${where}: a long list of numbers`);
  return problems;
}

function isAuthCall(url: URL): boolean {
  return url.host === authHost && /identitytoolkit|securetoken/.test(url.pathname);
}

function checkRequests(requests: RecordedRequest[]): { problems: string[]; calls: string[] } {
  const problems: string[] = [];
  const calls: string[] = [];
  for (const request of requests) {
    const url = new URL(request.url);
    if (url.href.length > 2000) problems.push(`${request.method} ${url.pathname}: a ${url.href.length}-character address`);
    if (request.body) problems.push(...payloadProblems(`${request.method} ${url.origin}${url.pathname}`, request.body));
    if (request.method === 'GET' && (url.origin === appOrigin || url.host === databaseHost)) continue; // static files, database long-poll
    if (isAuthCall(url)) calls.push('auth');
    else if (url.host === databaseHost) calls.push('database');
    else if (url.origin === appOrigin && url.pathname === '/receive_feedback_sign' && request.method === 'POST') calls.push('receive_feedback_sign');
    else problems.push(`not a product call: ${request.method} ${url.href}`);
  }
  return { problems, calls };
}

/** Database writes ('p' set, 'm' update) in the client's WebSocket protocol, as full paths. */
function databaseWrites(frames: RecordedSocketFrame[]): string[] {
  const writes: string[] = [];
  for (const frame of frames) {
    if (new URL(frame.url).host !== databaseHost) continue;
    let message: { t?: string; d?: { a?: string; b?: { p?: string; d?: unknown } } };
    try {
      message = JSON.parse(frame.payload.toString());
    } catch {
      continue; // a frame count of a split message
    }
    const action = message.d?.a;
    const body = message.d?.b;
    if (!body || (action !== 'p' && action !== 'm')) continue;
    const base = (body.p ?? '').replace(/^\/+|\/+$/g, '');
    if (action === 'p') writes.push(base);
    else for (const key of Object.keys((body.d ?? {}) as object)) writes.push([base, key.replace(/^\/+/, '')].filter(Boolean).join('/'));
  }
  return writes;
}

function checkSocketFrames(frames: RecordedSocketFrame[]): string[] {
  const problems: string[] = [];
  for (const frame of frames) {
    const url = new URL(frame.url);
    const allowed = url.host === databaseHost || (url.origin.replace(/^ws/, 'http') === appOrigin && frame.payload.length < 512); // Vite's dev-server pings
    if (!allowed) problems.push(`WebSocket to ${url.host}`);
    problems.push(...payloadProblems(`WebSocket ${url.host}`, frame.payload));
  }
  return problems;
}

describe('privacy: camera frames are never sent anywhere', () => {
  test('a practice session from recorded landmarks, with a flag and a completed lesson', async () => {
    const { page, context, user } = await signedInPage(browser);
    const traffic = recordTraffic(context, page);
    const fixture = await serveFixture(context, 'privacy-abc.json', await makeLessonFixture(['A', 'B', 'C'], 9));
    await page.goto(cameraUrl(0, 0, 0, fixture));
    await expectFixtureSource(page);
    await expect.poll(() => signName(page), { timeout: 20_000 }).toBe('A');
    await page.getByRole('button', { name: 'Flag this sign' }).click();
    await page.getByPlaceholder('Why is this sign wrong?').fill('The guide shows the thumb in the wrong place.');
    await page.getByRole('button', { name: 'Send FeedBack' }).click();
    await page.getByRole('heading', { name: 'Lesson Completed!' }).waitFor({ timeout: 150_000 });
    await page.waitForTimeout(1000);
    await context.close();

    const fixtureRequests = traffic.requests.filter((r) => new URL(r.url).pathname.startsWith('/test-fixtures/'));
    expect(fixtureRequests.map((r) => r.method)).toEqual(['GET']);
    const { problems, calls } = checkRequests(traffic.requests);
    expect(problems).toEqual([]);
    expect(calls).toContain('receive_feedback_sign');
    expect(checkSocketFrames(traffic.socketFrames)).toEqual([]);
    // The database writes of the session: the lesson progress (product.md §7 Calls multi-path update), once,
    // and the practised letters' statistics.
    const writes = databaseWrites(traffic.socketFrames);
    expect(writes.filter((path) => path.includes('/progressPerLanguage/'))).toEqual([`users/${user.uid}/progressPerLanguage/american/0/0`]);
    const statsWrites = writes.filter((path) => !path.includes('/progressPerLanguage/'));
    expect(statsWrites.length).toBeGreaterThan(0);
    for (const path of statsWrites) expect(path).toMatch(new RegExp(`^users/${user.uid}/letterStats/american/[ABC]$`));
  });

  test('a practice session with the real tracker on the camera', async () => {
    const { page, context } = await signedInPage(browser);
    const traffic = recordTraffic(context, page);
    await page.goto(cameraUrl(0, 0, 0));
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 120_000 }).toMatch(/Pose tracking: (wasm|webgpu|cpu)/);
    await expect.poll(() => page.evaluate(() => Number(document.querySelector('canvas')!.dataset.framesDrawn)), { timeout: 60_000 }).toBeGreaterThan(5);
    await context.close();

    const { problems } = checkRequests(traffic.requests);
    expect(problems).toEqual([]);
    expect(checkSocketFrames(traffic.socketFrames)).toEqual([]);
    // No lesson progress (nothing completed); at most the attempted letters' statistics (counters and times).
    for (const path of databaseWrites(traffic.socketFrames)) expect(path).toMatch(/^users\/[^/]+\/letterStats\/american\/[ABC]$/);
    // The models came from this origin; nothing was posted while tracking.
    expect(traffic.requests.some((r) => new URL(r.url).pathname.startsWith('/models/'))).toBe(true);
    expect(traffic.requests.filter((r) => r.method !== 'GET' && !isAuthCall(new URL(r.url)) && new URL(r.url).host !== databaseHost)).toEqual([]);
  });
});
