// The moving-signs stage (`npm run bench -- --only moving-signs`, bench/moving-signs.md): real
// people's HELLO and THANK YOU (data/popsign-hello-thankyou, PopSign ASL v1.0) through the judge of
// moving signs, cross-validated by signer. Each signer in turn makes the reference from one of
// their performances (choose_reference.ts: as a teacher would, checked on their own other takes);
// every other signer's performances of both signs are then judged against it through the practice
// loop, at their own speed, at half and at twice it, each within its own length plus 1 s. The
// reference's signer never judges their own reference. Also against each reference: each other
// signer's performance of the sign held still at its middle frame for 10 s (the right handshape,
// in the right place, not moving), and every file of data/non-signs, cycled for 10 s.
import os from 'node:os';
import type { LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { loadNonSigns, secondsToComplete } from '../acceptance/run_acceptance.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { MovementJudge } from '../../engine/src/movement/movement_judge.ts';
import { highestPalm, medianHighestPalm } from './highest_palm.ts';
import { chooseReference, completes, referenceOf, TAIL_SECONDS, type ChosenReference } from './choose_reference.ts';
import { cycled, loadPerformances, MIN_FRAMES, POPSIGN_DIR, throughCamera, type CameraPath, type Performance } from './performances.ts';

export const SPEEDS = [1, 0.5, 2] as const;
export const STILL_SECONDS = 10;
export const NON_SIGN_SECONDS = 10;

export interface Judgement {
  refSigner: string;
  refSign: string;
  signer: string;
  sign: string;
  sequence: string;
  speed: number;
  /** Seconds to complete (within `limit`), or null. */
  seconds: number | null;
  limit: number;
}

export interface MovingSignsResult {
  schema: 'signlearn-moving-signs/1';
  folder: string;
  signers: string[];
  signs: string[];
  speeds: number[];
  /** Per signer and sign: performances in the folder, those measured (MIN_FRAMES, a hand in half
   * the frames), and where the signer signs it: the median of the measured performances' highest
   * palm (highest_palm.ts; shoulder widths below the nose, null when none is measured). */
  performances: { signer: string; sign: string; total: number; measured: number; highestPalm: number | null }[];
  references: (Omit<ChosenReference, 'record' | 'compiled'> & { frames: number; seconds: number; keys: number })[];
  /** Each measured performance's highest palm (highest_palm.ts), by its sequence: where it is
   * signed, to set each judgement beside the height of its reference's take. */
  highestPalms: Record<string, number | null>;
  /** Signer and sign without a usable reference (no take made one). */
  noReference: { signer: string; sign: string }[];
  judgements: Judgement[];
  /** The performances not measured (shorter, or the hand found in under half their frames) but
   * with a hand in at least one frame, at their own speed: reported apart, not in the figures. */
  unmeasured: Judgement[];
  still: { refSigner: string; refSign: string; signer: string; sequence: string; seconds: number | null }[];
  nonSigns: { refSigner: string; refSign: string; file: string; seconds: number | null }[];
  /** The judge's own cost per camera frame (judgeCost). */
  judgeCost?: { frames: number; nsPerFrame: number; heapBytesPerFrame: number | null } | null;
  /** What the camera and tracker gave the judge (every frame, whole, when empty). */
  camera: CameraPath;
  /** The machine's load average (1 minute) when the stage started. */
  load?: number;
  durationS: number;
}

export interface MovingSignsOptions {
  root: string;
  /** A folder of PopSign signer files (either format); data/popsign-hello-thankyou by default. */
  folder?: string;
  /** Only these signers (a slice, for tests). */
  signers?: readonly string[];
  /** At most this many measured performances per signer and sign are judged (a slice). */
  perSignerAndSign?: number;
  speeds?: readonly number[];
  nonSigns?: boolean;
  /** What the learner's camera and tracker give the judge (performances.ts): every frame, whole, by default. */
  camera?: CameraPath;
  log?: (line: string) => void;
}

function middleHandFrame(performance: Performance): LandmarkFrame {
  const withHand = performance.frames.filter((f) => f.present[Part.leftHand] === 1 || f.present[Part.rightHand] === 1);
  return withHand[Math.floor(withHand.length / 2)]!;
}

export async function runMovingSigns(options: MovingSignsOptions): Promise<MovingSignsResult> {
  const log = options.log ?? console.log;
  const started = Date.now();
  const folder = options.folder ?? POPSIGN_DIR(options.root);
  const all = await loadPerformances(folder);
  const signers = [...new Set(all.map((p) => p.signer))].filter((s) => !options.signers || options.signers.includes(s)).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const signs = [...new Set(all.map((p) => p.sign))].sort();
  const speeds = [...(options.speeds ?? SPEEDS)];
  // The slice: the first measured performances of each signer and sign, in the file's order.
  const performances = all.filter((p) => signers.includes(p.signer));
  const judged = new Set<Performance>();
  for (const signer of signers) {
    for (const sign of signs) {
      const measured = performances.filter((p) => p.signer === signer && p.sign === sign && p.eligible);
      for (const p of measured.slice(0, options.perSignerAndSign ?? measured.length)) judged.add(p);
    }
  }
  const inSlice = performances.filter((p) => !p.eligible || judged.has(p));
  const highestOf = new Map([...judged].map((p) => [p, highestPalm(p)]));
  const rounded = (value: number | null, places: number) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);
  const result: MovingSignsResult = {
    schema: 'signlearn-moving-signs/1',
    folder,
    signers,
    signs,
    speeds,
    performances: signers.flatMap((signer) =>
      signs.map((sign) => {
        const of = performances.filter((p) => p.signer === signer && p.sign === sign);
        const measured = of.filter((p) => judged.has(p));
        return { signer, sign, total: of.length, measured: measured.length, highestPalm: rounded(medianHighestPalm(measured.map((p) => highestOf.get(p)!)), 2) };
      }),
    ),
    references: [],
    highestPalms: Object.fromEntries([...highestOf].map(([p, highest]) => [p.sequence, rounded(highest, 3)])),
    noReference: [],
    camera: options.camera ?? {},
    load: Math.round(os.loadavg()[0]! * 100) / 100,
    judgements: [],
    unmeasured: [],
    still: [],
    nonSigns: [],
    durationS: 0,
  };
  const nonSigns = options.nonSigns === false ? [] : loadNonSigns();
  const camera = options.camera ?? {};
  for (const refSigner of signers) {
    // The signer's references of every sign, as a teacher's curriculum would hold them: judged
    // against one, the others are the lesson's other moving signs (the practice loop's rivals).
    const chosenBySign = new Map(signs.map((sign) => [sign, chooseReference(refSigner, sign, inSlice, camera)]));
    for (const refSign of signs) {
      const chosen = chosenBySign.get(refSign)!;
      const rivals = signs.filter((sign) => sign !== refSign).flatMap((sign) => chosenBySign.get(sign)?.compiled.movement ?? []);
      if (chosen === null) {
        result.noReference.push({ signer: refSigner, sign: refSign });
        log(`moving-signs: ${refSigner} ${refSign}: no take makes a reference`);
        continue;
      }
      const { record, compiled, ...about } = chosen;
      const movement = record.movement!;
      result.references.push({ ...about, frames: inSlice.find((p) => p.sequence === chosen.sequence)!.frames.length, seconds: movement.seconds, keys: movement.keys.length });
      for (const p of judged) {
        if (p.signer === refSigner) continue;
        for (const speed of speeds) {
          const limit = Math.round((p.frames.length / RECORDING_FPS / speed + TAIL_SECONDS) * 1000) / 1000;
          result.judgements.push({ refSigner, refSign, signer: p.signer, sign: p.sign, sequence: p.sequence, speed, seconds: completes(compiled, p, speed, rivals, camera), limit });
        }
        if (p.sign === refSign) {
          const seconds = secondsToComplete(throughCamera(cycled([middleHandFrame(p)], STILL_SECONDS), camera), refSign, compiled, 'handshape', rivals);
          result.still.push({ refSigner, refSign, signer: p.signer, sequence: p.sequence, seconds });
        }
      }
      for (const p of performances) {
        if (p.signer === refSigner || p.eligible || p.handFrames === 0) continue;
        const limit = Math.round((p.frames.length / RECORDING_FPS + TAIL_SECONDS) * 1000) / 1000;
        result.unmeasured.push({ refSigner, refSign, signer: p.signer, sign: p.sign, sequence: p.sequence, speed: 1, seconds: completes(compiled, p, 1, rivals, camera), limit });
      }
      for (const { file, frames } of nonSigns) {
        result.nonSigns.push({ refSigner, refSign, file, seconds: secondsToComplete(throughCamera(cycled(frames, NON_SIGN_SECONDS), camera), refSign, compiled, 'handshape', rivals) });
      }
      const mine = result.judgements.filter((j) => j.refSigner === refSigner && j.refSign === refSign && j.speed === 1);
      const own = mine.filter((j) => j.sign === refSign);
      const other = mine.filter((j) => j.sign !== refSign);
      log(`moving-signs: ${refSigner} ${refSign} (take ${chosen.sequence}): own ${own.filter((j) => j.seconds !== null).length}/${own.length}, other ${other.filter((j) => j.seconds !== null).length}/${other.length} at 1x`);
    }
  }
  result.judgeCost = judgeCost(inSlice.filter((p) => p.eligible));
  result.durationS = Math.round((Date.now() - started) / 100) / 10;
  return result;
}

