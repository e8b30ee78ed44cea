// Checks of a hand view (src/components/hand-guide/hand-view.tsx) against the recorded alphabet,
// shared by the hand guide's browser tests: the fingertips it reports (data-fingertips) are the
// recording's own 2-D image up to one scale and shift, fitted here independently of the app's
// framing code, and the screenshot's pixel at each is the hand's colour.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

const TIPS = [4, 8, 12, 16, 20];
const BACKGROUND = [0xf7, 0xf8, 0xfc];

/** The recording's own 2-D image of a frame's fingertips: x scaled to the 4:3 image, y down. */
function recordedTips(letter: string, frame: number): Array<[number, number]> {
  const recording = JSON.parse(readFileSync(join(process.cwd(), 'data', 'asl-alphabet', `${letter}.json`), 'utf8')) as { frames: number[][] };
  const values = recording.frames[frame]!;
  return TIPS.map((i) => [values[i * 3]! * (4 / 3), values[i * 3 + 1]!]);
}

/** Least-squares scale s and shift (tx, ty) with shown ~ s * recorded + t; the worst residual. */
function fitScaleShift(recorded: Array<[number, number]>, shown: Array<[number, number]>) {
  const n = recorded.length;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / n;
  const rx = mean(recorded.map((p) => p[0]));
  const ry = mean(recorded.map((p) => p[1]));
  const sx = mean(shown.map((p) => p[0]));
  const sy = mean(shown.map((p) => p[1]));
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (recorded[i]![0] - rx) * (shown[i]![0] - sx) + (recorded[i]![1] - ry) * (shown[i]![1] - sy);
    den += (recorded[i]![0] - rx) ** 2 + (recorded[i]![1] - ry) ** 2;
  }
  const s = num / den;
  const worst = Math.max(...recorded.map((p, i) => Math.hypot(s * (p[0] - rx) + sx - shown[i]![0], s * (p[1] - ry) + sy - shown[i]![1])));
  return { s, worst };
}

export interface Shown {
  frame: number;
  yaw: number;
  tips: Array<[number, number]>;
  pixels: { data: Buffer; width: number; height: number; channels: number };
}

export async function readHandView(view: Locator): Promise<Shown> {
  const frame = Number(await view.getAttribute('data-frame'));
  const yaw = Number(await view.getAttribute('data-yaw'));
  const tips = JSON.parse((await view.getAttribute('data-fingertips')) ?? '[]') as Array<[number, number]>;
  const png = await view.locator('canvas').screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { frame, yaw, tips, pixels: { data, width: info.width, height: info.height, channels: info.channels } };
}

export function pixelAt(shown: Shown, x: number, y: number): number[] {
  const { data, width, height, channels } = shown.pixels;
  const px = Math.min(width - 1, Math.max(0, Math.round(x)));
  const py = Math.min(height - 1, Math.max(0, Math.round(y)));
  const at = (py * width + px) * channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** The hand's colours are warm (red over blue) and far from the light, cool background. */
export const isHand = (rgb: number[]) => Math.hypot(rgb[0]! - BACKGROUND[0]!, rgb[1]! - BACKGROUND[1]!, rgb[2]! - BACKGROUND[2]!) > 40 && rgb[0]! > rgb[2]! + 20;

/** Every fingertip shown is the recording's, within 2 px, and drawn in the hand's colour. */
export function expectTipsOnTheRecording(letter: string, shown: Shown) {
  expect(shown.frame, letter).toBeGreaterThanOrEqual(0);
  expect(shown.tips).toHaveLength(5);
  const fit = fitScaleShift(recordedTips(letter, shown.frame), shown.tips);
  expect(fit.s, `${letter}: the picture's scale`).toBeGreaterThan(50);
  expect(fit.worst, `${letter}: fingertips off the recording's (px) at frame ${shown.frame}: ${JSON.stringify(shown.tips)}`).toBeLessThanOrEqual(2);
  shown.tips.forEach(([x, y], k) => {
    expect(isHand(pixelAt(shown, x, y)), `${letter}: fingertip ${TIPS[k]} at ${x},${y} is ${pixelAt(shown, x, y).join(',')}`).toBe(true);
  });
  // The corners are background: a hand, not a filled square.
  expect(isHand(pixelAt(shown, 2, 2)), `${letter}: corner`).toBe(false);
}

