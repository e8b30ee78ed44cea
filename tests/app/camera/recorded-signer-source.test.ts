// The recorded signer is a landmark source that signs the letter the lesson asks for,
// from the real recordings in data/asl-alphabet (only the frames its reference is not built from),
// at 30 frames/s; it lowers the hand for a repeated letter, shows no hand for a letter it has no
// recording of, and stops while paused. The recordings are read from the repository as the page
// fetches them; time is driven by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import { alphabetFrameToLandmarks } from '../../../engine/src/recordings/alphabet_frame_to_landmarks.ts';
import { heldOutFrameIndices } from '../../../engine/src/recordings/build_practice_fixture.ts';
import { RECORDED_RELEASE_MS, createRecordedSignerSource } from '../../../src/features/camera/landmarks/recorded-signer-source.ts';
import { recordedLetterUrl } from '../../../src/features/camera/landmarks/recorded-signer-data.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const recording = (letter: string) => JSON.parse(readFileSync(join(root, 'data', 'asl-alphabet', `${letter}.json`), 'utf8')) as { frames: number[][] };

let now = 0;
const fetched: string[] = [];
beforeEach(() => {
  now = 1000;
  fetched.length = 0;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return { ok: true, status: 200, json: async () => JSON.parse(readFileSync(join(root, url.split('?')[0]!), 'utf8')) };
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Advances the clock by `ms` in 10 ms steps (the source's poll), collecting what it delivers. */
function advance(ms: number, delivered: Array<{ hand: boolean; rightHand: Float32Array }>) {
  for (let t = 0; t < ms; t += 10) {
    now += 10;
    vi.advanceTimersByTime(10);
  }
  return delivered;
}

describe('the recorded signer source', () => {
  it('serves every letter of data/asl-alphabet, and nothing else', () => {
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(recordedLetterUrl(letter), letter).toMatch(new RegExp(`${letter}\\.json`));
    expect(recordedLetterUrl('HELLO')).toBeNull();
    // The signer is American: an Austrian or Brazilian lesson's A is not the American A.
    for (const language of ['asq', 'bzs']) expect(recordedLetterUrl('A', language), language).toBeNull();
    expect(recordedLetterUrl('A', 'american')).toMatch(/A\.json/);
  });

  it("signs the asked letter from its held-out recorded frames at 30 frames/s, looping; a repeated letter first lowers the hand; a letter it lacks shows none", async () => {
    const source = createRecordedSignerSource(['B', 'B', 'HELLO']);
    const delivered: Array<{ hand: boolean; rightHand: Float32Array }> = [];
    source.onLandmarks((frame: LandmarkFrame) => delivered.push({ hand: frame.present[Part.rightHand] === 1, rightHand: frame.rightHand.slice() }));
    const status = await source.start(noPicture());
    expect(status.backend).toMatch(/recorded signer/);
    expect(fetched).toHaveLength(1); // B once; HELLO has no recording

    source.followSign!('B', false);
    delivered.length = 0;
    advance(1000, delivered);
    expect(delivered.length).toBeGreaterThanOrEqual(29);
    expect(delivered.length).toBeLessThanOrEqual(31);
    expect(delivered.every((d) => d.hand)).toBe(true);
    // The frames are B's recording, the frames outside its reference's middle slice, in order.
    const b = recording('B');
    const heldOut = heldOutFrameIndices(b.frames.length);
    const expected = createLandmarkFrame();
    for (const k of [0, 1, 10]) {
      alphabetFrameToLandmarks(b.frames[heldOut[k]!]!, 0, expected);
      expect(Array.from(delivered[k]!.rightHand)).toEqual(Array.from(expected.rightHand));
    }

    // The repeated B: no hand for the bounce, then B again from its first held-out frame.
    source.followSign!('B', true);
    delivered.length = 0;
    advance(1000, delivered);
    const away = delivered.findIndex((d) => d.hand);
    expect(away).toBeGreaterThanOrEqual(Math.floor((RECORDED_RELEASE_MS * 30) / 1000) - 1);
    expect(away).toBeLessThanOrEqual(Math.ceil((RECORDED_RELEASE_MS * 30) / 1000) + 1);
    alphabetFrameToLandmarks(b.frames[heldOut[0]!]!, 0, expected);
    expect(Array.from(delivered[away]!.rightHand)).toEqual(Array.from(expected.rightHand));

    source.followSign!('HELLO', false);
    delivered.length = 0;
    advance(500, delivered);
    expect(delivered.length).toBeGreaterThan(10);
    expect(delivered.some((d) => d.hand)).toBe(false);
    source.stop();
  });

  it('delivers nothing while paused, and no burst of missed frames after', async () => {
    const source = createRecordedSignerSource(['A']);
    const delivered: Array<{ hand: boolean; rightHand: Float32Array }> = [];
    source.onLandmarks((frame: LandmarkFrame) => delivered.push({ hand: frame.present[Part.rightHand] === 1, rightHand: frame.rightHand }));
    await source.start(noPicture());
    source.followSign!('A', false);
    source.pause();
    advance(2000, delivered);
    expect(delivered).toHaveLength(0);
    source.resume();
    advance(100, delivered);
    expect(delivered.length).toBeLessThanOrEqual(4);
    source.stop();
    advance(500, delivered);
    expect(delivered.length).toBeLessThanOrEqual(4);
  });
});

/** The source never reads its video element (a recording has no picture). */
function noPicture(): HTMLVideoElement {
  return {} as HTMLVideoElement;
}
