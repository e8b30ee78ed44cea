// The moving-signs stage (bench/moving-signs/) on a slice of the PopSign signers: three signers, the
// first four measured performances of each sign each, at 1x and 2x, through the stage's own
// functions. The full figures come from `npm run bench -- --only moving-signs`
// (bench/moving-signs.md), never asserted here; this checks that the stage measures what it says:
// cross-validated by signer, each performance within its own length plus 1 s.
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { TAIL_SECONDS } from '../../bench/moving-signs/choose_reference.ts';
import { byHeightFromReference, completionShare, HEIGHT_BANDS, movingSignsMarkdown, movingSignsTotals } from '../../bench/moving-signs/moving_signs_markdown.ts';
import { atSpeed, loadPerformances, POPSIGN_DIR, throughCamera, type Performance } from '../../bench/moving-signs/performances.ts';
import { cloneLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE, PosePoint, X, Y } from '../../engine/src/core/landmark_layout.ts';
import { highestPalm } from '../../bench/moving-signs/highest_palm.ts';
import { mirroredFrame } from '../engine/support.ts';
import { runMovingSigns, type MovingSignsResult } from '../../bench/moving-signs/run_moving_signs.ts';

const root = join(import.meta.dirname, '..', '..');
const SIGNERS = ['16069', '22343', '26734'];
const PER = 4;

let result: MovingSignsResult;
let performances: Performance[];
beforeAll(async () => {
  performances = await loadPerformances(POPSIGN_DIR(root));
  result = await runMovingSigns({ root, signers: SIGNERS, perSignerAndSign: PER, speeds: [1, 2], log: () => {} });
}, 300_000);

