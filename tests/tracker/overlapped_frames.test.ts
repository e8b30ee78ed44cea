// The order overlapped frames keep (engine/src/tracker/overlapped_frames.ts), with frames that stand
// in for the tracker's: each "submits" through the controller (as the one-submission frame does once
// its command buffer is queued), then waits for its turn before its read-back and the rest of its
// steps; and the tracker's `submit` and `collect` on TF.js WASM, where no frame can overlap (no
// one-submission frame): the landmarks of `track`, byte for byte. The GPU side is in
// webgpu_tracker.test.ts (the null adapter's counts).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { decodeImageFile } from '../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../engine/src/tracker/node/node_tracker.ts';
import { OverlappedFrames } from '../../engine/src/tracker/overlapped_frames.ts';

const UPPER_BODY = join(import.meta.dirname, '..', '..', 'data', 'photographs', 'upper-body');

/** A frame's track: `before` (up to its submission), its submission, then `after` once its turn comes. */
function frameRun(frames: OverlappedFrames, log: string[], name: string, options: { submits?: boolean; fails?: boolean } = {}) {
  return async () => {
    log.push(`${name} submitted`);
    if (options.submits !== false) {
      const turn = frames.submitted();
      if (turn) await turn;
    }
    // A step after the read-back that itself waits (as the hand path's own runs do).
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (options.fails) throw new Error(`${name} failed`);
    log.push(`${name} done`);
  };
}

describe('overlapped frames', () => {
  it('submits the next frame before the last is read back, and finishes frames in order when collected', async () => {
    const frames = new OverlappedFrames();
    const log: string[] = [];
    const outs: LandmarkFrame[] = [createLandmarkFrame(), createLandmarkFrame(), createLandmarkFrame()];
    await frames.submit(outs[0]!, true, frameRun(frames, log, 'a'));
    await frames.submit(outs[1]!, true, frameRun(frames, log, 'b'));
    // Both submitted, neither gone on past its submission.
    expect(log).toEqual(['a submitted', 'b submitted']);
    expect(frames.inFlight).toBe(2);
    await expect(frames.submit(outs[2]!, true, frameRun(frames, log, 'c'))).rejects.toThrow(/two frames are in flight/);
    expect(await frames.collect()).toBe(outs[0]);
    // a finished; b still waits for its turn, though a's steps waited on a timer.
    expect(log).toEqual(['a submitted', 'b submitted', 'a done']);
    await frames.submit(outs[2]!, true, frameRun(frames, log, 'c'));
    expect(await frames.collect()).toBe(outs[1]);
    expect(await frames.collect()).toBe(outs[2]);
    expect(await frames.collect()).toBeNull();
    expect(log).toEqual(['a submitted', 'b submitted', 'a done', 'c submitted', 'b done', 'c done']);
    expect(frames.counts).toEqual({ submitted: 3, maxInFlight: 2, cropsFromOlderFrame: 2 });
  });

  it('finishes the frame in flight first when the next cannot overlap, and keeps it to be collected', async () => {
    const frames = new OverlappedFrames();
    const log: string[] = [];
    const [a, b] = [createLandmarkFrame(), createLandmarkFrame()];
    await frames.submit(a, true, frameRun(frames, log, 'a'));
    await frames.submit(b, false, frameRun(frames, log, 'b'));
    expect(log).toEqual(['a submitted', 'a done', 'b submitted']);
    expect(frames.counts.cropsFromOlderFrame).toBe(0);
    expect(await frames.collect()).toBe(a);
    expect(await frames.collect()).toBe(b);
    expect(log.at(-1)).toBe('b done');
  });

  it('returns from submit once a frame that makes no submission is done', async () => {
    const frames = new OverlappedFrames();
    const log: string[] = [];
    await frames.submit(createLandmarkFrame(), true, frameRun(frames, log, 'a', { submits: false }));
    expect(log).toEqual(['a submitted', 'a done']);
    expect(frames.inFlight).toBe(1);
    // Outside submit (a warm-up, a still image) nothing waits for a turn.
    expect(frames.submitted()).toBeNull();
  });

  it('reports a frame that fails at its collect and drops it', async () => {
    const frames = new OverlappedFrames();
    const log: string[] = [];
    await frames.submit(createLandmarkFrame(), true, frameRun(frames, log, 'a', { fails: true }));
    await expect(frames.collect()).rejects.toThrow('a failed');
    expect(frames.inFlight).toBe(0);
  });

  it('refuses a submit while a collect is running', async () => {
    const frames = new OverlappedFrames();
    const log: string[] = [];
    await frames.submit(createLandmarkFrame(), true, frameRun(frames, log, 'a'));
    const collecting = frames.collect();
    await expect(frames.submit(createLandmarkFrame(), true, frameRun(frames, log, 'b'))).rejects.toThrow(/while a submit or collect is running/);
    await collecting;
    expect(log).toEqual(['a submitted', 'a done']);
  });

  it("on WASM, submit and collect give track's landmarks, and the tracker refuses what would interleave", { timeout: 120_000 }, async () => {
    const photo = rgbPixels(await decodeImageFile(join(UPPER_BODY, 'webcam-desk.png')));
    const { tracker: sequential } = await createNodeTracker();
    const { tracker: overlapped } = await createNodeTracker({ overlapFrames: true });
    try {
      const expected: LandmarkFrame[] = [];
      const out = createLandmarkFrame();
      for (let i = 0; i < 4; i++) {
        await sequential.track(photo, i * 33, out);
        expected.push(cloneLandmarkFrame(out));
      }
      expect(expected[3]!.present[0], 'the photograph shows a body').toBe(1);
      await expect(sequential.submit(photo, 0, out)).rejects.toThrow(/overlapped frames are off/);

      const outs = [createLandmarkFrame(), createLandmarkFrame()];
      const collected: LandmarkFrame[] = [];
      for (let i = 0; i < 4; i++) {
        await overlapped.submit(photo, i * 33, outs[i % 2]!);
        if (i === 1) await expect(overlapped.track(photo, 0, out)).rejects.toThrow(/in flight; collect them first/);
        if (i > 0) collected.push(cloneLandmarkFrame((await overlapped.collect())!));
      }
      collected.push(cloneLandmarkFrame((await overlapped.collect())!));
      expect(await overlapped.collect()).toBeNull();
      expect(collected).toEqual(expected);
      // Submitted before the frame before was collected, but on WASM each frame first finished it.
      expect(overlapped.overlapCounts).toEqual({ submitted: 4, maxInFlight: 2, cropsFromOlderFrame: 0, maxReadBacksInFlight: 0, submittedBeforeReadBack: 0 });
    } finally {
      sequential.dispose();
      overlapped.dispose();
    }
  });
});
