// What the camera sees of the learner, told apart so the screen can say what to do:
// nobody at all, a person whose hands are out of the picture, or a hand (then the judge's own
// correction says what to change). Decided over the last second of tracked frames, never from one
// frame: the tracker misses a hand now and then, and a message that flips with every frame cannot
// be read. The window is a preallocated ring of per-frame flags, so adding a frame allocates
// nothing (the practice hot path); the decision itself is the pure `decidePresence`.
import type { LandmarkFrame } from '@signlearn/engine/core/landmark_frame';
import { Part } from '@signlearn/engine/core/landmark_layout';

export type CameraPresence = 'unknown' | 'nobody' | 'noHand' | 'hand';

/** How far back the decision looks. */
export const PRESENCE_WINDOW_MS = 1000;
/** Fewer frames than this in the window decide nothing (the state stays as it was). */
export const PRESENCE_MIN_FRAMES = 3;
/** A share of the window's frames that enters a state (a person seen, a hand seen)... */
export const PRESENCE_ENTER_SHARE = 0.5;
/** ...and the lower share that keeps it once entered, so a borderline picture does not flicker. */
export const PRESENCE_KEEP_SHARE = 0.25;
/** The ring holds at most this many frames (over a second at 60 frames/s). */
const CAPACITY = 64;

export interface PresenceCounts {
  /** Frames in the window. */
  frames: number;
  /** Frames with a body (the pose) or a hand found: a person is in view. */
  person: number;
  /** Frames with either hand found. */
  hand: number;
}

function holds(count: number, frames: number, alreadyIn: boolean): boolean {
  return count >= frames * (alreadyIn ? PRESENCE_KEEP_SHARE : PRESENCE_ENTER_SHARE);
}

/**
 * The presence from the window's counts and the presence decided before (for the hysteresis).
 * Too few frames: the previous presence stands.
 */
export function decidePresence(counts: PresenceCounts, previous: CameraPresence): CameraPresence {
  if (counts.frames < PRESENCE_MIN_FRAMES) return previous;
  if (holds(counts.hand, counts.frames, previous === 'hand')) return 'hand';
  if (holds(counts.person, counts.frames, previous === 'hand' || previous === 'noHand')) return 'noHand';
  return 'nobody';
}

/** The last PRESENCE_WINDOW_MS of frames' flags, and the presence they decide. */
export class PresenceWindow {
  private readonly times = new Float64Array(CAPACITY);
  private readonly flags = new Uint8Array(CAPACITY);
  private start = 0;
  private size = 0;
  private readonly counts: PresenceCounts = { frames: 0, person: 0, hand: 0 };
  private presenceValue: CameraPresence = 'unknown';

  get presence(): CameraPresence {
    return this.presenceValue;
  }

  /** Adds the frame tracked at `nowMs` and decides the presence again. Allocates nothing. */
  add(frame: LandmarkFrame, nowMs: number): CameraPresence {
    const present = frame.present;
    const hand = present[Part.leftHand] === 1 || present[Part.rightHand] === 1;
    const person = hand || present[Part.pose] === 1;
    if (this.size === CAPACITY) this.drop();
    const slot = (this.start + this.size) % CAPACITY;
    this.times[slot] = nowMs;
    this.flags[slot] = (person ? 1 : 0) | (hand ? 2 : 0);
    this.size++;
    this.counts.frames++;
    if (person) this.counts.person++;
    if (hand) this.counts.hand++;
    while (this.size > 0 && this.times[this.start]! < nowMs - PRESENCE_WINDOW_MS) this.drop();
    this.presenceValue = decidePresence(this.counts, this.presenceValue);
    return this.presenceValue;
  }

  /** Forgets every frame (after a pause: the learner may have moved): the presence is unknown. */
  clear(): void {
    this.start = 0;
    this.size = 0;
    this.counts.frames = 0;
    this.counts.person = 0;
    this.counts.hand = 0;
    this.presenceValue = 'unknown';
  }

  private drop(): void {
    const flags = this.flags[this.start]!;
    this.counts.frames--;
    if (flags & 1) this.counts.person--;
    if (flags & 2) this.counts.hand--;
    this.start = (this.start + 1) % CAPACITY;
    this.size--;
  }
}

export const NOBODY_MESSAGE = "I can't see you: sit so your upper body and hands are in the picture";

/**
 * What the screen says for a presence, or null when the judge's own hint applies (a hand in view,
 * or nothing decided yet). `side` is the hand the sign is made with.
 */
export function presenceMessage(presence: CameraPresence, side: 'left' | 'right'): string | null {
  if (presence === 'nobody') return NOBODY_MESSAGE;
  if (presence === 'noHand') return `I can see you, but not your hands: raise your ${side} hand, the one you sign with, into the picture`;
  return null;
}