/**
 * What the judge costs per camera frame: the movement features of both hands, their alignments
 * and the verdict (MovementJudge.update and judge), over every measured performance's frames
 * against the first signer's HELLO reference with a THANK YOU followed alongside (the lesson's rival), CPU time and heap per frame (heap needs
 * --expose-gc, which `npm run bench` passes; otherwise null).
 */
function judgeCost(performances: readonly Performance[]): MovingSignsResult['judgeCost'] {
  // The first measured performance that builds a reference, and the first of the other sign: as in
  // a lesson of both signs, that one is followed alongside as the rival.
  const firstOf = (accept: (p: Performance) => boolean) => {
    for (const p of performances) {
      const movement = accept(p) ? chooseReferenceQuick(p) : null;
      if (movement) return { sign: p.sign, movement };
    }
    return null;
  };
  const reference = firstOf(() => true);
  if (!reference) return null;
  const rival = firstOf((p) => p.sign !== reference.sign);
  const judge = new MovementJudge();
  judge.setRivals(rival ? [rival.movement] : []);
  const report = createMatchReport();
  const frames = performances.flatMap((p) => p.frames);
  const run = () => {
    judge.reset();
    for (let i = 0; i < frames.length; i++) {
      frames[i]!.timestampMs = i * 33.3;
      judge.update(frames[i]!, reference.movement);
      judge.judge(reference.movement, report);
    }
  };
  // Twice before measuring: the first rounds compile the hot path (its code is heap too).
  run();
  run();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu = process.cpuUsage();
  const rounds = 5;
  for (let r = 0; r < rounds; r++) run();
  const used = process.cpuUsage(cpu);
  const heapAfter = process.memoryUsage().heapUsed;
  const count = frames.length * rounds;
  return { frames: count, nsPerFrame: Math.round(((used.user + used.system) * 1000) / count), heapBytesPerFrame: gc ? Math.max(0, Math.round(((heapAfter - heapBefore) / count) * 10) / 10) : null };
}

function chooseReferenceQuick(performance: Performance) {
  const built = referenceOf(performance);
  return 'problem' in built ? null : built.compiled.movement;
}

export { MIN_FRAMES };
