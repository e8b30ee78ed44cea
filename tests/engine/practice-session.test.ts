import { describe, expect, it } from 'vitest';
import { needsMatch } from '../../engine/src/practice/practice_window.ts';
import type { PracticeEvent } from '../../engine/src/practice/practice_events.ts';
import { MAX_FRAME_GAP_MS, MISS_BRIDGE_MS, PracticeSession, type PracticeSign } from '../../engine/src/practice/practice_session.ts';
import { referenceSlice } from '../../engine/src/practice/reference_slice.ts';
import { angleFrame, compiledSign, hand } from './support.ts';

/** A sign whose reference is `frameCount` identical frames of one hand shape. */
const sign = (name: string, frameCount: number, value: number): PracticeSign => ({
  name,
  compiled: compiledSign(Array.from({ length: frameCount }, () => ({ right_hand: hand(value) })), name),
});
const matching = (value: number) => angleFrame({ rightHand: Array(16).fill(value) });
/** 80+ degrees from every reference above: never matches. */
const wrong = angleFrame({ rightHand: Array(16).fill(100) });

function session(signs: PracticeSign[], freeStartWindow?: () => boolean) {
  const events: PracticeEvent[] = [];
  const practice = new PracticeSession(signs, { onEvent: (e) => events.push(e), freeStartWindow });
  return { practice, events, of: (type: PracticeEvent['type']) => events.filter((e) => e.type === type) };
}

describe('reference slice (product.md §4.7 Practice flow: the middle, at least 10 frames, about half)', () => {
  it.each([
    [300, 75, 150],
    [301, 75, 151],
    [20, 5, 10],
    [12, 1, 10],
    [10, 0, 10],
    [5, 0, 5],
  ])('%i frames -> start %i, length %i', (frames, start, length) => {
    const out = new Int32Array(2);
    referenceSlice(frames, out);
    expect([out[0], out[1]]).toEqual([start, length]);
  });
});

describe('practice windows (product.md §4.7 Practice flow: first 10% free, 10-90% on a match, then free)', () => {
  it('needs a match from 10% up to but not including 90%', () => {
    const needs = Array.from({ length: 100 }, (_, p) => needsMatch(p, 100));
    expect(needs.indexOf(true)).toBe(10);
    expect(needs.lastIndexOf(true)).toBe(89);
    expect(needs.filter(Boolean)).toHaveLength(80);
  });

  it('without the free start (the handshape judge): a match is needed from the first frame up to 90%', () => {
    const needs = Array.from({ length: 100 }, (_, p) => needsMatch(p, 100, false));
    expect(needs.indexOf(true)).toBe(0);
    expect(needs.lastIndexOf(true)).toBe(89);
  });
});

