// The camera screen tells nobody, a person without a hand and a hand apart, decided over
// the last second of frames (never one frame), with a message for each case.
import { describe, expect, it } from 'vitest';
import { createLandmarkFrame, type LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';
import {
  decidePresence,
  NOBODY_MESSAGE,
  PRESENCE_WINDOW_MS,
  PresenceWindow,
  presenceMessage,
  type CameraPresence,
} from '../../../src/features/camera/practice/camera-presence.ts';

function frameWith(parts: { pose?: boolean; left?: boolean; right?: boolean }): LandmarkFrame {
  const frame = createLandmarkFrame();
  frame.present[Part.pose] = parts.pose ? 1 : 0;
  frame.present[Part.leftHand] = parts.left ? 1 : 0;
  frame.present[Part.rightHand] = parts.right ? 1 : 0;
  return frame;
}
const NOBODY = frameWith({});
const PERSON = frameWith({ pose: true });
const HAND = frameWith({ pose: true, right: true });
const LONE_LEFT_HAND = frameWith({ left: true });

/** Feeds `frames` at 30 frames/s from `startMs`; returns the presence after each. */
function feed(window: PresenceWindow, frames: readonly LandmarkFrame[], startMs = 0): CameraPresence[] {
  return frames.map((frame, i) => window.add(frame, startMs + (i * 1000) / 30));
}
const times = (frame: LandmarkFrame, n: number) => Array.from({ length: n }, () => frame);

describe('decidePresence (pure)', () => {
  it('tells the three cases apart from the window counts', () => {
    expect(decidePresence({ frames: 30, person: 0, hand: 0 }, 'unknown')).toBe('nobody');
    expect(decidePresence({ frames: 30, person: 30, hand: 0 }, 'unknown')).toBe('noHand');
    expect(decidePresence({ frames: 30, person: 30, hand: 30 }, 'unknown')).toBe('hand');
  });

  it('decides nothing from too few frames: the previous presence stands', () => {
    expect(decidePresence({ frames: 2, person: 0, hand: 0 }, 'hand')).toBe('hand');
    expect(decidePresence({ frames: 0, person: 0, hand: 0 }, 'unknown')).toBe('unknown');
  });

  it('enters a state at half the frames and keeps it down to a quarter (no flicker at the border)', () => {
    expect(decidePresence({ frames: 30, person: 30, hand: 12 }, 'noHand')).toBe('noHand');
    expect(decidePresence({ frames: 30, person: 30, hand: 15 }, 'noHand')).toBe('hand');
    expect(decidePresence({ frames: 30, person: 30, hand: 12 }, 'hand')).toBe('hand');
    expect(decidePresence({ frames: 30, person: 30, hand: 6 }, 'hand')).toBe('noHand');
    expect(decidePresence({ frames: 30, person: 12, hand: 0 }, 'nobody')).toBe('nobody');
    expect(decidePresence({ frames: 30, person: 12, hand: 0 }, 'noHand')).toBe('noHand');
  });
});

describe('PresenceWindow', () => {
  it('a hand seen without a body is a hand (a close-up, or the recorded signer)', () => {
    expect(feed(new PresenceWindow(), times(LONE_LEFT_HAND, 10)).at(-1)).toBe('hand');
  });

  it('one frame does not change the state: a tracker that misses the hand now and then keeps "hand"', () => {
    const window = new PresenceWindow();
    feed(window, times(HAND, 30));
    // Every third frame loses the hand for a second and a half.
    const flickering = Array.from({ length: 45 }, (_, i) => (i % 3 === 0 ? PERSON : HAND));
    expect(new Set(feed(window, flickering, 1000))).toEqual(new Set(['hand']));
    // A single frame of nobody changes nothing either.
    expect(window.add(NOBODY, 2600)).toBe('hand');
  });

  it('follows the learner leaving: hand -> no hand -> nobody, each within about a second', () => {
    const window = new PresenceWindow();
    feed(window, times(HAND, 30));
    const lowered = feed(window, times(PERSON, 30), 1000);
    expect(lowered.at(-1)).toBe('noHand');
    expect(lowered.indexOf('noHand')).toBeGreaterThan(0); // not on the first frame
    const left = feed(window, times(NOBODY, 30), 2000);
    expect(left.at(-1)).toBe('nobody');
  });

  it('only the last second counts: old frames leave the window', () => {
    const window = new PresenceWindow();
    feed(window, times(HAND, 60));
    // A long gap (the tracker stalled), then three frames of nobody decide alone.
    feed(window, times(NOBODY, 3), 2000 + PRESENCE_WINDOW_MS);
    expect(window.presence).toBe('nobody');
  });

  it('keeps at most its capacity of frames at high frame rates, counting right', () => {
    const window = new PresenceWindow();
    for (let i = 0; i < 500; i++) window.add(i % 2 === 0 ? HAND : PERSON, i * 2); // 500 frames/s
    expect(window.presence).toBe('hand');
    for (let i = 0; i < 200; i++) window.add(NOBODY, 1000 + i * 2);
    expect(window.presence).toBe('nobody');
  });

  it('clear() forgets everything: unknown until frames come again', () => {
    const window = new PresenceWindow();
    feed(window, times(HAND, 30));
    window.clear();
    expect(window.presence).toBe('unknown');
    expect(feed(window, times(PERSON, 5), 5000).at(-1)).toBe('noHand');
  });
});

describe('presenceMessage', () => {
  it('says what to do for nobody and for a person without a hand, naming the signing hand; a hand leaves the judge its hint', () => {
    expect(presenceMessage('nobody', 'right')).toBe(NOBODY_MESSAGE);
    expect(NOBODY_MESSAGE).toBe("I can't see you: sit so your upper body and hands are in the picture");
    expect(presenceMessage('noHand', 'right')).toMatch(/raise your right hand, the one you sign with, into the picture/);
    expect(presenceMessage('noHand', 'left')).toMatch(/raise your left hand/);
    expect(presenceMessage('hand', 'right')).toBeNull();
    expect(presenceMessage('unknown', 'right')).toBeNull();
  });
});