describe('the moving-signs stage on a slice of the PopSign signers', () => {
  test('the data: ten signers, both signs, every performance of the source', () => {
    expect(new Set(performances.map((p) => p.signer)).size).toBe(10);
    expect(new Set(performances.map((p) => p.sign))).toEqual(new Set(['HELLO', 'THANK-YOU']));
    expect(performances).toHaveLength(348);
  });

  test("each signer makes a reference of each sign from one of their own measured performances", () => {
    expect(result.references.length + result.noReference.length).toBe(SIGNERS.length * 2);
    for (const ref of result.references) {
      const take = performances.find((p) => p.sequence === ref.sequence)!;
      expect(take.signer).toBe(ref.signer);
      expect(take.sign).toBe(ref.sign);
      expect(take.eligible).toBe(true);
    }
  });

  test("the reference's signer never judges their own reference", () => {
    expect(result.judgements.length).toBeGreaterThan(0);
    for (const j of result.judgements) expect(j.signer).not.toBe(j.refSigner);
    for (const s of result.still) expect(s.signer).not.toBe(s.refSigner);
    for (const j of result.unmeasured) expect(j.signer).not.toBe(j.refSigner);
  });

  test('every other signer\'s measured performance of the slice, of both signs, is judged against each reference at each speed, within its own length plus 1 s', () => {
    for (const ref of result.references) {
      const others = result.performances.filter((p) => p.signer !== ref.signer).reduce((n, p) => n + p.measured, 0);
      const judged = result.judgements.filter((j) => j.refSigner === ref.signer && j.refSign === ref.sign);
      expect(judged).toHaveLength(others * result.speeds.length);
    }
    for (const j of result.judgements) {
      const frames = performances.find((p) => p.sequence === j.sequence)!.frames.length;
      expect(j.limit).toBeCloseTo(frames / RECORDING_FPS / j.speed + TAIL_SECONDS, 2);
      if (j.seconds !== null) expect(j.seconds).toBeLessThanOrEqual(j.limit + 1e-6);
    }
    for (const p of result.performances) expect(p.measured).toBeLessThanOrEqual(PER);
  });

  test('a still hand and the non-signs complete nothing', () => {
    expect(result.still.length).toBeGreaterThan(0);
    expect(result.still.filter((s) => s.seconds !== null)).toEqual([]);
    expect(result.nonSigns.length).toBe(result.references.length * 22);
    expect(result.nonSigns.filter((n) => n.seconds !== null)).toEqual([]);
  });

  test('the tables name every signer and sign', () => {
    const md = movingSignsMarkdown(result, { command: 'test', date: '2026-01-01' });
    for (const signer of SIGNERS) expect(md).toMatch(new RegExp(`^\\| ${signer} \\|`, 'm'));
    expect(md).toMatch(/^\| HELLO \|/m);
    expect(md).toMatch(/^\| THANK YOU \|/m);
    expect(md).toContain('own sign completes, 2x');
    expect(md).toContain("own sign completes at, median share of the performance's own length, 1x / 2x");
  });

  test('the per-signer table says where each signer makes each sign: the median of their highest palms', () => {
    const md = movingSignsMarkdown(result, { command: 'test', date: '2026-01-01' });
    expect(md).toContain('| highest palm: HELLO / THANK YOU |');
    for (const row of result.performances) {
      const measured = performances.filter((p) => p.signer === row.signer && p.sign === row.sign && p.eligible).slice(0, PER);
      const highest = measured.map(highestPalm).filter((v) => v !== null).sort((a, b) => a - b);
      expect(row.highestPalm).toBeCloseTo(highest[Math.floor(highest.length / 2)]!, 2);
    }
    for (const signer of SIGNERS) {
      const [hello, thanks] = ['HELLO', 'THANK-YOU'].map((sign) => result.performances.find((p) => p.signer === signer && p.sign === sign)!.highestPalm!.toFixed(2));
      expect(md).toMatch(new RegExp(`^\\| ${signer} \\|.*\\| ${hello} / ${thanks} \\|$`, 'm'));
    }
  });

  test('every judgement is set in one band of how far its performance is signed from its reference take', () => {
    for (const j of result.judgements) expect(result.highestPalms[j.sequence]).toBeCloseTo(highestPalm(performances.find((p) => p.sequence === j.sequence)!)!, 3);
    for (const ref of result.references) expect(result.highestPalms[ref.sequence]).not.toBeUndefined();
    const rows = byHeightFromReference(result).filter((line) => /^\| [0-9]/.test(line));
    expect(rows).toHaveLength(HEIGHT_BANDS.length);
    const counted = (column: number) => rows.reduce((n, row) => n + Number(row.split('|')[column + 2]!.trim().split(' / ')[1]!.split(' ')[0]), 0);
    expect(counted(0)).toBe(result.judgements.filter((j) => j.sign === j.refSign && j.speed === 1).length);
    expect(counted(result.speeds.length)).toBe(result.judgements.filter((j) => j.sign !== j.refSign).length);
    // Every performance signed exactly as high as its reference: all in the first band.
    const level = { ...result, highestPalms: Object.fromEntries(Object.keys(result.highestPalms).map((k) => [k, 0.2])) };
    const first = byHeightFromReference(level).find((line) => line.startsWith('| 0 to 0.1 |'))!;
    expect(first).toContain(`${result.judgements.filter((j) => j.sign !== j.refSign && j.seconds !== null).length} / ${result.judgements.filter((j) => j.sign !== j.refSign).length} `);
  });

  test("when the own sign completes is measured as a share of the performance's own length at its speed", () => {
    const completed = result.judgements.filter((j) => j.sign === j.refSign && j.seconds !== null);
    expect(completed.length).toBeGreaterThan(0);
    for (const j of completed) {
      const frames = performances.find((p) => p.sequence === j.sequence)!.frames.length;
      expect(completionShare(j)).toBeCloseTo((j.seconds! * RECORDING_FPS * j.speed) / frames, 2);
    }
    const totals = movingSignsTotals(result);
    for (const speed of ['1x', '2x']) {
      const shares = completed.filter((j) => `${j.speed}x` === speed).map(completionShare).sort((a, b) => a - b);
      expect(totals.own[speed]!.medianShare).toBeCloseTo(shares[Math.floor(shares.length / 2)]!, 2);
    }
  });
});

