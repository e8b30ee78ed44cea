// What a hand view plays: a pose for every moment, framed once. A letter's guide is one clip (a
// held letter's one frame, or J's and Z's movement, looped); the read practice's spelled word is
// another (features/read-practice/spell-clip.ts).
import { framingOf, POINTS, toViewSpace, type Framing } from './hand-geometry.ts';
import type { HandGuide } from './hand-guides.ts';

export interface HandClip {
  framing: Framing;
  /** Length in ms of one play-through; null for a still pose (a held letter). */
  durationMs: number | null;
  /** The recording's frame interval, where the clip plays recorded frames: a paused clip rests
   * on a whole frame, exactly as recorded. */
  stepMs?: number;
  /** Writes the view-space pose at `tMs` into `out`; returns the recording's frame shown (the one
   * at or before `tMs`), or -1 where the pose is between recordings. */
  poseAt(tMs: number, out: Float32Array): number;
  /** What the hand shows at `tMs`, where the clip spells (the read practice): the letter held
   * and its place in the word, or null while the hand moves between letters. */
  shownAt?(tMs: number): { index: number; letter: string } | null;
  /** Where the clip spells: the time in which it holds the letter at `index` (from, inclusive, to
   * `toMs`), or null past the last letter. A player whose frame comes late (a busy laptop) reads it
   * so as never to step over a letter it has not drawn: the word would read wrong. */
  heldSpanMs?(index: number): { fromMs: number; toMs: number } | null;
  /** A moving letter: the fingertip that traces it and the path it follows (the still picture). */
  path?: { tip: number; frames: readonly Float32Array[] };
}

/** J traces with the pinky, Z with the index. */
const TRACING_TIP: Readonly<Record<string, number>> = { J: 20, Z: 8 };

/** Linear blend of two view-space poses into `out`. */
export function blendPoses(a: Float32Array, b: Float32Array, t: number, out: Float32Array): void {
  for (let i = 0; i < POINTS * 3; i++) out[i] = a[i]! + (b[i]! - a[i]!) * t;
}

/** A letter's guide as a clip: a held letter still; a moving one looped at its recorded rate,
 * blended between its frames so it plays smoothly at any display rate. */
export function guideClip(guide: HandGuide): HandClip {
  const frames = guide.frames.map((frame) => toViewSpace(frame, guide.aspect));
  const framing = framingOf(frames);
  if (guide.movement === 'held' || frames.length === 1) {
    return {
      framing,
      durationMs: null,
      poseAt: (_t, out) => {
        out.set(frames[0]!);
        return guide.sourceFrames[0]!;
      },
    };
  }
  const stepMs = 1000 / guide.fps;
  const durationMs = frames.length * stepMs;
  const tip = TRACING_TIP[guide.sign];
  return {
    framing,
    durationMs,
    stepMs,
    poseAt: (tMs, out) => {
      const position = (((tMs % durationMs) + durationMs) % durationMs) / stepMs;
      // A time snapped to a whole frame (k * stepMs) may divide to just under k: count it as k.
      const k = Math.min(frames.length - 1, Math.floor(position + 1e-6));
      blendPoses(frames[k]!, frames[Math.min(frames.length - 1, k + 1)]!, Math.max(0, position - k), out);
      return guide.sourceFrames[k]!;
    },
    ...(tip === undefined ? {} : { path: { tip, frames } }),
  };
}

/**
 * The clip's time `dtMs` after `elapsedMs`, for a player that has drawn the spelled letters up to
 * `drawnIndex` (-1: none yet). Where that step would pass the end of the next letter's hold, it
 * goes no further than that hold (its start, or where it already is inside it), so the next frame
 * draws the letter: on a laptop that stalls, the word is spelled late, never with a letter missing.
 * Where the next letter is the one held now (a double letter), a step from the hold into the next
 * one stops half way between them instead, where the hand has bounced aside: without that frame
 * the two holds would draw as one long one, and the word would read with one letter.
 */
export function advanceClipMs(clip: HandClip, elapsedMs: number, dtMs: number, drawnIndex: number): number {
  // A frame's time can come before the moment the player started (requestAnimationFrame gives the
  // frame's start): the clip never runs backwards.
  const next = elapsedMs + Math.max(0, dtMs);
  const coming = clip.heldSpanMs?.(drawnIndex + 1);
  if (!coming) return next;
  const held = clip.heldSpanMs?.(drawnIndex);
  if (held && elapsedMs < held.toMs && next >= coming.fromMs && sameLetter(clip, held.fromMs, coming.fromMs)) {
    return (held.toMs + coming.fromMs) / 2;
  }
  return next >= coming.toMs ? Math.max(elapsedMs, coming.fromMs) : next;
}

function sameLetter(clip: HandClip, aMs: number, bMs: number): boolean {
  const a = clip.shownAt?.(aMs);
  return a !== null && a !== undefined && a.letter === clip.shownAt?.(bMs)?.letter;
}