describe('PracticeSession', () => {
  // sign('A', 200, ...) has a slice of 100 reference frames at 30 fps: 3.33 s of signing.
  it('advances by time: freely through the first 10%, then only on matching frames, then freely after 90%', () => {
    const { practice, of } = session([sign('A', 200, 20)], () => true);
    practice.start(0);
    let t = 0;
    // 100 ms per judged frame = 3 reference frames each.
    for (let i = 0; i < 3; i++) expect(practice.onFrame(wrong, (t += 100))).toBe(true);
    expect(practice.position).toBeCloseTo(9, 6);
    // The free window ends at 10: a non-matching frame goes no further, then nothing moves.
    expect(practice.onFrame(wrong, (t += 100))).toBe(true);
    expect(practice.position).toBeCloseTo(10, 6);
    for (let i = 0; i < 20; i++) expect(practice.onFrame(wrong, (t += 100))).toBe(false);
    expect(practice.position).toBeCloseTo(10, 6);
    for (let i = 0; i < 27; i++) practice.onFrame(matching(20), (t += 100));
    expect(practice.position).toBeCloseTo(91, 6);
    for (let i = 0; i < 2; i++) expect(practice.onFrame(wrong, (t += 100))).toBe(true);
    expect(of('signComplete')).toHaveLength(0);
    practice.onFrame(wrong, (t += 100));
    expect(of('signComplete')).toHaveLength(1);
    const progress = of('progress') as Extract<PracticeEvent, { type: 'progress' }>[];
    expect(progress.at(-1)!.fraction).toBe(1);
    expect(progress.filter((e) => e.byMatch)).toHaveLength(27);
  });

  it('without the free start window, a wrong sign never moves the ring; the right one then advances from 0', () => {
    const { practice, events, of } = session([sign('A', 200, 20)], () => false);
    practice.start(0);
    let t = 0;
    for (let i = 0; i < 30; i++) expect(practice.onFrame(wrong, (t += 100))).toBe(false);
    expect(practice.position).toBe(0);
    expect(of('progress')).toHaveLength(0);
    expect(events.some((e) => e.type === 'signComplete')).toBe(false);
    practice.onFrame(matching(20), (t += 100));
    expect(practice.position).toBeCloseTo(3, 6);
    expect((of('progress')[0] as Extract<PracticeEvent, { type: 'progress' }>).byMatch).toBe(true);
  });

  it('takes the same time at 5, 10, 30 and 60 judged frames per second', () => {
    const times = [5, 10, 30, 60].map((fps) => {
      const { practice, of } = session([sign('A', 90, 20)]); // 45 frames: 1.5 s
      practice.start(0);
      for (let t = 1000 / fps; practice.phase === 'practising'; t += 1000 / fps) practice.onFrame(matching(20), t);
      return (of('signComplete')[0] as { atMs: number }).atMs;
    });
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(1500);
    for (const ms of times) expect(ms).toBeLessThanOrEqual(1500 + 200);
  });

  it('frames arriving irregularly advance by the time between them', () => {
    const { practice } = session([sign('A', 200, 20)]);
    practice.start(0);
    let t = 500; // the first frame stands for the 500 ms since the sign began, at most MAX_FRAME_GAP_MS
    practice.onFrame(matching(20), t);
    expect(practice.position).toBeCloseTo((MAX_FRAME_GAP_MS * 30) / 1000, 6);
    let expected = practice.position;
    for (const gap of [17, 160, 33, 90, 5, 210]) {
      practice.onFrame(matching(20), (t += gap));
      expected += (gap * 30) / 1000;
      expect(practice.position).toBeCloseTo(expected, 6);
    }
  });

  it('a stall of 2 s counts for no more than MAX_FRAME_GAP_MS, and a clock that jumps back counts for nothing', () => {
    const { practice } = session([sign('A', 200, 20)]);
    practice.start(0);
    practice.onFrame(matching(20), 100);
    const before = practice.position;
    practice.onFrame(matching(20), 2100);
    expect(practice.position - before).toBeCloseTo((MAX_FRAME_GAP_MS * 30) / 1000, 6);
    const afterStall = practice.position;
    expect(practice.onFrame(matching(20), 1000)).toBe(false); // time went back
    expect(practice.position).toBe(afterStall);
    practice.onFrame(matching(20), 1100); // 100 ms after the frame that went back
    expect(practice.position - afterStall).toBeCloseTo(3, 6);
  });

  it('one missed frame between two matches counts as the hold it interrupted (a tracker blink), at 8 frames per second as at 30', () => {
    for (const fps of [8, 30]) {
      const { practice } = session([sign('A', 200, 20)], () => false);
      practice.start(0);
      const gap = 1000 / fps;
      let t = gap;
      practice.onFrame(matching(20), t);
      const before = practice.position;
      expect(practice.onFrame(wrong, (t += gap))).toBe(false); // the miss itself advances nothing
      expect(practice.position).toBe(before);
      practice.onFrame(matching(20), (t += gap));
      expect(practice.position - before).toBeCloseTo((2 * gap * 30) / 1000, 6);
    }
  });

  it('two misses in a row, or one longer than MISS_BRIDGE_MS, are not bridged', () => {
    const { practice } = session([sign('A', 200, 20)], () => false);
    practice.start(0);
    let t = 100;
    practice.onFrame(matching(20), t);
    let before = practice.position;
    practice.onFrame(wrong, (t += 100));
    practice.onFrame(wrong, (t += 100));
    practice.onFrame(matching(20), (t += 100));
    expect(practice.position - before).toBeCloseTo(3, 6); // only the matching frame's own 100 ms
    before = practice.position;
    practice.onFrame(wrong, (t += MISS_BRIDGE_MS / 2 + 1));
    practice.onFrame(matching(20), (t += MISS_BRIDGE_MS / 2 + 1));
    expect(practice.position - before).toBeCloseTo(((MISS_BRIDGE_MS / 2 + 1) * 30) / 1000, 6);
  });

  it('a wrong sign that matches every third frame gains only its matching frames\' time', () => {
    const { practice } = session([sign('A', 200, 20)], () => false);
    practice.start(0);
    let t = 0;
    for (let i = 0; i < 20; i++) practice.onFrame(i % 3 === 0 ? matching(20) : wrong, (t += 100));
    expect(practice.position).toBeCloseTo(7 * 3, 6); // 7 matching frames of 100 ms, never bridged
  });

  it('a paused tab: the caller\'s clock stands still, so the pause earns nothing', () => {
    const { practice } = session([sign('A', 200, 20)]);
    practice.start(0);
    practice.onFrame(matching(20), 100);
    const before = practice.position;
    // The session clock (src/features/camera/practice/session-clock.ts) stops while the tab is hidden: the
    // next frame after 5 s hidden arrives 40 ms later on that clock.
    practice.onFrame(matching(20), 140);
    expect(practice.position - before).toBeCloseTo(1.2, 6);
  });

  it('follows the reference\'s own frame rate: a 10 fps reference of 20 frames lasts 2 s', () => {
    const slow: PracticeSign = { name: 'S', compiled: compiledSign(Array.from({ length: 40 }, () => ({ right_hand: hand(20) })), 'S', 10) };
    const { practice, of } = session([slow]);
    practice.start(0);
    for (let t = 100; practice.phase === 'practising'; t += 100) practice.onFrame(matching(20), t);
    expect((of('signComplete')[0] as { atMs: number }).atMs).toBe(2000);
  });

  it('fills the match report even in the free windows, for feedback', () => {
    const { practice } = session([sign('A', 40, 20)]);
    practice.start(0);
    practice.onFrame(wrong, 10);
    expect(practice.report.matched).toBe(false);
    expect(practice.report.rightHandOff.every((v) => v === 1)).toBe(true);
  });

  it('locks matching for 1000 ms after a sign completes, then goes on with the next sign from the lock\'s end', () => {
    const { practice, events, of } = session([sign('A', 20, 20), sign('B', 20, 10)]);
    practice.start(0);
    let t = 0;
    while (practice.signIndex === 0) practice.onFrame(matching(20), (t += 10));
    const doneAt = t;
    expect(of('signStarted').map((e) => (e as { signName: string }).signName)).toEqual(['A', 'B']);
    expect(practice.isLocked(doneAt + 999)).toBe(true);
    expect(practice.onFrame(matching(10), doneAt + 999)).toBe(false);
    expect(practice.position).toBe(0);
    expect(practice.onFrame(matching(10), doneAt + 1100)).toBe(true);
    // The 100 ms since the lock ended, not the whole pause.
    expect(practice.position).toBeCloseTo(3, 6);
    // the sign's completion comes before the next sign's start
    const types = events.map((e) => e.type);
    expect(types.indexOf('signComplete')).toBeLessThan(types.lastIndexOf('signStarted'));
  });

  it('completes the lesson: card about 200 ms after the last sign, continue 4000 ms after that, driven by the clock it is given', () => {
    const { practice, of } = session([sign('A', 20, 20)]);
    practice.start(0);
    let t = 0;
    while (practice.phase === 'practising') practice.onFrame(matching(20), (t += 10));
    const lastSignAt = t;
    expect(of('lessonComplete')).toHaveLength(0);
    practice.tick(lastSignAt + 199);
    expect(of('lessonComplete')).toHaveLength(0);
    practice.tick(lastSignAt + 200);
    expect(of('lessonComplete')).toEqual([{ type: 'lessonComplete', atMs: lastSignAt + 200, signCount: 1, skippedCount: 0 }]);
    practice.tick(lastSignAt + 4199);
    expect(of('lessonContinue')).toHaveLength(0);
    practice.tick(lastSignAt + 4200);
    expect(of('lessonContinue')).toEqual([{ type: 'lessonContinue', atMs: lastSignAt + 4200 }]);
    practice.tick(lastSignAt + 99999);
    expect(of('lessonContinue')).toHaveLength(1);
    expect(practice.phase).toBe('continued');
  });

  it('a flag skips the current sign, counts it as done, and the lesson goes on', () => {
    const { practice, of } = session([sign('A', 20, 20), sign('B', 20, 20)]);
    practice.start(0);
    practice.skipSign(500);
    const complete = of('signComplete') as Extract<PracticeEvent, { type: 'signComplete' }>[];
    expect(complete).toEqual([{ type: 'signComplete', atMs: 500, signIndex: 0, signName: 'A', skipped: true, signsDone: 1, signCount: 2 }]);
    expect(practice.signIndex).toBe(1);
    practice.skipSign(600);
    practice.tick(800);
    expect(of('lessonComplete')).toEqual([{ type: 'lessonComplete', atMs: 800, signCount: 2, skippedCount: 2 }]);
  });

  it('skips a sign whose reference is missing, with an event, instead of failing', () => {
    const { practice, of } = session([sign('A', 20, 20), { name: 'GONE', compiled: null }, sign('C', 20, 20)]);
    practice.start(0);
    let t = 0;
    while (practice.signIndex === 0) practice.onFrame(matching(20), (t += 10));
    expect(of('signUnavailable')).toEqual([{ type: 'signUnavailable', atMs: t, signIndex: 1, signName: 'GONE' }]);
    expect(practice.signIndex).toBe(2);
    expect(practice.signsDone).toBe(2);
  });

  it('finishes at once when every sign lacks a reference', () => {
    const { practice, of } = session([{ name: 'X', compiled: null }]);
    practice.start(0);
    practice.tick(200);
    expect(of('lessonComplete')).toHaveLength(1);
  });

  it('ignores frames before start and after the lesson is done', () => {
    const { practice, of } = session([sign('A', 20, 20)]);
    expect(practice.onFrame(matching(20), 0)).toBe(false);
    practice.start(0);
    for (let t = 1; practice.phase === 'practising'; t++) practice.onFrame(matching(20), t);
    const count = of('progress').length;
    expect(practice.onFrame(matching(20), 100000)).toBe(false);
    expect(of('progress')).toHaveLength(count);
  });

  it('refuses an empty lesson and a second start', () => {
    expect(() => new PracticeSession([], { onEvent: () => {} })).toThrow(/at least one sign/);
    const { practice } = session([sign('A', 20, 20)]);
    practice.start(0);
    expect(() => practice.start(1)).toThrow(/already started/);
  });
});
