import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeAngleFrame } from '../../../engine/src/angles/compute_angle_frame.ts';
import { createAngleFrame, type AngleFrame } from '../../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame, type LandmarkFrame } from '../../../engine/src/core/landmark_frame.ts';
import { Part, POINT_STRIDE, X } from '../../../engine/src/core/landmark_layout.ts';
import { crossValidatedConfusion, foldOf } from '../../../engine/src/evaluation/cross_validated_confusion.ts';
import type { AlphabetRecording } from '../../../engine/src/recordings/alphabet_recording_schema.ts';
import { alphabetSource } from '../../../engine/src/recordings/landmark_source.ts';
import { createMatcher, createMatchModeRuntime, type FrameMatcher } from '../../../engine/src/practice/match_mode.ts';
import { matchFrame } from '../../../engine/src/match/match_frame.ts';
import { matchFramePrecise, matchFramePreciseNear, PRECISE_NEIGHBOURHOOD_SECONDS } from '../../../engine/src/precise/match_frame_precise.ts';
import { createMatchReport } from '../../../engine/src/match/match_report.ts';
import { compileLesson, compileSign } from '../../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../../engine/src/practice/compiled_sign.ts';
import { prepareAngleFrame } from '../../../engine/src/practice/practice_loop.ts';
import {
  computeHandShape,
  createPreciseFeatureTracker,
  motionFeature,
  SHAPE_INDEX_MIDDLE_SPREAD,
  SHAPE_MOTION,
} from '../../../engine/src/precise/precise_features.ts';
import { loadAlphabetFolder } from '../../../engine/src/node/load_alphabet_folder.ts';
import { buildReferenceSign } from '../../../engine/src/reference/build_reference_sign.ts';
import { SHAPE_FEATURE_COUNT } from '../../../engine/src/core/constants.ts';
import { contrastPreciseTolerances } from '../../../engine/src/precise/contrast_precise_tolerances.ts';
import { featureToleranceBounds, PRECISE_CALIBRATION, PRECISE_FEATURE_COUNT } from '../../../engine/src/precise/calibrate_precise_tolerances.ts';
import { parseReferenceSign } from '../../../engine/src/reference/reference_sign_schema.ts';
import { sourceToAngleFrames } from '../../../engine/src/recordings/source_to_angle_frames.ts';
import { ALPHABET_DIR } from '../../../server/paths.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const alphabetFolder = ALPHABET_DIR;
const run = promisify(execFile);
const cli = (args: string[]) => run(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'engine', 'src', 'cli', 'main.ts'), ...args], { cwd: root });

let recordings: Map<string, AlphabetRecording>;
beforeAll(async () => {
  recordings = await loadAlphabetFolder(alphabetFolder);
}, 60_000);

/** A reference from the first, second and fourth quarters of a letter, and its third quarter's frames, as the evaluation splits them. */
function split(sign: string): { reference: CompiledSign; heldOut: AngleFrame[]; heldOutIndices: number[] } {
  const frames = sourceToAngleFrames(alphabetSource(sign, recordings.get(sign)!));
  const options = { folds: 4, scheme: 'contiguous', blockFrames: 30 } as const;
  const training = frames.filter((_, i) => foldOf(i, frames.length, options) !== 2);
  const heldOutIndices = frames.map((_, i) => i).filter((i) => foldOf(i, frames.length, options) === 2);
  return { reference: compileSign(sign, buildReferenceSign(training, `${sign}.gif`)), heldOut: heldOutIndices.map((i) => frames[i]!), heldOutIndices };
}

const precisely = createMatcher('precise');
const bySpec = createMatcher('spec');

function acceptance(frames: readonly AngleFrame[], reference: CompiledSign, matcher: FrameMatcher = precisely): number {
  const report = createMatchReport();
  let accepted = 0;
  for (const frame of frames) {
    for (let r = 0; r < reference.reference.frameCount; r++) {
      if (matcher(frame, reference, r, report)) {
        accepted++;
        break;
      }
    }
  }
  return accepted / frames.length;
}