describe('where a performance is signed (highest_palm.ts)', () => {
  const signed = () => performances.find((p) => p.eligible && p.signer === '26734' && p.sign === 'HELLO')!;
  const sideOf = (p: Performance) => (p.frames.filter((f) => f.present[Part.rightHand] === 1).length > p.frames.filter((f) => f.present[Part.leftHand] === 1).length ? 1 : 0);
  const transformed = (p: Performance, change: (frame: LandmarkFrame) => void) => ({ frames: p.frames.map((f) => { const copy = cloneLandmarkFrame(f); change(copy); return copy; }) });

  /** `p` with its signing hand moved up the body (against `down`, perpendicular to the shoulders'
   * line) by `widths` shoulder widths, in the frames `which` picks. */
  const raised = (p: Performance, widths: number, which: (index: number) => boolean) => {
    const side = sideOf(p);
    let index = 0;
    return transformed(p, (f) => {
      if (!which(index++)) return;
      const hand = side === 0 ? f.leftHand : f.rightHand;
      const [l, r] = [PosePoint.leftShoulder * POINT_STRIDE, PosePoint.rightShoulder * POINT_STRIDE];
      const ax = (f.pose[l + X]! - f.pose[r + X]!) * f.imageWidth;
      const ay = (f.pose[l + Y]! - f.pose[r + Y]!) * f.imageHeight;
      const shoulders = Math.hypot(ax, ay);
      let [ux, uy] = [ay / shoulders, -ax / shoulders];
      if (uy > 0) [ux, uy] = [-ux, -uy];
      for (let i = 0; i < hand.length; i += POINT_STRIDE) {
        hand[i + X] = hand[i + X]! + (widths * shoulders * ux) / f.imageWidth;
        hand[i + Y] = hand[i + Y]! + (widths * shoulders * uy) / f.imageHeight;
      }
    });
  };

  test("the signing hand raised by a tenth of the signer's shoulder width raises it by a tenth", () => {
    const p = signed();
    expect(highestPalm(raised(p, 0.1, () => true))!).toBeCloseTo(highestPalm(p)! - 0.1, 2);
  });

  test('it is the highest of the frames: one frame raised a whole shoulder width above the rest sets it', () => {
    const p = signed();
    const middle = p.frames.findIndex((f, i) => i >= p.frames.length / 2 && f.present[sideOf(p) === 0 ? Part.leftHand : Part.rightHand] === 1);
    const alone = highestPalm({ frames: [p.frames[middle]!] })!;
    expect(highestPalm(raised(p, 1, (i) => i === middle))!).toBeCloseTo(alone - 1, 2);
  });

  test('a mirror image (a left-handed signer) is signed where the performance is', () => {
    const p = signed();
    const mirrored = { frames: p.frames.map(mirroredFrame) };
    expect(highestPalm(mirrored)!).toBeCloseTo(highestPalm(p)!, 3);
  });

  test('no hand measured: none', () => {
    expect(highestPalm(transformed(signed(), (f) => { f.present[Part.leftHand] = 0; f.present[Part.rightHand] = 0; }))).toBeNull();
  });
});

describe("the camera's path (--camera-fps, --schedule)", () => {
  const timesOf = (fps: number) => [...throughCamera(atSpeed(performances[0]!.frames, 1, 1), { fps })].map((f) => f.nowMs);

  test('N of the camera\'s 30 frames a second are judged, the first of each 1/N s, at their own times', () => {
    const all = timesOf(30);
    expect(timesOf(15)).toEqual(all.filter((_, i) => i % 2 === 0));
    const at24 = timesOf(24);
    // Four of every five frames: one second of the camera gives 24.
    expect(at24.filter((t) => t <= 1000)).toHaveLength(24);
    expect(at24.every((t) => all.includes(t))).toBe(true);
    expect(timesOf(9).filter((t) => t <= 1000)).toHaveLength(9);
  });

  test('on a schedule, the hands are every frame\'s and the body its last whole frame\'s', () => {
    const performance = performances.find((p) => p.eligible && p.frames.every((f) => f.present[Part.pose] === 1))!;
    const schedule = { poseEvery: 3, otherHandEvery: 1 };
    const source = [...atSpeed(performance.frames, 1, 0)].map(({ frame }) => ({ pose: frame.pose.slice(), hands: [frame.leftHand.slice(), frame.rightHand.slice()] }));
    let i = 0;
    let wholeAt = 0;
    for (const { frame } of throughCamera(atSpeed(performance.frames, 1, 0), { schedule })) {
      const handFollowed = (i > 0 && source[i - 1]!.hands.some((_, side) => performance.frames[i - 1]!.present[side === 0 ? Part.leftHand : Part.rightHand] === 1));
      if (!handFollowed || i - wholeAt >= schedule.poseEvery) wholeAt = i;
      expect(Array.from(frame.pose), `frame ${i}: the body of frame ${wholeAt}`).toEqual(Array.from(source[wholeAt]!.pose));
      i++;
    }
    expect(i).toBe(source.length);
  });
});
