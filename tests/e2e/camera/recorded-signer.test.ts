// "Watch a recorded signer". Without a camera, anyone can see what practice looks like:
// the real recordings of a signer (data/asl-alphabet) play into the real practice loop of the
// product build's source (not the test-only fixture source): the skeleton is drawn, the ring
// advances, the letters change and the completed card shows. The screen says it is a recording,
// and nothing is saved for the learner (no lesson progress, no letter statistics). Also: a video
// file picked as the camera is tracked by the real tracker.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ASQ_LETTER_LEVELS, BZS_LETTER_LEVELS } from '@/lib/data/letter-levels-other.ts';
import { cacheDir, cameraUrl, launchWithFakeCamera, messiPhoto, readDatabase, recordLessonBar, screenshotDir, signedInPage } from './camera-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchWithFakeCamera();
});
afterAll(async () => {
  await browser?.close();
});

interface Sample {
  sign: string;
  ring: number;
  framesDrawn: number;
  done: boolean;
}
const sample = (page: Page): Promise<Sample> =>
  page.evaluate(() => {
    const q = (selector: string) => document.querySelector(selector);
    return {
      sign: q('[data-testid="sign-name"]')?.textContent?.trim() ?? '',
      ring: Number(q('[aria-label="Sign progress"]')?.getAttribute('aria-valuenow')),
      framesDrawn: Number((q('canvas') as HTMLCanvasElement | null)?.dataset.framesDrawn ?? 0),
      done: [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Lesson Completed!'),
    };
  });

describe('Watch a recorded signer', () => {
  test('the recorded signer completes the first lesson through the real practice loop; labelled a recording; nothing saved', async () => {
    const { page, user, consoleErrors } = await signedInPage(browser);
    const lessonBarChanges = await recordLessonBar(page);
    await page.goto(`${cameraUrl(0, 0, 0)}&watch=signer`);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toMatch(/Pose tracking: recorded signer/);
    expect(await page.getByTestId('recording-label').textContent()).toMatch(/^Recording: a recorded signer.s hand, not you$/);
    expect(await page.getByTestId('practice-input').textContent()).toMatch(/^A recorded signer \(not you\)/);
    // No camera is opened for a recording: the video element plays nothing and is hidden.
    expect(await page.evaluate(() => ({ hidden: document.querySelector('video')!.hidden, stream: document.querySelector('video')!.srcObject !== null }))).toEqual({ hidden: true, stream: false });

    const samples: Sample[] = [];
    const start = Date.now();
    let midShot = false;
    mkdirSync(screenshotDir, { recursive: true });
    for (;;) {
      const now = await sample(page);
      if (now.done) break;
      if (Date.now() - start > 120_000) throw new Error(`not completed in 120 s; last ${JSON.stringify(samples.slice(-3))}`);
      samples.push(now);
      if (!midShot && now.ring >= 30 && now.ring <= 80) {
        midShot = true;
        await page.screenshot({ path: join(screenshotDir, 'camera-recorded-signer.png') });
      }
      await page.waitForTimeout(100);
    }
    const order = samples.map((s) => s.sign).filter((sign, i, all) => i === 0 || all[i - 1] !== sign);
    console.log(`recorded signer: ${order.join(' -> ')} in ${((Date.now() - start) / 1000).toFixed(1)} s, ${samples.at(-1)?.framesDrawn} frames drawn`);
    expect(order.length).toBeGreaterThanOrEqual(2);
    // Each letter's ring advanced and never went back (a letter takes about 2 s: the 100 ms
    // samples catch it part of the way).
    for (const sign of order) {
      const rings = samples.filter((s) => s.sign === sign).map((s) => s.ring);
      expect(Math.max(...rings), `ring of ${sign}`).toBeGreaterThan(0);
      expect(rings.filter((r, i) => i > 0 && r < rings[i - 1]!).length, `ring of ${sign} never goes back`).toBe(0);
    }
    // The lesson bar counted every letter (the last one just before the card).
    expect(Math.max(...(await lessonBarChanges()).map((change) => change.done))).toBe(order.length);
    expect(order).toEqual(['A', 'B', 'C']);
    expect(samples.at(-1)!.framesDrawn, 'the skeleton was drawn').toBeGreaterThan(30);

    await page.getByText('The recorded signer completed the lesson: now try it yourself.').waitFor();
    await page.getByRole('button', { name: 'Back to lessons' }).waitFor();
    await page.screenshot({ path: join(screenshotDir, 'camera-recorded-signer-complete.png') });
    // It was not the learner: no progress and no letter statistics were written.
    await page.waitForTimeout(1000);
    expect(await readDatabase(`users/${user.uid}/progressPerLanguage`)).toBeNull();
    expect(await readDatabase(`users/${user.uid}/letterStats`)).toBeNull();
    // The card leads back to the lessons, not into a lesson the learner has not unlocked.
    await page.waitForURL(/\/lessons\?level=0&chapter=0/, { timeout: 10_000 });
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  for (const [language, levels] of [['asq', ASQ_LETTER_LEVELS], ['bzs', BZS_LETTER_LEVELS]] as const) {
    test(`${language}: the recorded signer completes lesson 1 from the language's own recordings, and is never told it cannot be seen`, async () => {
      const { page, user, consoleErrors } = await signedInPage(browser, { language });
      const lesson = levels[0]!.chapters[0]!.lessons[0]!.signs;
      await page.goto(`${cameraUrl(0, 0, 0)}&watch=signer`);
      await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toBe(`Pose tracking: recorded signer (data/fingerspelling-${language})`);
      // The corner guide is the language's own hand.
      await expect.poll(() => page.locator('.guide-overlay [data-letter]').getAttribute('data-language'), { timeout: 20_000 }).toBe(language);
      const order: string[] = [];
      const hints = new Set<string>();
      const start = Date.now();
      for (;;) {
        const now = await sample(page);
        if (now.done) break;
        if (Date.now() - start > 120_000) throw new Error(`${language}: not completed in 120 s; letters seen ${order.join(' ')}`);
        if (now.sign !== '' && order.at(-1) !== now.sign) order.push(now.sign);
        const hint = await page.getByTestId('hint').textContent({ timeout: 1_000 }).catch(() => null);
        if (hint) hints.add(hint);
        await page.waitForTimeout(100);
      }
      expect(order).toEqual(lesson);
      const said = [...hints];
      expect(said.filter((h) => /can't see you|raise your|sit so/i.test(h)), `hints shown: ${said.join(' | ')}`).toEqual([]);
      expect(said.some((h) => /recorded signer/.test(h)), `hints shown: ${said.join(' | ')}`).toBe(true);
      await page.getByText('The recorded signer completed the lesson: now try it yourself.').waitFor();
      expect(await readDatabase(`users/${user.uid}/progressPerLanguage`)).toBeNull();
      expect(await readDatabase(`users/${user.uid}/letterStats`)).toBeNull();
      expect(consoleErrors).toEqual([]);
      await page.close();
    });
  }

  test('the button on the camera screen switches to the recorded signer, and back to the camera', async () => {
    const { page, consoleErrors } = await signedInPage(browser);
    // A camera refused: the error banner offers the recorded signer.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    page.on('dialog', (dialog) => void dialog.dismiss());
    await page.goto(cameraUrl(0, 0, 0));
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to acquire camera feed' });
    await banner.waitFor({ timeout: 30_000 });
    await banner.getByRole('button', { name: 'Watch a recorded signer' }).click();
    await page.waitForURL(/watch=signer/);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toMatch(/recorded signer/);
    await expect.poll(async () => (await sample(page)).ring, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Practise with my camera' }).click();
    await page.waitForURL((url) => !url.search.includes('watch='));
    await page.getByRole('alert').filter({ hasText: 'Failed to acquire camera feed' }).waitFor({ timeout: 30_000 });
    expect(consoleErrors.filter((e) => !/camera|Permission denied/i.test(e))).toEqual([]);
    await page.close();
  });

  test('a video file picked as the camera is tracked by the real tracker', async () => {
    const video = join(cacheDir, 'messi-2s.webm');
    if (!existsSync(video)) {
      mkdirSync(cacheDir, { recursive: true });
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', messiPhoto, '-t', '2', '-r', '15', '-vf', 'scale=640:-2,pad=640:480:(ow-iw)/2:(oh-ih)/2,format=yuv420p', '-c:v', 'libvpx', '-b:v', '1M', video]);
    }
    const { page, consoleErrors } = await signedInPage(browser);
    // Start from the recorded signer (no tracker to start), then pick the file.
    await page.goto(`${cameraUrl(0, 0, 0)}&watch=signer`);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toMatch(/recorded signer/);
    await page.getByTestId('video-file-input').setInputFiles(video);
    await expect.poll(() => page.getByTestId('practice-input').textContent()).toBe('Your video file: messi-2s.webm');
    expect(await page.getByTestId('recording-label').count()).toBe(0);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 180_000 }).toMatch(/Pose tracking: (wasm|webgpu|cpu)/);
    const playing = await page.evaluate(() => {
      const element = document.querySelector('video')!;
      return { src: element.currentSrc.startsWith('blob:'), playing: element.videoWidth > 0 && !element.paused, hidden: element.hidden };
    });
    expect(playing).toEqual({ src: true, playing: true, hidden: false });
    // The tracker finds the footballer and his open hands in the file's frames.
    await expect.poll(async () => page.getByTestId('hint').getAttribute('data-presence'), { timeout: 120_000 }).toBe('hand');
    expect((await sample(page)).framesDrawn).toBeGreaterThanOrEqual(3);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
