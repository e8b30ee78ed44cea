// A non-sign video's kept frames (those with a hand) laid out on the clip's own clock
// (bench/acceptance/non_sign_timeline.ts), and the corpus as the acceptance stages load it.
import { describe, expect, it } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { NON_SIGN_SOURCES } from '../../bench/acceptance/non_sign_sources.ts';
import { nonSignAsFilmed } from '../../bench/acceptance/non_sign_timeline.ts';
import { loadNonSigns } from '../../bench/acceptance/run_acceptance.ts';

function kept(t: number): LandmarkFrame {
  const frame = createLandmarkFrame();
  frame.imageWidth = 640;
  frame.imageHeight = 480;
  frame.timestampMs = t;
  frame.present[Part.rightHand] = 1;
  return frame;
}

describe('a non-sign video on its clip\'s clock', () => {
  it('shows each kept frame for as long as it was filmed, and no hand where none was found', () => {
    const frames = [kept(0), kept(1000 / 30), kept(500)];
    const timeline = nonSignAsFilmed(frames, 30, 30);
    // 0 to 533 ms at 30 frames a second: frames 0 and 1, 13 with nothing, then the frame at 500 ms.
    expect(timeline).toHaveLength(16);
    expect(timeline[0]).toBe(frames[0]);
    expect(timeline[1]).toBe(frames[1]);
    expect(timeline[15]).toBe(frames[2]);
    for (const empty of timeline.slice(2, 15)) {
      expect(empty.present[Part.rightHand]).toBe(0);
      expect(empty.present[Part.leftHand]).toBe(0);
      expect(empty.imageWidth).toBe(640);
    }
  });

  it('holds a frame filmed at 10 frames a second for three frames at 30', () => {
    const frames = [kept(4000), kept(4100), kept(5000)];
    const timeline = nonSignAsFilmed(frames, 10, 30);
    expect(timeline).toHaveLength(153);
    expect(timeline.slice(120, 126)).toEqual([frames[0], frames[0], frames[0], frames[1], frames[1], frames[1]]);
    expect(timeline[126]!.present[Part.rightHand]).toBe(0);
    expect(timeline.slice(150)).toEqual([frames[2], frames[2], frames[2]]);
  });

  it('leaves a still image as it is, and refuses frames out of order', () => {
    const still = [kept(0)];
    expect(nonSignAsFilmed(still, null, 30)).toEqual(still);
    expect(nonSignAsFilmed([kept(0), kept(100)], null, 30)).toHaveLength(2);
    expect(() => nonSignAsFilmed([kept(500), kept(100)], 30, 30)).toThrow(/not a later filmed frame/);
  });

  it('loads the corpus with every video on its clock and the hands that are a language\'s letter named', () => {
    const loaded = loadNonSigns();
    expect(loaded.map((n) => n.file).sort()).toEqual(NON_SIGN_SOURCES.map((s) => s.name).sort());
    // vtest-walk keeps 5 frames of 2.3 s of walking: on its clock, mostly no hand.
    const walk = loaded.find((n) => n.file === 'vtest-walk')!;
    const withHand = walk.frames.filter((f) => f.present[Part.leftHand] === 1 || f.present[Part.rightHand] === 1).length;
    expect(withHand).toBe(5);
    expect(walk.frames.length).toBeGreaterThan(60);
    // A photograph stays one frame.
    expect(loaded.find((n) => n.file === 'messi5')!.frames).toHaveLength(1);
    expect(loaded.find((n) => n.file === 'raised-open-hand')!.letterIn).toEqual({ asq: 'SCH' });
    expect(loaded.find((n) => n.file === 'messi5')!.letterIn).toEqual({});
  });
});
