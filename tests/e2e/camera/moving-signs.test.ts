// Level 1's 'Greetings' lesson, HELLO then THANK YOU, the curriculum's first signs that move: two
// real signers who are not the references' (data/popsign-hello-thankyou: 26734's HELLO, 22343's
// THANK YOU) replayed as the camera's landmarks (the test-only fixture source), each performance
// once with a pause after it, looped. The guide is the recorded signer's skeleton; the lesson
// completes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLandmarkFrame } from '../../../engine/src/core/landmark_frame.ts';
import { Part } from '../../../engine/src/core/landmark_layout.ts';
import { loadPopSignFolder } from '../../../engine/src/node/load_popsign_folder.ts';
import { POPSIGN_IMAGE, popsignSource } from '../../../engine/src/recordings/popsign_recording.ts';
import { LANDMARK_FIXTURE_FORMAT, type LandmarkFixture } from '../../../engine/src/recordings/landmark_fixture_schema.ts';
import { LETTER_LEVELS } from '@/lib/data/curriculum.ts';
import { cacheDir, cameraUrl, expectFixtureSource, launchWithFakeCamera, readDatabase, repoRoot, serveFixture, signedInPage, signName } from './camera-harness.ts';

const PERFORMANCES = [
  { signer: '26734', sequence: '1815649335', sign: 'HELLO' },
  { signer: '22343', sequence: '2078547822', sign: 'THANK-YOU' },
];
const GREETINGS = LETTER_LEVELS[0]!.chapters.findIndex((c) => c.title === 'Greetings');
const PAUSE_MS = 1500;
const LEAD_MS = 4000;

/** LEAD_MS of nobody, then the two performances, each followed by PAUSE_MS with nobody in view, as one fixture. */
async function greetingsFixture(): Promise<string> {
  const sequences = await loadPopSignFolder(join(repoRoot, 'data', 'popsign-hello-thankyou'));
  const fixture: LandmarkFixture = { format: LANDMARK_FIXTURE_FORMAT, imageWidth: POPSIGN_IMAGE.width, imageHeight: POPSIGN_IMAGE.height, source: 'data/popsign-hello-thankyou', frames: [] };
  const frame = createLandmarkFrame();
  // Nobody in view first (the learner sits down): the screen is up before HELLO is signed.
  fixture.frames.push({ t: 0 });
  let t = LEAD_MS;
  for (const wanted of PERFORMANCES) {
    const sequence = sequences.find((s) => s.signer === wanted.signer && s.sequence === wanted.sequence && s.sign === wanted.sign)!;
    const source = popsignSource(sequence);
    for (let i = 0; i < source.frameCount; i++, t += 1000 / 30) {
      source.read(i, frame);
      fixture.frames.push({
        t: Math.round(t),
        ...(frame.present[Part.pose] ? { pose: Array.from(frame.pose) } : {}),
        ...(frame.present[Part.leftHand] ? { leftHand: Array.from(frame.leftHand) } : {}),
        ...(frame.present[Part.rightHand] ? { rightHand: Array.from(frame.rightHand) } : {}),
      });
    }
    t += PAUSE_MS;
    fixture.frames.push({ t: Math.round(t) });
  }
  const folder = join(cacheDir, 'fixtures');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'greetings.json');
  writeFileSync(file, JSON.stringify(fixture));
  return file;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

describe("level 1's Greetings: signs that move", () => {
  test('HELLO then THANK YOU by two real signers complete the lesson; the guide is the recorded skeleton', async () => {
    expect(GREETINGS).toBeGreaterThanOrEqual(0);
    const { page, context, user, consoleErrors } = await signedInPage(browser);
    const fixture = await serveFixture(context, 'greetings.json', await greetingsFixture());
    await page.goto(cameraUrl(0, GREETINGS, 0, fixture));
    await expectFixtureSource(page);
    // Sampled together every 50 ms until the completed card: the sign's name, its guide, the ring.
    const seen: { sign: string; guide: string | null; ring: number; hint: string }[] = [];
    for (let done = false; !done; ) {
      const read = await page.evaluate(() => ({
        done: [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Lesson Completed!'),
        sign: document.querySelector('[data-testid="sign-name"]')?.textContent?.trim() ?? '',
        guide: document.querySelector('[data-testid="skeleton-guide"]')?.getAttribute('aria-label') ?? null,
        ring: Number(document.querySelector('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow')),
        hint: document.querySelector('[data-testid="hint"]')?.textContent ?? '',
      }));
      done = read.done;
      seen.push(read);
      expect(seen.length, JSON.stringify(seen.slice(-5))).toBeLessThan(1200);
      await page.waitForTimeout(50);
    }
    const order = seen.map((s) => s.sign).filter((sign, i, all) => sign !== '' && sign !== all[i - 1]);
    expect(order).toEqual(['HELLO', 'THANK YOU']);
    // Before anyone signs, the screen asks for the sign.
    expect(seen.some((s) => s.sign === 'HELLO' && s.hint === 'Show the sign for HELLO with your right hand')).toBe(true);
    expect(seen.find((s) => s.sign === 'HELLO' && s.guide)?.guide).toBe('Guide: the recorded signer making HELLO');
    expect(seen.find((s) => s.sign === 'THANK YOU' && s.guide)?.guide).toBe('Guide: the recorded signer making THANK YOU');
    await expect.poll(async () => (await readDatabase(`users/${user.uid}/progressPerLanguage/american/0/${GREETINGS}`)) as number | null, { timeout: 15_000 }).toBe(2);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
