// Engine hot path: angles + match for one frame with a pose and two hands, against a
// straightforward object-based implementation of the same rules. Run alone with
// `node --expose-gc --import tsx bench/engine/hot_path.ts [--quick]`, or through `npm run bench`.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { computeAngleFrameInJs } from '../../engine/src/angles/compute_angle_frame_in_js.ts';
import { angleKernel } from '../../engine/src/angles/kernel/angle_kernel.ts';
import { createAngleFrame } from '../../engine/src/core/angle_frame.ts';
import { matchFrame } from '../../engine/src/match/match_frame.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildHotPathFrames, type HotPathFrames } from './hot_path_frames.ts';
import { objectAngles, objectMatch } from './object_baseline.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

export interface Spread { median: number; p10: number; p90: number; runs: number }
export interface HotPathFigures {
  /** Process CPU time per frame (user + system, all threads): robust to other processes taking the cores. */
  nsPerFrame: Spread;
  /** Wall-clock time per frame: what a learner's machine would see if nothing else ran. */
  wallNsPerFrame: Spread;
  framesPerSecond: number;
  bytesPerFrame: Spread | null;
  matchedFrames: number;
}
export interface EngineHotPathResult {
  input: string;
  /** The angle rule practice loop's step: angles (without the hands' orientation, which only precise
   * mode reads) + the angle rule's match. */
  engine: HotPathFigures;
  /** The same with the hands' orientation computed, as precise mode's angle step does. */
  engineWithOrientation: HotPathFigures;
  /** The angle rule loop's step with the angles on the JavaScript path (the kernel's fallback). */
  engineJavaScriptAngles: HotPathFigures;
  /** Whether computeAngleFrame used the WebAssembly angle kernel in this run. */
  angleKernel: boolean;
  baseline: HotPathFigures;
  /** baseline ns per frame / engine ns per frame (higher is better for the engine). */
  speedup: number;
  /** Heap bytes per frame that the measurement itself shows for a step doing nothing (its floor). */
  measurementFloorBytesPerFrame: Spread | null;
  targets: { nsPerFrameUnder: number; bytesPerFrame: number; speedupAtLeast: number };
}

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))]!;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), runs: values.length };
}

type Step = (index: number) => boolean;

function engineStep(frames: HotPathFrames, withOrientation: boolean): Step {
  const angles = createAngleFrame();
  const report = createMatchReport();
  const n = frames.landmarks.length;
  return (i) => {
    const k = i % n;
    computeAngleFrame(frames.landmarks[k]!, angles, withOrientation);
    return matchFrame(angles, frames.reference, k, report);
  };
}

/** engineStep with the JavaScript angle path; a function of its own, so that neither call site
 * sees both angle functions (V8 would then compile both steps for two callees). */
function engineStepJavaScriptAngles(frames: HotPathFrames): Step {
  const angles = createAngleFrame();
  const report = createMatchReport();
  const n = frames.landmarks.length;
  return (i) => {
    const k = i % n;
    computeAngleFrameInJs(frames.landmarks[k]!, angles, false);
    return matchFrame(angles, frames.reference, k, report);
  };
}

function baselineStep(frames: HotPathFrames): Step {
  const n = frames.objects.length;
  return (i) => {
    const k = i % n;
    return objectMatch(objectAngles(frames.objects[k]!), frames.objectReference[k]!);
  };
}

/**
 * CPU and wall ns per frame over `runs` timed runs of `iterations` frames each, after a warm-up.
 * These machines are shared (2 cores, other jobs running): CPU time leaves out the time this
 * process waited for a core, which wall time includes.
 */
function time(step: Step, iterations: number, runs: number): { cpu: number[]; wall: number[] } {
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += step(i) ? 1 : 0;
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < runs; r++) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) sink += step(i) ? 1 : 0;
    wall.push(Number(process.hrtime.bigint() - start) / iterations);
    const used = process.cpuUsage(cpuStart);
    cpu.push(((used.user + used.system) * 1000) / iterations);
  }
  if (sink < 0) console.log(sink); // keeps the loop's work observable
  return { cpu, wall };
}

/**
 * Heap bytes per frame: a full GC, then `chunk` frames (few enough that no scavenge runs inside),
 * then the growth of the used heap. Needs node --expose-gc; null without it.
 */
function allocation(step: Step, chunk: number, runs: number): number[] | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  // The first runs count the code V8 compiles for the loop itself (on-stack replacement, `step`
  // inlined into it) as heap growth: one round of runs whose figures are dropped, then the same
  // code again.
  allocationRuns(step, chunk, 8, gc);
  return allocationRuns(step, chunk, runs, gc);
}

