// The tracking schedule (Node, TF.js WASM): what each video frame runs when the practice reads one
// hand, and that a hand lost is looked for again on the next frame whatever the schedule. A real
// photograph in a learner's framing (a person at a desk, one hand raised), held as a still camera;
// a blank frame loses the hand.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { chooseFrameParts, type FrameParts } from '../../engine/src/tracker/choose_frame_parts.ts';
import { VIDEO_WIDER_LOOK_AFTER_FRAMES } from '../../engine/src/tracker/constants.ts';
import type { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { decodeImageFile } from '../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../engine/src/tracker/node/node_tracker.ts';
import { resolveTrackerOptions } from '../../engine/src/tracker/tracker_options.ts';
import type { PixelFrame } from '../../engine/src/tracker/types.ts';
import { WiderLook } from '../../engine/src/tracker/wider_look.ts';

const UPPER_BODY = join(import.meta.dirname, '..', '..', 'data', 'photographs', 'upper-body');

const handsFound = (out: LandmarkFrame) => out.present[Part.leftHand]! + out.present[Part.rightHand]!;

describe('chooseFrameParts', () => {
  const parts = (): FrameParts => ({ pose: false, signingSide: -1, otherHand: false });
  const schedule = { poseEvery: 4, otherHandEvery: 2 };

  it('runs the whole frame when no hand is followed, whatever the counts', () => {
    expect(chooseFrameParts(schedule, 0, 0, false, false, parts())).toEqual({ pose: true, signingSide: -1, otherHand: false });
  });

  it('follows the right hand, else the left, and runs the body on its turn', () => {
    expect(chooseFrameParts(schedule, 1, 1, false, true, parts())).toEqual({ pose: false, signingSide: 1, otherHand: false });
    expect(chooseFrameParts(schedule, 1, 1, true, false, parts())).toEqual({ pose: false, signingSide: 0, otherHand: false });
    expect(chooseFrameParts(schedule, 3, 1, false, true, parts()).pose).toBe(true);
  });

  it("runs the other hand on its turn, only when it is followed and the body does not run", () => {
    expect(chooseFrameParts(schedule, 1, 1, true, true, parts())).toEqual({ pose: false, signingSide: 1, otherHand: true });
    expect(chooseFrameParts(schedule, 1, 0, true, true, parts()).otherHand).toBe(false);
    expect(chooseFrameParts(schedule, 3, 1, true, true, parts()).otherHand).toBe(false);
  });

  it('refuses rates that are not whole frames', () => {
    expect(() => resolveTrackerOptions({ schedule: { poseEvery: 0, otherHandEvery: 1 } })).toThrow(/poseEvery/);
    expect(() => resolveTrackerOptions({ schedule: { poseEvery: 2, otherHandEvery: 1.5 } })).toThrow(/otherHandEvery/);
    expect(resolveTrackerOptions({}).schedule).toBeNull();
  });
});

describe('a tracker on a schedule', () => {
  let tracker: LandmarkTracker;
  let photo: PixelFrame;
  let blank: PixelFrame;

  beforeAll(async () => {
    tracker = (await createNodeTracker({ smoothing: false, schedule: { poseEvery: 4, otherHandEvery: 2 } })).tracker;
    photo = rgbPixels(await decodeImageFile(join(UPPER_BODY, 'webcam-desk.png')));
    blank = { data: new Uint8Array(photo.width * photo.height * 3).fill(127), width: photo.width, height: photo.height, channels: 3 };
  });

  afterAll(() => tracker?.dispose());

  it('runs the body every 4th frame while the hand is followed, the body standing in between', async () => {
    const out = createLandmarkFrame();
    const detectorBefore = tracker.detectorRuns;
    await tracker.track(photo, 0, out);
    expect(out.present[Part.pose], 'the photograph shows a body').toBe(1);
    expect(handsFound(out), 'and a hand').toBeGreaterThan(0);
    const pose = out.pose.slice();
    for (let i = 1; i < 8; i++) {
      await tracker.track(photo, i * 33, out);
      expect(handsFound(out), `frame ${i}: a hand`).toBeGreaterThan(0);
      expect(out.present[Part.pose], `frame ${i}: the body`).toBe(1);
      if (i % 4 !== 0) expect(out.pose, `frame ${i}: the body's last landmarks`).toEqual(pose);
      else pose.set(out.pose);
    }
    expect(tracker.scheduleCounts.frames).toBe(8);
    expect(tracker.scheduleCounts.poseFrames).toBe(2);
    expect(tracker.detectorRuns - detectorBefore, 'the detector only on the first frame').toBe(1);
  });

  it('looks for a lost hand on the next frame, and finds it there', async () => {
    const out = createLandmarkFrame();
    // Frame 8 is the body's turn; the blank frame 9 only follows the hand, and loses it.
    await tracker.track(photo, 8 * 33, out);
    const before = { ...tracker.scheduleCounts };
    await tracker.track(blank, 9 * 33, out);
    expect(handsFound(out), 'no hand on a blank frame').toBe(0);
    expect(tracker.scheduleCounts.poseFrames, 'the blank frame only followed the hand').toBe(before.poseFrames);
    await tracker.track(photo, 10 * 33, out);
    expect(tracker.scheduleCounts.poseFrames - before.poseFrames, 'the frame after the loss is whole').toBe(1);
    expect(handsFound(out), 'the hand found again on it').toBeGreaterThan(0);
  });

  it('runs every part on every frame with the schedule off', async () => {
    tracker.schedule = null;
    const before = { ...tracker.scheduleCounts };
    const out = createLandmarkFrame();
    for (let i = 0; i < 3; i++) await tracker.track(photo, 400 + i * 33, out);
    expect(tracker.scheduleCounts).toEqual(before);
    expect(() => (tracker.schedule = { poseEvery: -1, otherHandEvery: 1 })).toThrow(/poseEvery/);
  });
});

describe("a newly found hand's wider look on a schedule", () => {
  // The wider look (wider_look.ts) comes on a new hand's fifth frame, and its crop is smoothed only
  // after it: on a held letter's schedule, whose body runs once a second, the frames that follow the
  // hand without the body must count too, or a new hand goes seconds without either.
  const framesOfWiderLook = async (schedule: { poseEvery: number; otherHandEvery: number } | null): Promise<number[]> => {
    const { tracker } = await createNodeTracker({ schedule });
    const photo = rgbPixels(await decodeImageFile(join(UPPER_BODY, 'webcam-desk.png')));
    const look = vi.spyOn(WiderLook.prototype, 'look');
    const frames: number[] = [];
    try {
      const out = createLandmarkFrame();
      for (let frame = 1; frame <= VIDEO_WIDER_LOOK_AFTER_FRAMES + 3; frame++) {
        const before = look.mock.calls.length;
        await tracker.track(photo, frame * 33, out);
        expect(handsFound(out), `frame ${frame}: a hand`).toBeGreaterThan(0);
        if (look.mock.calls.length > before) frames.push(frame);
      }
    } finally {
      look.mockRestore();
      tracker.dispose();
    }
    return frames;
  };

  it('comes on the same frame with the body every 30 frames as with the body on every frame', async () => {
    const everyFrame = await framesOfWiderLook(null);
    expect(everyFrame, 'without a schedule: once, on the hand\'s fifth frame').toEqual([VIDEO_WIDER_LOOK_AFTER_FRAMES]);
    expect(await framesOfWiderLook({ poseEvery: 30, otherHandEvery: 30 })).toEqual(everyFrame);
  });
});
