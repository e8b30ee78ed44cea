// The recorded signer in Austrian (ÖGS) and Brazilian (Libras): every letter of both alphabets, as
// the camera screen's recorded signer plays it (server/vite-recorded-signer.ts ->
// recorded_signer_letter.ts: a held letter's held-out stretch, a moving letter's whole span, played
// forward and back at the filmed rate, seen at 30 frames/s), completes against the language's own
// served reference through the engine's practice loop, on the session's clock (no wall time). And
// the frames are the lexicon's own: the signing hand of the letter's span, not the American
// recordings.
import { describe, expect, test } from 'vitest';
import { createLandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import { compileLesson } from '@signlearn/engine/practice/compile_lesson';
import { PracticeLoop } from '@signlearn/engine/practice/practice_loop';
import { RECORDING_FPS } from '@signlearn/engine/recordings/landmark_source';
import { recordedSignerLetterSource } from '@signlearn/engine/recordings/recorded_signer_letter';
import { definitionsOf, ensureReferences, languageFolders, loadReferences } from '../../../server/seed.ts';
import { recordedSignerLetters } from '../../../server/vite-recorded-signer.ts';
import { lettersOfLanguage } from '@/lib/data/languages.ts';

/** A letter plays at most this long (session time) before it must have completed. */
const WITHIN_MS = 10_000;

async function secondsToComplete(language: string): Promise<Record<string, number | null>> {
  const letters = await recordedSignerLetters(language);
  const names = [...lettersOfLanguage(language)];
  const folders = languageFolders(language);
  ensureReferences(names, folders.references, folders.recordings, definitionsOf(language));
  const records = loadReferences(names, folders.references);
  const compiled = compileLesson(names.map((name) => ({ name, record: records[name]! })));
  const frame = createLandmarkFrame();
  const result: Record<string, number | null> = {};
  for (const [i, name] of names.entries()) {
    const source = recordedSignerLetterSource(letters[name]!);
    let doneAt: number | null = null;
    const loop = new PracticeLoop([{ name, compiled: compiled[i]! }], {
      mode: 'handshape',
      onEvent: (event) => {
        if (event.type === 'signComplete' && !event.skipped) doneAt = event.atMs;
      },
    });
    loop.start(0);
    for (let k = 1; k * (1000 / RECORDING_FPS) <= WITHIN_MS && doneAt === null; k++) {
      const nowMs = k * (1000 / RECORDING_FPS);
      source.read(k % source.frameCount, frame);
      frame.timestampMs = nowMs;
      loop.onLandmarks(frame, nowMs);
    }
    result[name] = doneAt === null ? null : Math.round(doneAt) / 1000;
  }
  return result;
}

describe('the recorded signer of each other language', () => {
  for (const language of ['asq', 'bzs']) {
    test(`${language}: every letter of the alphabet completes from the lexicon's own recording`, async () => {
      const seconds = await secondsToComplete(language);
      const failed = Object.entries(seconds).filter(([, s]) => s === null).map(([letter]) => letter);
      console.log(`${language} recorded signer, seconds to complete: ${Object.entries(seconds).map(([l, s]) => `${l} ${s}`).join(', ')}`);
      expect(failed, `${language} letters that did not complete in ${WITHIN_MS / 1000} s`).toEqual([]);
      expect(Object.keys(seconds)).toHaveLength(lettersOfLanguage(language).length);
    }, 120_000);
  }

  test("the frames are the letter span's signing hand: held letters their held-out stretch, moving ones their span, forward and back", async () => {
    const asq = await recordedSignerLetters('asq');
    const a = asq.A!;
    expect(a.played).toBe('heldOut');
    expect(a.fps).toBe(25);
    expect([a.imageWidth, a.imageHeight]).toEqual([500, 500]);
    const z = asq.Z!;
    expect(z.played).toBe('wholeSpan');
    expect(z.spanFrames[0]).toBe(0);
    // Libras B holds for 10 frames: its reference takes them all, so the signer plays them all.
    expect((await recordedSignerLetters('bzs')).B!.played).toBe('wholeSpan');
    // Seen at 30 frames/s: forward then back, no jump where it loops.
    const source = recordedSignerLetterSource(a);
    const frame = createLandmarkFrame();
    const firstX: number[] = [];
    for (let k = 0; k < source.frameCount * 2; k++) {
      source.read(k % source.frameCount, frame);
      expect(frame.present[Part.rightHand]).toBe(1);
      expect(frame.present[Part.pose]).toBe(0);
      firstX.push(frame.rightHand[0]!);
    }
    const hands = a.hands.map((hand) => Math.fround(hand[0]!));
    expect(new Set(firstX)).toEqual(new Set(hands));
    expect(firstX[source.frameCount]).toBe(firstX[0]);
  });
});