describe('precise matching on the alphabet recordings (held-out frames)', () => {
  it('accepts its own letter\'s held-out frames and rejects the fist letters that the angle rule confuses', () => {
    const a = split('A');
    const e = split('E');
    const s = split('S');
    expect(acceptance(a.heldOut, a.reference)).toBeGreaterThan(0.9);
    expect(acceptance(e.heldOut, e.reference)).toBeGreaterThan(0.9);
    // The angle rule (75 degrees) accepts E and S frames as A; precise mode does not.
    expect(acceptance(e.heldOut, a.reference, bySpec)).toBeGreaterThan(0.9);
    expect(acceptance(e.heldOut, a.reference)).toBeLessThan(0.05);
    expect(acceptance(s.heldOut, a.reference, bySpec)).toBeGreaterThan(0.9);
    expect(acceptance(s.heldOut, a.reference)).toBeLessThan(0.1);
  }, 60_000);

  it('tells H from U by the hand\'s orientation, which the angles cannot see', () => {
    const h = split('H');
    const u = split('U');
    expect(acceptance(h.heldOut, u.reference)).toBeLessThan(0.05);
    expect(acceptance(u.heldOut, h.reference)).toBeLessThan(0.05);
    expect(acceptance(h.heldOut, h.reference)).toBeGreaterThan(0.9);
  }, 60_000);

  it('matches a left hand that mirrors the reference\'s right hand, and rejects the mirror image shown as a right hand', () => {
    const { reference, heldOutIndices } = split('B');
    const recording = recordings.get('B')!;
    const landmarks = createLandmarkFrame();
    const angles = createAngleFrame();
    const runtime = createMatchModeRuntime('precise');
    const report = createMatchReport();
    let asLeft = 0;
    let asRight = 0;
    const source = alphabetSource('B', recording, heldOutIndices);
    for (const side of ['left', 'right'] as const) {
      runtime.reset();
      for (let i = 0; i < source.frameCount; i++) {
        source.read(i, landmarks);
        mirrorInto(landmarks, side);
        prepareAngleFrame(landmarks, angles, runtime);
        let matched = false;
        for (let r = 0; r < reference.reference.frameCount && !matched; r++) matched = runtime.matcher(angles, reference, r, report);
        if (matched && side === 'left') {
          asLeft++;
          expect(report.mirrored).toBe(true);
        }
        if (matched && side === 'right') asRight++;
      }
    }
    expect(asLeft / source.frameCount).toBeGreaterThan(0.9);
    // The angle rule's angles cannot see the mirror (angles are mirror-invariant); precise mode can.
    expect(asRight / source.frameCount).toBeLessThan(0.05);
  }, 60_000);

  it('narrows a reference\'s tolerances where they take in another sign of its set, keeping its own frames', () => {
    const signs = ['A', 'T', 'U', 'R'];
    const splits = signs.map(split);
    const alone = splits.map((x) => x.reference);
    const before = alone.map((r) => ({ angles: r.precise.angleTolerance.slice(), features: r.precise.featureTolerance.slice() }));
    const contrasted = contrastPreciseTolerances(alone).map((precise, i) => ({ ...alone[i]!, precise }));
    const [a, t, u, r] = [0, 1, 2, 3].map((i) => ({ alone: alone[i]!, contrasted: contrasted[i]!, heldOut: splits[i]!.heldOut }));
    // Alone, T's and R's spread-based tolerances take in A's and U's held-out frames.
    expect(acceptance(a!.heldOut, t!.alone)).toBeGreaterThan(0.3);
    expect(acceptance(u!.heldOut, r!.alone)).toBeGreaterThan(0.3);
    expect(acceptance(a!.heldOut, t!.contrasted)).toBeLessThan(0.3);
    expect(acceptance(u!.heldOut, r!.contrasted)).toBeLessThan(0.3);
    for (const x of [a!, t!, u!, r!]) expect(acceptance(x.heldOut, x.contrasted)).toBeGreaterThan(acceptance(x.heldOut, x.alone) - 0.1);
    // Only narrowed, never below the calibration floors; the inputs are left as they were.
    contrasted.forEach((c, i) => {
      const p = c.precise;
      expect(alone[i]!.precise.angleTolerance).toEqual(before[i]!.angles);
      expect(alone[i]!.precise.featureTolerance).toEqual(before[i]!.features);
      p.angleTolerance.forEach((v, j) => {
        expect(v).toBeLessThanOrEqual(before[i]!.angles[j]!);
        expect(v).toBeGreaterThanOrEqual(PRECISE_CALIBRATION.angleFloorDeg);
      });
      p.featureTolerance.forEach((v, j) => {
        expect(v).toBeLessThanOrEqual(before[i]!.features[j]!);
        expect(v).toBeGreaterThanOrEqual(featureToleranceBounds(j % PRECISE_FEATURE_COUNT)[0] - 1e-4);
      });
      expect(c.reference).toBe(alone[i]!.reference);
      expect(p.features).toBe(alone[i]!.precise.features);
      // The one-pass comparison's per-joint tolerances follow the narrowed angle tolerances.
      expect(p.jointTolerance[4 + 3]).toBe(p.angleTolerance[3]);
      expect(p.jointTolerance[20 + 5]).toBe(p.angleTolerance[16 + 5]);
    });
    // A set of one is left alone.
    expect(contrastPreciseTolerances([alone[1]!])[0]!.featureTolerance).toEqual(before[1]!.features);
  }, 120_000);

  it('compiles a set of records as the product and the evaluation do: each compiled, then contrasted', () => {
    const records = ['H', 'U'].map((sign) => ({ name: sign, record: buildReferenceSign(sourceToAngleFrames(alphabetSource(sign, recordings.get(sign)!)).slice(0, 90), `${sign}.gif`) }));
    const set = compileLesson([records[0]!, { name: 'GONE', record: null }, records[1]!]);
    const expected = contrastPreciseTolerances(records.map(({ name, record }) => compileSign(name, record)));
    expect(set.map((r) => r?.reference.signName ?? null)).toEqual(['H', null, 'U']);
    expect(set[0]!.precise.featureTolerance).toEqual(expected[0]!.featureTolerance);
    expect(set[2]!.precise.featureTolerance).toEqual(expected[1]!.featureTolerance);
  }, 60_000);

  it('sizes precise tolerances on a record\'s calibration frames, and matches with its practice frames\' features', () => {
    const frames = sourceToAngleFrames(alphabetSource('P', recordings.get('P')!));
    const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    const practice = buildReferenceSign(frames, 'P.gif', { keep: range(140, 30) });
    const calibration = buildReferenceSign(frames, 'P.gif', { keep: range(60, 200) }).configs['P.gif']!;
    const alone = compileSign('P', practice);
    const calibrated = compileSign('P', { ...practice, calibration });
    const onCalibrationFrames = compileSign('P', { configs: { 'P.gif': calibration } });
    // The tolerances are those of the calibration frames; the per-frame data stays the practice reference's.
    expect(calibrated.precise.angleTolerance).toEqual(onCalibrationFrames.precise.angleTolerance);
    expect(calibrated.precise.featureTolerance).toEqual(onCalibrationFrames.precise.featureTolerance);
    expect(calibrated.precise.features).toEqual(alone.precise.features);
    expect(calibrated.reference.frameCount).toBe(30);
    expect(calibrated.precise.jointTolerance).toHaveLength(30 * 36);
    expect(calibrated.precise.jointTolerance[20 + 6]).toBe(calibrated.precise.angleTolerance[16 + 6]);
    // 200 frames of the signer vary more than 30 consecutive ones: wider in all, and so more of the recording matches.
    const sum = (t: Float32Array) => t.reduce((a, b) => a + b, 0);
    expect(sum(calibrated.precise.angleTolerance)).toBeGreaterThan(sum(alone.precise.angleTolerance));
    const elsewhere = range(280, 20).map((i) => frames[i]!);
    expect(acceptance(elsewhere, calibrated)).toBeGreaterThan(acceptance(elsewhere, alone));
    // In a set, the contrast step runs on the calibration frames.
    const u = buildReferenceSign(sourceToAngleFrames(alphabetSource('U', recordings.get('U')!)), 'U.gif', { keep: range(100, 90) });
    const set = compileLesson([{ name: 'P', record: { ...practice, calibration } }, { name: 'U', record: u }]);
    const expected = contrastPreciseTolerances([onCalibrationFrames, compileSign('U', u)]);
    expect(set[0]!.precise.angleTolerance).toEqual(expected[0]!.angleTolerance);
    expect(set[0]!.precise.features).toEqual(alone.precise.features);
    expect(set[1]!.precise.featureTolerance).toEqual(expected[1]!.featureTolerance);
  }, 60_000);

  it('keeps the angle rule as it was: createMatcher(\'spec\') runs matchFrame, \'precise\' matchFramePreciseNear', { timeout: 60_000 }, () => {
    const { reference, heldOut } = split('E');
    for (const frame of heldOut.slice(0, 40)) {
      for (const r of [0, 10, 50]) {
        expect(createMatcher('spec')(frame, reference, r, createMatchReport())).toBe(matchFrame(frame, reference.reference, r, createMatchReport()));
        expect(createMatcher('precise')(frame, reference, r, createMatchReport())).toBe(matchFramePreciseNear(frame, reference.reference, reference.precise, r, createMatchReport()));
      }
    }
  });

  it('in a session, precise mode accepts a frame that matches a reference frame within half a second of the current one, and no farther', { timeout: 60_000 }, () => {
    const { reference, heldOut } = split('E');
    const reach = Math.round(PRECISE_NEIGHBOURHOOD_SECONDS * reference.reference.fps);
    const report = createMatchReport();
    let checked = 0;
    for (const frame of heldOut) {
      const matching = Array.from({ length: reference.reference.frameCount }, (_, r) => matchFramePrecise(frame, reference.reference, reference.precise, r, report));
      const miss = matching.findIndex((m, r) => !m && matching.slice(Math.max(0, r - reach), r + reach + 1).some(Boolean));
      if (miss < 0) continue;
      expect(matchFramePreciseNear(frame, reference.reference, reference.precise, miss, report)).toBe(true);
      const far = matching.findIndex((_, r) => matching.slice(Math.max(0, r - reach), r + reach + 1).every((m) => !m));
      if (far >= 0) expect(matchFramePreciseNear(frame, reference.reference, reference.precise, far, report)).toBe(false);
      if (++checked >= 5) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('computes a cross-validated confusion table where precise mode cuts the wrong-letter acceptance', () => {
    const subset = new Map(['A', 'E', 'H', 'U'].map((sign) => {
      const recording = recordings.get(sign)!;
      return [sign, { sign, frames: recording.frames.slice(0, 160) }] as const;
    }));
    const spec = crossValidatedConfusion(subset, { mode: 'spec', folds: 4, scheme: 'blocks', blockFrames: 20 });
    const precise = crossValidatedConfusion(subset, { mode: 'precise', folds: 4, scheme: 'blocks', blockFrames: 20 });
    expect(spec.tested).toEqual([160, 160, 160, 160]);
    expect(spec.summary.wrongMean).toBeGreaterThan(0.2);
    expect(spec.accepted[0]![1]! / spec.tested[0]!).toBeGreaterThan(0.9); // A frames accepted as E
    expect(precise.summary.wrongMean).toBeLessThan(0.02);
    expect(precise.summary.ownMin).toBeGreaterThan(0.9);
  }, 60_000);
});

/** Replaces the frame's right hand by its x-mirror, as the signer's `side` hand. */
function mirrorInto(landmarks: LandmarkFrame, side: 'left' | 'right'): void {
  const hand = landmarks.rightHand;
  for (let p = 0; p < 21; p++) hand[p * POINT_STRIDE + X] = 1 - hand[p * POINT_STRIDE + X]!;
  if (side === 'left') {
    landmarks.leftHand.set(hand);
    landmarks.present[Part.leftHand] = 1;
    landmarks.present[Part.rightHand] = 0;
  }
}

describe('precise features', () => {
  const hand = new Float32Array(21 * POINT_STRIDE);
  beforeAll(() => {
    // A plausible open hand, normalised coordinates.
    const points = [
      [0.5, 0.8], [0.45, 0.75], [0.42, 0.7], [0.4, 0.65], [0.38, 0.6],
      [0.46, 0.6], [0.45, 0.5], [0.45, 0.45], [0.45, 0.4],
      [0.5, 0.6], [0.5, 0.5], [0.5, 0.44], [0.5, 0.38],
      [0.54, 0.6], [0.55, 0.51], [0.55, 0.46], [0.55, 0.42],
      [0.58, 0.62], [0.6, 0.55], [0.6, 0.5], [0.6, 0.47],
    ];
    points.forEach(([x, y], p) => hand.set([x!, y!, 0, 1], p * POINT_STRIDE));
  });

  it('places fingertips in the palm\'s frame: unchanged by scale and rotation, v negated by a mirror', () => {
    const a = new Float32Array(SHAPE_FEATURE_COUNT);
    const b = new Float32Array(SHAPE_FEATURE_COUNT);
    const c = new Float32Array(SHAPE_FEATURE_COUNT);
    computeHandShape(hand, 1000, 1000, a);
    const moved = hand.slice();
    const mirrored = hand.slice();
    const angle = 0.7;
    for (let p = 0; p < 21; p++) {
      const x = hand[p * POINT_STRIDE]! - 0.5;
      const y = hand[p * POINT_STRIDE + 1]! - 0.5;
      moved[p * POINT_STRIDE] = 0.3 + 0.5 * (Math.cos(angle) * x - Math.sin(angle) * y);
      moved[p * POINT_STRIDE + 1] = 0.4 + 0.5 * (Math.sin(angle) * x + Math.cos(angle) * y);
      mirrored[p * POINT_STRIDE] = 1 - hand[p * POINT_STRIDE]!;
    }
    computeHandShape(moved, 1000, 1000, b);
    computeHandShape(mirrored, 1000, 1000, c);
    for (const k of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]) expect(b[k]).toBeCloseTo(a[k]!, 2);
    for (let k = 0; k < 10; k++) expect(c[k]).toBeCloseTo(k % 2 === 0 ? a[k]! : -a[k]!, 2);
    // The crossing and the spread are dot products: a mirror leaves them.
    for (const k of [10, 12]) expect(c[k]).toBeCloseTo(a[k]!, 2);
  });

  it('measures how the index and middle fingers lean: parallel in U, into each other in R, apart in V', () => {
    const median = (sign: string, feature: number) => {
      const values = sourceToAngleFrames(alphabetSource(sign, recordings.get(sign)!)).map((f) => f.rightHandShape![feature]!);
      values.sort((x, y) => x - y);
      return values[values.length >> 1]!;
    };
    // U's fingers parallel, R's leaning into each other, V's spread.
    expect(Math.abs(median('U', SHAPE_INDEX_MIDDLE_SPREAD))).toBeLessThan(8);
    expect(median('R', SHAPE_INDEX_MIDDLE_SPREAD)).toBeLessThan(-15);
    expect(median('V', SHAPE_INDEX_MIDDLE_SPREAD)).toBeGreaterThan(15);
  });

  it('reports a degenerate palm and measures motion from the frames just before', () => {
    const flat = new Float32Array(21 * POINT_STRIDE);
    expect(computeHandShape(flat, 1280, 960, new Float32Array(SHAPE_FEATURE_COUNT))).toBe(false);

    const tracker = createPreciseFeatureTracker();
    const landmarks = createLandmarkFrame(640, 480);
    const angles = createAngleFrame();
    const feed = (t: number, dx: number) => {
      for (let p = 0; p < 21; p++) {
        landmarks.rightHand.set(hand.subarray(p * POINT_STRIDE, (p + 1) * POINT_STRIDE), p * POINT_STRIDE);
        landmarks.rightHand[p * POINT_STRIDE] = hand[p * POINT_STRIDE]! + dx;
      }
      landmarks.present[Part.rightHand] = 1;
      landmarks.timestampMs = t;
      computeAngleFrame(landmarks, angles);
      tracker.update(landmarks, angles);
      return angles.rightHandShape![SHAPE_MOTION]!;
    };
    for (let i = 0; i < 10; i++) expect(feed(i * 33, 0)).toBeCloseTo(motionFeature(0), 5);
    let moving = 0;
    for (let i = 10; i < 20; i++) moving = feed(i * 33, (i - 9) * 0.02);
    expect(moving).toBeGreaterThan(motionFeature(0) + 15);
    // Time going back (a new pass) restarts the history: a still hand reads still at once.
    expect(feed(0, 0)).toBeCloseTo(motionFeature(0), 5);
    expect(angles.shapePresent![1]).toBe(1);
    expect(angles.shapePresent![0]).toBe(0);
  });
});

describe('malformed input', () => {
  it('rejects an unknown mode, bad fold options and a record with a malformed shape', () => {
    expect(() => createMatcher('fast' as never)).toThrow(/unknown match mode "fast"/);
    const two = new Map([['A', { sign: 'A', frames: recordings.get('A')!.frames.slice(0, 8) }], ['B', { sign: 'B', frames: recordings.get('B')!.frames.slice(0, 8) }]]);
    expect(() => crossValidatedConfusion(two, { mode: 'precise', folds: 1, scheme: 'contiguous', blockFrames: 30 })).toThrow(/folds must be/);
    expect(() => crossValidatedConfusion(new Map([['A', two.get('A')!]]), { mode: 'spec', folds: 4, scheme: 'contiguous', blockFrames: 30 })).toThrow(/at least two signs/);
    const record = { configs: { 'A.gif': [{ right_hand: { config: { degreesOfFreedom: 0 }, angles: Array(16).fill(90), shape: [1, 2, 3] } }] } };
    expect(() => parseReferenceSign('A', record)).toThrow(/right_hand\.shape/);
  });

  it('the confusion and score commands report bad options', async () => {
    await expect(cli(['confusion', '--in', alphabetFolder, '--modes', 'fast'])).rejects.toMatchObject({ stderr: expect.stringMatching(/unknown modes value "fast"/) });
    await expect(cli(['confusion', '--in', alphabetFolder, '--folds', '1'])).rejects.toMatchObject({ stderr: expect.stringMatching(/--folds must be an integer of at least 2/) });
    await expect(cli(['score', '--reference', 'x.json', '--frames', 'y.json', '--precise', 'yes'])).rejects.toMatchObject({ stderr: expect.stringMatching(/unexpected argument "yes"/) });
  }, 60_000);
});
