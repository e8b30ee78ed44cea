// The hand's clips without a browser: a letter's guide shows its recording (a held letter its
// medoid frame, projected at no turn as the recording's own image; a moving letter each recorded
// frame at its time, also at times snapped to whole frames); a spelled word holds each letter in
// turn, bounces a double letter aside with its shape unchanged, and lasts 1/pace s a letter; the
// read practice draws curriculum words, never a recent one again.
import { beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { handGuideFrames, type HandGuideFrames } from '@signlearn/engine/guide/hand_guide_frames';
import { loadAlphabetFolder } from '../../../engine/src/node/load_alphabet_folder.ts';
import { advanceClipMs, guideClip } from '@/lib/hand-guide/hand-clip.ts';
import { fingertipPixels, FINGERTIPS, POINTS } from '@/lib/hand-guide/hand-geometry.ts';
import { END_HOLD_MS, spellClip } from '@/features/read-practice/spell-clip.ts';
import { pickWord, READ_WORDS } from '@/features/read-practice/pick-word.ts';
import { AMERICAN_LEVELS, curriculumWords } from '@/lib/data/curriculum.ts';

let guides: Map<string, HandGuideFrames>;
let recordings: Awaited<ReturnType<typeof loadAlphabetFolder>>;
beforeAll(async () => {
  recordings = await loadAlphabetFolder(join(process.cwd(), 'data', 'asl-alphabet'));
  guides = new Map([...recordings].map(([sign, recording]) => [sign, handGuideFrames(sign, recording)]));
});
const guideFor = (letter: string) => guides.get(letter) ?? null;

describe('a letter guide', () => {
  test('held letters: one frame of the middle half, drawn at no turn as the recording sees it', () => {
    const pose = new Float32Array(POINTS * 3);
    for (const [sign, guide] of guides) {
      if (sign === 'J' || sign === 'Z') continue;
      const frames = recordings.get(sign)!.frames;
      expect(guide.movement).toBe('held');
      expect(guide.sourceFrames[0]).toBeGreaterThanOrEqual(Math.floor(frames.length / 4));
      expect(guide.sourceFrames[0]).toBeLessThan(Math.ceil((3 * frames.length) / 4));
      const clip = guideClip(guide);
      expect(clip.durationMs).toBeNull();
      expect(clip.poseAt(1234, pose)).toBe(guide.sourceFrames[0]);
      // Projected at yaw 0 onto 300 px, the fingertips are the recording's x (4:3) and y, scaled and shifted by one amount.
      const tips = fingertipPixels(pose, clip.framing, 0, 300);
      const raw = frames[guide.sourceFrames[0]!]!;
      // The view spans the framing sphere's diameter: 300 px over 2 radii.
      const scale = 300 / (2 * clip.framing.radius);
      FINGERTIPS.forEach((tip, k) => {
        expect(tips[k]![0] - tips[0]![0]).toBeCloseTo((raw[tip * 3]! - raw[FINGERTIPS[0] * 3]!) * (4 / 3) * scale, 0);
        expect(tips[k]![1] - tips[0]![1]).toBeCloseTo((raw[tip * 3 + 1]! - raw[FINGERTIPS[0] * 3 + 1]!) * scale, 0);
      });
    }
  });

  test('J and Z: every second recorded frame, each shown at its time, also at a time snapped to it', () => {
    const pose = new Float32Array(POINTS * 3);
    for (const sign of ['J', 'Z']) {
      const guide = guides.get(sign)!;
      const clip = guideClip(guide);
      expect(guide.movement).toBe('moving');
      expect(clip.durationMs).toBeCloseTo(guide.frames.length * clip.stepMs!, 6);
      expect(clip.path?.tip).toBe(sign === 'J' ? 20 : 8);
      guide.frames.forEach((frame, k) => {
        const snapped = Math.floor(((k + 0.7) * clip.stepMs!) / clip.stepMs!) * clip.stepMs!;
        expect(clip.poseAt(snapped, pose)).toBe(guide.sourceFrames[k]);
        // View space: x scaled by 4:3, y and z flipped.
        expect(pose[FINGERTIPS[1] * 3]).toBeCloseTo(frame[FINGERTIPS[1] * 3]! * (4 / 3), 5);
        expect(pose[FINGERTIPS[1] * 3 + 1]).toBeCloseTo(-frame[FINGERTIPS[1] * 3 + 1]!, 5);
      });
    }
  });
});

describe('a spelled word', () => {
  const lettersShown = (clip: ReturnType<typeof spellClip>, stepMs = 10) => {
    const shown: string[] = [];
    let previous = '';
    for (let t = 0; t < clip.durationMs!; t += stepMs) {
      const now = clip.shownAt!(t)?.letter ?? '';
      if (now !== '' && now !== previous) shown.push(now);
      previous = now;
    }
    return shown.join('');
  };

  test('each letter held in turn, 1/pace seconds each; the hand moves between them', () => {
    for (const [word, pace] of [['CAT', 1], ['JAZZ', 2], ['SEE', 1.5], ['LOOKING', 4]] as const) {
      const clip = spellClip([...word], pace, guideFor);
      expect(clip.durationMs).toBeCloseTo((word.length * 1000) / pace + END_HOLD_MS, 6);
      expect(lettersShown(clip), `${word} at ${pace}`).toBe(word);
    }
    // Between C and A the hand is in neither pose.
    const clip = spellClip(['C', 'A'], 1, guideFor);
    const c = new Float32Array(63);
    const between = new Float32Array(63);
    const a = new Float32Array(63);
    clip.poseAt(500, c);
    clip.poseAt(1000 + 175, between);
    clip.poseAt(1900, a);
    expect(clip.shownAt!(1175)).toBeNull();
    const distance = (p: Float32Array, q: Float32Array) => Math.hypot(...p.map((v, i) => v - q[i]!));
    expect(distance(between, c)).toBeGreaterThan(0.01);
    expect(distance(between, a)).toBeGreaterThan(0.01);
  });

  test('a player whose frames come late (a stalling laptop) still draws every letter, later, never skipping one', () => {
    // Frames 400 ms apart at 3 letters/s: each letter is held about 217 ms, so stepping the clock by
    // the frames' gaps steps over letters; advanceClipMs holds the clock at each letter not drawn.
    const play = (advance: (elapsed: number, dt: number, drawn: number) => number, clip: ReturnType<typeof spellClip>) => {
      let elapsed = 0;
      let drawn = -1;
      let word = '';
      for (let frame = 0; frame < 200 && elapsed < clip.durationMs!; frame++) {
        const shown = clip.shownAt!(elapsed);
        if (shown && shown.index !== drawn) {
          word += shown.letter;
          drawn = shown.index;
        }
        elapsed = advance(elapsed, 400, drawn);
      }
      return word;
    };
    for (const word of ['SERIOUS', 'BEISPIEL', 'LOOKING']) {
      const clip = spellClip([...word], 3, guideFor);
      expect(play((elapsed, dt, drawn) => advanceClipMs(clip, elapsed, dt, drawn), clip), word).toBe(word);
      expect(play((elapsed, dt) => elapsed + dt, clip), `${word} stepped by the frames' gaps`).not.toBe(word);
    }
    // A frame's time before the player's start (requestAnimationFrame's frame start) does not run
    // the clip backwards, and the first letter is shown from the start.
    const serious = spellClip([...'SERIOUS'], 3, guideFor);
    expect(advanceClipMs(serious, 0, -7, -1)).toBe(0);
    expect(serious.shownAt!(-7)).toEqual({ index: 0, letter: 'S' });
    // Once the last letter is drawn, the clock steps as the display does.
    expect(advanceClipMs(spellClip(['A'], 1, guideFor), 100, 400, 0)).toBe(500);
  });

  test('a player whose frames come late draws the bounce of a double letter: the word reads with both letters', () => {
    // Read as a learner (and the read-practice browser test) reads the hand: a letter each time the
    // hand comes to hold one, so two holds of one letter drawn back to back read as one.
    const read = (clip: ReturnType<typeof spellClip>, dt: number) => {
      const pose = new Float32Array(POINTS * 3);
      const held = new Float32Array(POINTS * 3);
      let elapsed = 0;
      let drawn = -1;
      let word = '';
      let previous = '';
      /** The furthest the hand was drawn from its hold between the two holds of a double letter. */
      let furthest = 0;
      for (let frame = 0; frame < 400 && elapsed < clip.durationMs!; frame++) {
        const shown = clip.shownAt!(elapsed);
        clip.poseAt(elapsed, pose);
        if (shown) {
          drawn = shown.index;
          held.set(pose);
        } else if (drawn >= 0 && clip.shownAt!(clip.heldSpanMs!(drawn + 1)!.fromMs)!.letter === clip.shownAt!(clip.heldSpanMs!(drawn)!.fromMs)!.letter) {
          furthest = Math.max(furthest, Math.abs(pose[0]! - held[0]!));
        }
        const letter = shown?.letter ?? '';
        if (letter !== '' && letter !== previous) word += letter;
        previous = letter;
        elapsed = advanceClipMs(clip, elapsed, dt, drawn);
      }
      return { word, furthest };
    };
    // The bounce's own height, half way through the move between the two holds.
    const bounceOf = (clip: ReturnType<typeof spellClip>, index: number) => {
      const a = new Float32Array(POINTS * 3);
      const b = new Float32Array(POINTS * 3);
      const from = clip.heldSpanMs!(index - 1)!;
      clip.poseAt(from.fromMs, a);
      clip.poseAt((from.toMs + clip.heldSpanMs!(index)!.fromMs) / 2, b);
      return Math.abs(b[0]! - a[0]!);
    };
    for (const word of ['LOOKING', 'COFFEE', 'BALL']) {
      for (const dt of [120, 400, 700, 1500]) {
        const clip = spellClip([...word], 3, guideFor);
        const { word: seen, furthest } = read(clip, dt);
        expect(seen, `${word}, frames ${dt} ms apart`).toBe(word);
        // Where frames come further apart than the move between two holds, the one drawn there is
        // the bounce's highest point.
        if (dt >= 400) expect(furthest, `${word}, frames ${dt} ms apart`).toBeCloseTo(bounceOf(clip, word.search(/(.)\1/) + 1), 6);
      }
    }
  });

  test('a double letter is bounced: the hand moves aside with its shape unchanged, then holds it again', () => {
    const clip = spellClip(['S', 'E', 'E'], 1, guideFor);
    const held = new Float32Array(63);
    const bounce = new Float32Array(63);
    clip.poseAt(1900, held);
    // Half way through the move to the second E.
    clip.poseAt(2000 + 175, bounce);
    expect(clip.shownAt!(2175)).toBeNull();
    const dx = bounce[0]! - held[0]!;
    const dy = bounce[1]! - held[1]!;
    expect(Math.hypot(dx, dy)).toBeGreaterThan(0.05);
    for (let i = 0; i < POINTS; i++) {
      expect(bounce[i * 3]! - held[i * 3]!).toBeCloseTo(dx, 6);
      expect(bounce[i * 3 + 1]! - held[i * 3 + 1]!).toBeCloseTo(dy, 6);
      expect(bounce[i * 3 + 2]).toBeCloseTo(held[i * 3 + 2]!, 6);
    }
    expect(clip.shownAt!(2900)).toEqual({ index: 2, letter: 'E' });
  });
});

describe('the words to read', () => {
  test('the curriculum\'s 576 words; never one of the last 20 again', () => {
    expect(READ_WORDS).toEqual(curriculumWords(AMERICAN_LEVELS));
    expect(READ_WORDS).toHaveLength(576);
    const recent: string[] = [];
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 200; i++) {
      const word = pickWord(recent, random);
      expect(recent.slice(-20)).not.toContain(word);
      recent.push(word);
    }
  });
});
