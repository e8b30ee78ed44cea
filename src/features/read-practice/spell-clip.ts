// A word fingerspelled by the recorded hand, as a HandClip. Each letter is its recording's pose
// (J and Z their recorded movement), moved to one place and one size (the letters were recorded
// separately, each wherever the hand happened to be), seen as a signer facing the reader sees
// it (the recordings are selfie views: mirrored back). Each letter has 1/pace seconds: the hand
// first moves from the previous letter (eased: a signer's hand accelerates and settles), then
// holds it, or traces it; a double letter is bounced: the hand dips aside and back between the
// two (the way signers show SEE or ALL).
import { blendPoses, type HandClip } from '@/lib/hand-guide/hand-clip.ts';
import { framingOf, palmLength, POINTS, toViewSpace } from '@/lib/hand-guide/hand-geometry.ts';
import type { HandGuide } from '@/lib/hand-guide/hand-guides.ts';

/** Share of a letter's time spent moving to it (the rest it is held or traced). */
export const TRANSITION_SHARE = 0.35;
/** A moving letter's tracing starts sooner: it needs the time. */
const MOVING_TRANSITION_SHARE = 0.2;
/** How far a double letter's bounce moves the hand, in palm lengths (aside and down). */
const BOUNCE = { x: 0.45, y: -0.2 };
/** Every letter's palm is made this long (view-space units). */
const PALM = 0.3;
/** The hand rests on the last letter this long before the clip ends. */
export const END_HOLD_MS = 500;
const PALM_CENTRE = [0, 5, 9, 13, 17];

/** One letter's frames, centred on its palm and scaled to PALM, mirrored to the reader's view. */
function normalisedFrames(guide: HandGuide): Float32Array[] {
  const frames = guide.frames.map((frame) => toViewSpace(frame, guide.aspect));
  const centre = [0, 0, 0];
  for (const f of frames) for (const i of PALM_CENTRE) for (let a = 0; a < 3; a++) centre[a]! += f[i * 3 + a]! / (frames.length * PALM_CENTRE.length);
  const lengths = frames.map(palmLength).sort((a, b) => a - b);
  const scale = PALM / lengths[Math.floor(lengths.length / 2)]!;
  return frames.map((f) => {
    const out = new Float32Array(POINTS * 3);
    for (let i = 0; i < POINTS; i++) {
      out[i * 3] = -(f[i * 3]! - centre[0]!) * scale;
      out[i * 3 + 1] = (f[i * 3 + 1]! - centre[1]!) * scale;
      out[i * 3 + 2] = (f[i * 3 + 2]! - centre[2]!) * scale;
    }
    return out;
  });
}

const ease = (u: number) => u * u * (3 - 2 * u);

/**
 * A word spelled at `lettersPerSecond`, given as its letters in the language's alphabet (ÖGS SCHON:
 * SCH, O, N). `guideFor` gives each letter's guide (lib/hand-guide, the language's recordings); a
 * letter without one throws (every curriculum word is spelled with its alphabet's letters).
 */
export function spellClip(letters: readonly string[], lettersPerSecond: number, guideFor: (letter: string) => HandGuide | null): HandClip {
  if (letters.length === 0) throw new Error('spellClip: an empty word');
  const cache = new Map<string, Float32Array[]>();
  const framesOf = (letter: string) => {
    let frames = cache.get(letter);
    if (!frames) {
      const guide = guideFor(letter);
      if (!guide) throw new Error(`spellClip: no recorded hand for "${letter}"`);
      frames = normalisedFrames(guide);
      cache.set(letter, frames);
    }
    return frames;
  };
  const slotMs = 1000 / lettersPerSecond;
  const durationMs = letters.length * slotMs + END_HOLD_MS;
  const allFrames = letters.flatMap(framesOf);
  const framing = framingOf(allFrames);
  framing.radius += BOUNCE.x * PALM;
  const start = new Float32Array(POINTS * 3);

  /** The letter slot at `tMs` and how far into it (0-1, clamped at the end). */
  const slotAt = (tMs: number) => {
    const t = Math.max(0, Math.min(tMs, letters.length * slotMs - 1e-6));
    const k = Math.floor(t / slotMs);
    return { k, u: (t - k * slotMs) / slotMs };
  };
  const shareOf = (k: number) => (framesOf(letters[k]!).length > 1 ? MOVING_TRANSITION_SHARE : TRANSITION_SHARE);
  /** When letter k starts to be held (or traced): the one time both shownAt and heldSpanMs use, so
   * a player held back to it draws the letter. */
  const heldFromMs = (k: number) => (k === 0 ? 0 : (k + shareOf(k)) * slotMs);
  /** Where letter k's own part of its slot shows it: its one frame, or its tracing at u (0-1). */
  const letterPose = (k: number, u: number): Float32Array => {
    const frames = framesOf(letters[k]!);
    return frames[Math.min(frames.length - 1, Math.floor(u * frames.length))]!;
  };

  return {
    framing,
    durationMs,
    poseAt(tMs, out) {
      const { k, u } = slotAt(tMs);
      const share = k === 0 ? 0 : shareOf(k);
      if (u >= share) {
        out.set(letterPose(k, (u - share) / (1 - share)));
        return -1;
      }
      // Moving from the previous letter's last pose to this one's first.
      const from = letterPose(k - 1, 1);
      const to = letterPose(k, 0);
      const v = u / share;
      start.set(from);
      blendPoses(start, to, ease(v), out);
      if (letters[k] === letters[k - 1]) {
        // The bounce: aside and back, the hand's shape unchanged.
        const lift = Math.sin(Math.PI * v) * PALM;
        for (let i = 0; i < POINTS; i++) {
          out[i * 3] = out[i * 3]! + BOUNCE.x * lift;
          out[i * 3 + 1] = out[i * 3 + 1]! + BOUNCE.y * lift;
        }
      }
      return -1;
    },
    shownAt(tMs) {
      const { k } = slotAt(tMs);
      return Math.max(0, tMs) >= heldFromMs(k) ? { index: k, letter: letters[k]! } : null;
    },
    heldSpanMs(index) {
      if (index < 0 || index >= letters.length) return null;
      // The last letter stays held through the end hold.
      return { fromMs: heldFromMs(index), toMs: index === letters.length - 1 ? durationMs : (index + 1) * slotMs };
    },
  };
}