function allocationRuns(step: Step, chunk: number, runs: number, gc: () => void): number[] {
  const results: number[] = [];
  for (let r = 0; r < runs; r++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < chunk; i++) step(i);
    results.push(Math.max(0, process.memoryUsage().heapUsed - before) / chunk);
  }
  return results;
}

function measure(step: Step, frames: HotPathFrames, quick: boolean): HotPathFigures {
  const timings = time(step, quick ? 20_000 : 200_000, quick ? 5 : 15);
  const ns = spread(timings.cpu);
  const bytes = allocation(step, 1000, quick ? 5 : 15);
  let matchedFrames = 0;
  for (let i = 0; i < frames.landmarks.length; i++) if (step(i)) matchedFrames++;
  return { nsPerFrame: ns, wallNsPerFrame: spread(timings.wall), framesPerSecond: Math.round(1e9 / ns.median), bytesPerFrame: bytes && spread(bytes), matchedFrames };
}

export async function runEngineHotPathBench(opts: { quick: boolean }): Promise<EngineHotPathResult> {
  const recordings = await loadAlphabetFolder(ALPHABET_DIR);
  const frames = buildHotPathFrames(recordings.get('B')!, recordings.get('Y')!, 300);
  const engine = measure(engineStep(frames, false), frames, opts.quick);
  const engineWithOrientation = measure(engineStep(frames, true), frames, opts.quick);
  const engineJavaScriptAngles = measure(engineStepJavaScriptAngles(frames), frames, opts.quick);
  const baseline = measure(baselineStep(frames), frames, opts.quick);
  if (engine.matchedFrames !== baseline.matchedFrames) {
    throw new Error(`engine and baseline disagree: ${engine.matchedFrames} vs ${baseline.matchedFrames} matched frames`);
  }
  const floor = allocation(() => false, 1000, opts.quick ? 5 : 15);
  return {
    input: frames.description,
    engine,
    engineWithOrientation,
    engineJavaScriptAngles,
    angleKernel: angleKernel() !== null,
    baseline,
    measurementFloorBytesPerFrame: floor && spread(floor),
    speedup: Math.round((baseline.nsPerFrame.median / engine.nsPerFrame.median) * 10) / 10,
    targets: { nsPerFrameUnder: 2000, bytesPerFrame: 0, speedupAtLeast: 10 },
  };
}

export function formatEngineHotPath(result: EngineHotPathResult): string {
  const row = (name: string, f: HotPathFigures) =>
    `| ${name} | ${f.nsPerFrame.median.toFixed(0)} (${f.nsPerFrame.p10.toFixed(0)}-${f.nsPerFrame.p90.toFixed(0)}) | ${f.wallNsPerFrame.median.toFixed(0)} | ${f.framesPerSecond.toLocaleString('en-US')} | ${f.bytesPerFrame ? `${f.bytesPerFrame.median.toFixed(1)} (${f.bytesPerFrame.p10.toFixed(1)}-${f.bytesPerFrame.p90.toFixed(1)})` : 'n/a (run with --expose-gc)'} | ${f.matchedFrames} |`;
  return [
    `Engine hot path (angles + match, pose + two hands; ${result.input})`,
    '',
    '| implementation | CPU ns/frame median (p10-p90) | wall ns/frame median | frames/s (CPU) | heap bytes/frame median (p10-p90) | frames matched |',
    '|---|---|---|---|---|---|',
    row(`engine, angle rule loop (angles: ${result.angleKernel ? 'WebAssembly kernel' : 'JavaScript, no kernel here'})`, result.engine),
    row('engine, hand orientation too (precise mode)', result.engineWithOrientation),
    row('engine, angle rule loop, angles on the JavaScript path', result.engineJavaScriptAngles),
    row('baseline (objects)', result.baseline),
    '',
    `Speed-up of the angle rule loop's step: ${result.speedup}x (target >= ${result.targets.speedupAtLeast}x); with the hands' orientation: ${(result.baseline.nsPerFrame.median / result.engineWithOrientation.nsPerFrame.median).toFixed(1)}x; JavaScript angles: ${(result.baseline.nsPerFrame.median / result.engineJavaScriptAngles.nsPerFrame.median).toFixed(1)}x. Target < ${result.targets.nsPerFrameUnder} ns/frame and ${result.targets.bytesPerFrame} bytes/frame.`,
    "The angle rule loop skips the hands' orientation (computeAngleFrame(..., false)), as the camera screen does under the angle rule: the angle rule never reads it, and the baseline, which implements the angle rule only, does not compute it.",
    `Measurement floor (a step that does nothing, measured the same way): ${result.measurementFloorBytesPerFrame ? result.measurementFloorBytesPerFrame.median.toFixed(1) : 'n/a'} heap bytes/frame.`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await runEngineHotPathBench({ quick: process.argv.includes('--quick') });
  console.log(formatEngineHotPath(result));
}
