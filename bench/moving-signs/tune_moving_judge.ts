// Tries settings of the judge of moving signs on the PopSign signers, the way the moving-signs stage
// measures it (each signer's teacher-checked reference, every other signer judged) but on features
// computed once, without the practice loop: a few seconds a setting. Prints one line a setting.
//   node --import tsx bench/moving-signs/tune_moving_judge.ts [--nested | --end-pose-ceiling]
import { anotherSignFitsBetter } from '../../engine/src/movement/another_sign_fits_better.ts';
import { buildMovementModel, MOVEMENT_KEY_COUNT, MovementClipError } from '../../engine/src/movement/build_movement_model.ts';
import { compileMovement, type CompiledMovement } from '../../engine/src/movement/compiled_movement.ts';
import { followMovement, MAX_FILLED_POSES, MAX_KEY_STEP, MOVEMENT_ERROR_CAP, MOVEMENT_FRAME_LIMIT } from '../../engine/src/movement/follow_movement.ts';
import { createMovementEnd, movementEnded, startMovementEnd } from '../../engine/src/movement/movement_end.ts';
import { computeMovementFeatures, MOVEMENT_FEATURE_COUNT, MOVEMENT_FEATURES } from '../../engine/src/movement/movement_features.ts';
import { createMovementState, resetMovementState, type MovementState } from '../../engine/src/movement/movement_state.ts';
import { keysReached, MOVEMENT_LIMITS, type MovementLimits } from '../../engine/src/movement/movement_verdict.ts';
import { framesSource, RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { TAIL_SECONDS } from './choose_reference.ts';
import { loadPerformances, POPSIGN_DIR, type Performance } from './performances.ts';

export interface Setting {
  limits: MovementLimits;
  scales: number[];
  smooth: boolean;
  maxStep: number;
  errorCap: number;
  frameLimit: number;
  maxFilled: number;
  keys: number;
}

interface Prepared {
  p: Performance;
  /** Per side, per frame: features or null. */
  features: (Float32Array | null)[][];
}

function prepare(p: Performance): Prepared {
  const features = [0, 1].map((side) =>
    p.frames.map((frame) => {
      const out = new Float32Array(MOVEMENT_FEATURE_COUNT);
      return computeMovementFeatures(frame, side as 0 | 1, out) ? out : null;
    }),
  );
  return { p, features };
}

/** The travel of the last completion (for studying the extent rule). */
export const lastExtent = { learner: 0, reference: 0, rms: new Float64Array(MOVEMENT_FEATURE_COUNT) };
const states = [createMovementState(), createMovementState()];
/** Per rival (the other sign's reference, as in a lesson of both), its left- and right-hand states. */
const rivalStates: [MovementState, MovementState][] = [];
const end = createMovementEnd();
const smoothed = new Float32Array(MOVEMENT_FEATURE_COUNT);

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/** Seconds to complete, or null, at `speed`, within the performance plus TAIL_SECONDS, judged as
 * MovementJudge judges: each frame, both hands followed (and the `rivals` on both, as the practice
 * loop follows a lesson's other moving signs), then the verdict; once matched, complete when the
 * movement has ended (movement_end.ts) unless a rival then fits better. */
export function judge(movement: CompiledMovement, x: Prepared, speed: number, setting: Setting, stillFrame?: number, rivals: readonly CompiledMovement[] = []): number | null {
  resetMovementState(states[0]!);
  resetMovementState(states[1]!);
  while (rivalStates.length < rivals.length) rivalStates.push([createMovementState(), createMovementState()]);
  for (const [left, right] of rivalStates) {
    resetMovementState(left);
    resetMovementState(right);
  }
  const n = x.p.frames.length;
  const count = stillFrame === undefined ? Math.round((n / RECORDING_FPS / speed + TAIL_SECONDS) * RECORDING_FPS) : 10 * RECORDING_FPS;
  const recent: (Float32Array | null)[][] = [[], []];
  const seen: (Float32Array | null)[] = [null, null];
  end.side = -1;
  let ended = false;
  const matchedMean = new Float64Array(1);
  const last = movement.keyCount - 1;
  for (let i = 1; i <= count; i++) {
    const nowMs = (i * 1000) / RECORDING_FPS;
    const index = stillFrame ?? Math.min(n - 1, Math.floor((i - 1) * speed));
    for (let side = 0; side < 2; side++) {
      let f = x.features[side]![index] ?? null;
      if (f && setting.smooth) {
        const r = recent[side]!;
        r.push(f);
        if (r.length > 3) r.shift();
        if (r.length === 3) {
          for (let k = 0; k < MOVEMENT_FEATURE_COUNT; k++) smoothed[k] = median3(r[0]![k]!, r[1]![k]!, r[2]![k]!);
          f = smoothed;
        }
      }
      seen[side] = f;
      if (side === end.side && !ended) ended = movementEnded(end, f, nowMs, movement.scales);
      if (!f) continue;
      states[side]!.frameMs = nowMs;
      followMovement(states[side]!, movement, f, setting);
      for (let q = 0; q < rivals.length; q++) {
        rivalStates[q]![side]!.frameMs = nowMs;
        followMovement(rivalStates[q]![side]!, rivals[q]!, f, setting);
      }
    }
    if (end.side >= 0) {
      if (!ended) continue;
      if (!anotherSignFitsBetter(matchedMean, rivals, rivalStates)) return nowMs / 1000;
      end.side = -1;
      ended = false;
    }
    for (let side = 0; side < 2; side++) {
      if (!seen[side]) continue;
      const a = states[side]!.current;
      if (keysReached(states[side]!, movement, setting.limits) < movement.keyCount) continue;
      matchedMean[0] = a.cost[last]! / a.frames[last]!;
      if (!anotherSignFitsBetter(matchedMean, rivals, rivalStates)) {
        lastExtent.learner = a.high[last]! - a.low[last]!;
        lastExtent.reference = movement.extent;
        for (let f = 0; f < MOVEMENT_FEATURE_COUNT; f++) lastExtent.rms[f] = Math.sqrt(a.squares[last * MOVEMENT_FEATURE_COUNT + f]! / a.frames[last]!) * movement.scales[f]!;
        startMovementEnd(end, side, states[side]!.latest, nowMs);
        break;
      }
    }
  }
  return null;
}

function model(p: Performance, setting: Setting): CompiledMovement | null {
  try {
    return compileMovement(p.sign, buildMovementModel(framesSource(p.sign, p.frames), setting.keys), setting.scales);
  } catch (error) {
    if (error instanceof MovementClipError) return null;
    throw error;
  }
}

/** Signer `r`'s teacher-checked reference of `sign` (as choose_reference.ts), and its checks passed. */
function chooseModel(all: readonly Prepared[], r: string, sign: string, setting: Setting): { best: CompiledMovement | null; bestScore: number } {
  const own = all.filter((x) => x.p.signer === r && x.p.eligible);
  let best: CompiledMovement | null = null;
  let bestScore = -1;
  let bestHands = -1;
  for (const c of own.filter((x) => x.p.sign === sign)) {
    const m = model(c.p, setting);
    if (!m) continue;
    let score = 0;
    for (const t of own) {
      if (t === c) continue;
      const done = judge(m, t, 1, setting) !== null;
      // As choose_reference.ts: each own-sign take completed and each other-sign take refused counts one.
      if (done === (t.p.sign === sign)) score++;
    }
    // As choose_reference.ts: the most checks passed, then the most frames with a hand.
    if (score > bestScore || (score === bestScore && c.p.handFrames > bestHands)) {
      bestScore = score;
      bestHands = c.p.handFrames;
      best = m;
    }
  }
  return { best, bestScore };
}

/**
 * How often another signer's performance of the sign is ever seen at the reference's end pose,
 * whatever the judge: of the pairs (each signer's reference, each other signer's measured
 * performance of the same sign), the share with at least one frame, of either hand, whose nearest
 * key pose is the last (each feature's difference in its scale, uncapped); the same with the
 * performer's own offset taken out (their mean, over the performance, of each feature less the
 * key poses' mean: someone who signs higher throughout is not further from the end for it); and,
 * offset taken out, the share with a frame nearer the last key pose than the first. The ceiling of
 * any judge that completes a sign only once its end pose is reached.
 */
export function endPoseCeiling(all: readonly Prepared[], setting: Setting) {
  const signers = [...new Set(all.map((x) => x.p.signer))];
  const signs = [...new Set(all.map((x) => x.p.sign))];
  const counts = { pairs: 0, nearestEnd: 0, nearestEndOffset: 0, nearerEndThanStart: 0 };
  const F = MOVEMENT_FEATURE_COUNT;
  for (const r of signers) {
    for (const sign of signs) {
      const { best: m } = chooseModel(all, r, sign, setting);
      if (!m) continue;
      const last = m.keyCount - 1;
      const distances = (f: Float32Array, offset: Float64Array | null, out: number[]) => {
        for (let k = 0; k <= last; k++) {
          let sum = 0;
          for (let q = 0; q < F; q++) {
            const e = (f[q]! - (offset ? offset[q]! : 0) - m.keys[k * F + q]!) / m.scales[q]!;
            sum += e * e;
          }
          out[k] = sum;
        }
        return out;
      };
      const d: number[] = [];
      for (const x of all) {
        if (x.p.signer === r || !x.p.eligible || x.p.sign !== sign) continue;
        counts.pairs++;
        let nearest = false;
        let nearestOffset = false;
        let nearer = false;
        for (const side of [0, 1]) {
          const seen = x.features[side]!.filter((f): f is Float32Array => f !== null);
          if (seen.length === 0) continue;
          const offset = new Float64Array(F);
          for (const f of seen) {
            for (let q = 0; q < F; q++) {
              let keyMean = 0;
              for (let k = 0; k <= last; k++) keyMean += m.keys[k * F + q]!;
              offset[q] = offset[q]! + (f[q]! - keyMean / (last + 1)) / seen.length;
            }
          }
          for (const f of seen) {
            distances(f, null, d);
            if (d.every((v) => d[last]! <= v)) nearest = true;
            distances(f, offset, d);
            if (d.every((v) => d[last]! <= v)) nearestOffset = true;
            if (d[last]! <= d[0]!) nearer = true;
          }
        }
        if (nearest) counts.nearestEnd++;
        if (nearestOffset) counts.nearestEndOffset++;
        if (nearer) counts.nearerEndThanStart++;
      }
    }
  }
  return counts;
}

/**
 * Each signer's teacher-checked reference, every other signer judged against it. `heldOut`: that
 * signer makes no reference and is the only one judged (the outer fold of the nested
 * cross-validation); `excluded`: that signer takes no part at all (its inner folds).
 */
export function evaluate(all: readonly Prepared[], setting: Setting, speeds: readonly number[] = [1], heldOut?: string, excluded?: string) {
  if (excluded !== undefined) all = all.filter((x) => x.p.signer !== excluded);
  const signers = [...new Set(all.map((x) => x.p.signer))];
  const signs = [...new Set(all.map((x) => x.p.sign))];
  const counts = { own: 0, ownOf: 0, other: 0, otherOf: 0, still: 0, stillOf: 0, refs: 0 };
  // Per speed: own-sign completions, and when each came as a share of the performance's length at that speed.
  const bySpeed = new Map(speeds.map((speed) => [speed, { own: 0, ownOf: 0, shares: [] as number[] }]));
  for (const r of signers) {
    if (r === heldOut) continue;
    // The signer's references of both signs: judged against one, the other is the lesson's rival (as the stage).
    const bySign = new Map(signs.map((sign) => [sign, chooseModel(all, r, sign, setting)]));
    for (const sign of signs) {
      const { best, bestScore } = bySign.get(sign)!;
      if (!best) continue;
      const rivals = signs.filter((other) => other !== sign).flatMap((other) => bySign.get(other)!.best ?? []);
      counts.refs++;
      const before = { own: counts.own, ownOf: counts.ownOf, other: counts.other };
      for (const x of all) {
        if (x.p.signer === r || !x.p.eligible) continue;
        if (heldOut !== undefined && x.p.signer !== heldOut) continue;
        for (const speed of speeds) {
          const seconds = judge(best, x, speed, setting, undefined, rivals);
          const done = seconds !== null;
          if (done && x.p.sign !== sign && process.env.FALSE) console.log(`FA ${x.p.signer}/${x.p.sequence} ${x.p.sign} as ${sign} (ref ${r}) speed ${speed}`);
          if (done && process.env.EXTENTS) console.log(`EXT ${x.p.sign === sign ? 'own' : 'other'} ${lastExtent.learner.toFixed(2)} ${lastExtent.reference.toFixed(2)} ${Array.from(lastExtent.rms, (v) => v.toFixed(3)).join(' ')}`);
          if (x.p.sign === sign) {
            counts.ownOf++;
            const at = bySpeed.get(speed)!;
            at.ownOf++;
            if (done) {
              counts.own++;
              at.own++;
              at.shares.push(seconds / (x.p.frames.length / RECORDING_FPS / speed));
            }
          } else {
            counts.otherOf++;
            if (done) counts.other++;
          }
        }
        if (x.p.sign === sign) {
          const withHand = x.p.frames.map((_, i) => i).filter((i) => x.features[0]![i] || x.features[1]![i]);
          counts.stillOf++;
          if (judge(best, x, 1, setting, withHand[Math.floor(withHand.length / 2)], rivals) !== null) counts.still++;
        }
      }
      if (process.env.PER_REF) console.log(`REF ${r} ${sign} check ${bestScore} extent ${best.extent.toFixed(2)} seconds ${best.seconds} own ${counts.own - before.own}/${counts.ownOf - before.ownOf} other ${counts.other - before.other}`);
    }
  }
  return { ...counts, bySpeed };
}

/** Per speed: own signs completed, and the median share of the performance's length at which they completed. */
function perSpeed(c: ReturnType<typeof evaluate>): string {
  return [...c.bySpeed].map(([speed, at]) => {
    const sorted = [...at.shares].sort((a, b) => a - b);
    return `${speed}x ${pct(at.own, at.ownOf)} at ${sorted.length > 0 ? sorted[Math.floor(sorted.length / 2)]!.toFixed(2) : '-'}`;
  }).join(', ');
}

const pct = (a: number, b: number) => `${a}/${b} ${((100 * a) / Math.max(1, b)).toFixed(1)}%`;

function settingOf(base: Setting, partial: Partial<Setting>): Setting {
  return { ...base, ...partial, limits: { ...base.limits, ...partial.limits } };
}

/** The tuning's choice on a set of signers: the most own-sign completions (all speeds) among the
 * settings with other-sign completions at most 1%; failing that, the fewest other-sign ones. */
function choose(results: { name: string; c: ReturnType<typeof evaluate> }[]) {
  const rate = (a: number, b: number) => a / Math.max(1, b);
  const within = results.filter((r) => rate(r.c.other, r.c.otherOf) <= 0.01 && r.c.still === 0);
  if (within.length > 0) return within.reduce((a, b) => (rate(b.c.own, b.c.ownOf) > rate(a.c.own, a.c.ownOf) ? b : a));
  return results.reduce((a, b) => (rate(b.c.other, b.c.otherOf) < rate(a.c.other, a.c.otherOf) ? b : a));
}

if (import.meta.main) {
  const root = new URL('../..', import.meta.url).pathname;
  const all = (await loadPerformances(POPSIGN_DIR(root))).map(prepare);
  const base: Setting = { limits: { ...MOVEMENT_LIMITS }, scales: MOVEMENT_FEATURES.map((f) => f.scale), smooth: false, maxStep: MAX_KEY_STEP, errorCap: MOVEMENT_ERROR_CAP, frameLimit: MOVEMENT_FRAME_LIMIT, maxFilled: MAX_FILLED_POSES, keys: MOVEMENT_KEY_COUNT };
  const settings: [string, Partial<Setting>][] = JSON.parse(process.env.SETTINGS ?? 'null') ?? [['base', {}]];
  const speeds: number[] = JSON.parse(process.env.SPEEDS ?? '[1]');
  if (process.argv.includes('--end-pose-ceiling')) {
    const c = endPoseCeiling(all, base);
    console.log(`own-sign pairs ${c.pairs}: some frame nearest the end key pose ${pct(c.nearestEnd, c.pairs)}; the performer's offset taken out ${pct(c.nearestEndOffset, c.pairs)}; offset taken out, some frame nearer the end key pose than the first ${pct(c.nearerEndThanStart, c.pairs)}`);
  } else if (process.argv.includes('--nested')) {
    // Nested cross-validation by signer: for each signer, the setting is chosen on the other nine
    // (their references, their performances), then that signer is judged against the others' references.
    const signers = [...new Set(all.map((x) => x.p.signer))];
    const total = { own: 0, ownOf: 0, other: 0, otherOf: 0, still: 0, stillOf: 0 };
    for (const signer of signers) {
      const inner = settings.map(([name, partial]) => ({ name, c: evaluate(all, settingOf(base, partial), speeds, undefined, signer) }));
      const chosen = choose(inner);
      const c = evaluate(all, settingOf(base, settings.find(([n]) => n === chosen.name)![1]), speeds, signer);
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
      console.log(`held out ${signer}: chose ${chosen.name} (inner own ${pct(chosen.c.own, chosen.c.ownOf)} other ${pct(chosen.c.other, chosen.c.otherOf)}); held out own ${pct(c.own, c.ownOf)} other ${pct(c.other, c.otherOf)} still ${pct(c.still, c.stillOf)}`);
    }
    console.log(`nested: own ${pct(total.own, total.ownOf)} other ${pct(total.other, total.otherOf)} still ${pct(total.still, total.stillOf)}`);
  } else {
    for (const [name, partial] of settings) {
      const t0 = Date.now();
      const c = evaluate(all, settingOf(base, partial), speeds);
      console.log(`${name}: own ${pct(c.own, c.ownOf)} other ${pct(c.other, c.otherOf)} still ${pct(c.still, c.stillOf)} refs ${c.refs}; own by speed, completed at (median share of the performance): ${perSpeed(c)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }
}
