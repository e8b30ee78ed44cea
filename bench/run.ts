// The bench: `npm run bench` (full, under 15 minutes on 2 cores) or `npm run bench -- --quick`
// (under 2 minutes; CI). One process tree, one sitting:
//   1. the engine hot path on landmark fixtures (bench/engine/hot_path.ts);
//   2. our tracker on each clip in Node (WASM) and in headless Chromium (WASM SIMD, WASM SIMD +
//      threads under COOP/COEP, WebGPU when a hardware adapter exists);
//   3. the peers on the same frames in the same browser: @vladmandic/human (WASM) and MediaPipe's
//      own solutions (WebGL graphs; SwiftShader on a machine without a GPU);
//   4. the whole practice loop in the browser (tracker -> angles -> match -> state machine);
//   5. the landmark models alone on TF.js (our graphs) and LiteRT.js (MediaPipe's .tflite files):
//      in Chromium on the clips' frames (bench/pages/models.ts) and in Node on photograph crops,
//      WebGPU on Dawn's null adapter lever by lever (bench/runtimes/);
//   6. a classroom on the embedded default (bench/backend/classroom.ts; full run only);
//   7. the built app on the production server: load and Lighthouse (bench/serve/run_serve.ts;
//      full runs and `--only serve`);
//   8. accuracy: our tracker's landmarks against MediaPipe Holistic's on the same pixels
//      (bench/accuracy/; full run, or `--only accuracy`);
//   9. the practice loop's judges: acceptance (own letters, perturbed, wrong letters, non-signs)
//      and the time to complete a letter at 8, 15 and 30 judged frames per second
//      (bench/acceptance/; bench/acceptance.md and bench/practice-timing.md from a full run);
//  10. real signers: photographs of real people -> our tracker -> the default judge, beside
//      MediaPipe Hands (bench/signers/; `--only signers`, which writes bench/signers.md; with
//      `--video` also the tracker in video mode).
//  11. moving signs: real signers' HELLO and THANK YOU (data/popsign-hello-thankyou) through the
//      judge of moving signs, cross-validated by signer (bench/moving-signs/; `--only moving-signs`,
//      which writes bench/moving-signs.md; `--popsign DIR` judges another folder of PopSign signers).
//  12. the time to the first skeleton on a fake camera, first and second visit
//      (bench/first-skeleton/; full run, or `--only first-skeleton`).
// Writes bench.json, bench.md and bench.svg to bench/results/ (or --out DIR). See bench/README.md.
// `npm run bench -- --gpu-bundle DIR` builds the GPU bundle instead (bench/gpu-bundle/build_gpu_bundle.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { runAccuracyStage, type AccuracyOutput } from './accuracy/run_accuracy.ts';
import { runPage } from './lib/browser-run.ts';
import { CHROMIUM_ARGS, launchChromium } from './lib/chromium.ts';
import { runNodeTracker } from './lib/node-tracker.ts';
import { runRuntimes, type RuntimesOptions } from './runtimes/run_runtimes.ts';
import { acceptanceMarkdown, runAcceptance, timingMarkdown } from './acceptance/run_acceptance.ts';
import { runSigners } from './signers/run_signers.ts';
import { signersMarkdown, signersTotals } from './signers/signers_markdown.ts';
import { runMovingSigns } from './moving-signs/run_moving_signs.ts';
import { movingSignsMarkdown, movingSignsTotals } from './moving-signs/moving_signs_markdown.ts';
import { buildPages } from './lib/pages.ts';
import { computeRatios, summarizeRuns, toMarkdown, toSvg, type BenchOutput, type RunSummary } from './lib/report.ts';
import { startStaticServer } from './lib/server.ts';
import { runServeBench } from './serve/run_serve.ts';
import { runFirstSkeleton } from './first-skeleton/run_first_skeleton.ts';
import { summarize } from './lib/stats.ts';
import { failedRun, type PageRunConfig, type RawRunResult } from './lib/types.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchOptions {
  quick: boolean;
  outDir: string;
  /** Limit to some subjects (engine, tracker, human, mediapipe, models, loop, runtimes, classroom, serve, accuracy, acceptance, first-skeleton, signers, moving-signs); all when empty (signers and moving-signs only when named). */
  only?: string[];
  /** Signers: run MediaPipe Hands on the photographs again and rewrite its stored output. */
  rerunMediaPipe?: boolean;
  /** Signers (--video): also our tracker in video mode, a row beside still mode's (minutes from nothing, then cached). */
  signersVideo?: boolean;
  /** Signers (--video-without-body): also video mode with hands looked for without a body (close-up recordings' setting). */
  signersVideoWithoutBody?: boolean;
  /** Moving signs: a folder of PopSign signer files to judge instead of data/popsign-hello-thankyou. */
  popsign?: string;
  /** Accuracy: reuse MediaPipe's landmarks from this earlier output folder (see bench/accuracy/run_accuracy.ts). */
  referenceFrom?: string;
  /** The WebGPU adapter of the Node runtimes rows: Dawn's null adapter (default) or the machine's GPU. */
  adapter?: RuntimesOptions['adapter'];
  log?: (line: string) => void;
}

/** How much each mode runs. */
function settingsFor(quick: boolean) {
  return quick
    ? {
        clips: ['messi-zoom'],
        frames: 4,
        loads: 1,
        passes: 1,
        mediapipe: { frames: 1, runs: [{ solution: 'pose', clips: ['messi-zoom'] }] },
        loop: { clip: 'desk-upper', referenceFrames: 12, loopFrames: 60 },
        // Not in the quick run (MediaPipe's reference takes minutes on SwiftShader) unless asked
        // for with --only accuracy.
        accuracy: { clipFrames: 5, inDefaultRun: false },
        pageTimeoutMs: 120_000,
      }
    : {
        clips: ['messi-zoom', 'hand-pan', 'vtest-walk'],
        frames: 20,
        loads: 3,
        passes: 1,
        // SwiftShader's warm-up alone takes 30-50 s a load: few frames, holistic on one clip.
        mediapipe: {
          frames: 3,
          runs: [
            { solution: 'pose-hands', clips: ['messi-zoom', 'hand-pan', 'vtest-walk'] },
            { solution: 'holistic', clips: ['messi-zoom'] },
          ],
        },
        loop: { clip: 'desk-upper', referenceFrames: 30, loopFrames: 150 },
        // Video mode on the first second of each clip: MediaPipe takes seconds a frame on SwiftShader.
        accuracy: { clipFrames: 30, inDefaultRun: true },
        pageTimeoutMs: 300_000,
      };
}

function machineInfo(): Record<string, unknown> {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    /* not a git checkout */
  }
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    loadAverageStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
    commit,
    ci: Boolean(process.env.CI),
  };
}

type Loader = () => Promise<RawRunResult>;

export async function runBench(options: BenchOptions): Promise<BenchOutput> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const mode = options.quick ? 'quick' : 'full';
  const s = settingsFor(options.quick);
  const wants = (name: string) => !options.only?.length || options.only.includes(name);
  const machine = machineInfo();
  log(`bench: ${mode} run on ${machine.cpuModel} x ${machine.cores}, load ${(machine.loadAverageStart as number[]).join(' ')}`);

  // 1. Engine hot path.
  let engineHotPath: BenchOutput['engineHotPath'] = { status: 'skipped', reason: 'not selected (--only)' };
  if (wants('engine')) engineHotPath = await runEngineStage(options.quick, log);

  // Clips (for the tracker, the peers and the loop only).
  const { makeClips } = await import('./clips/make-clips.mjs');
  const clips = ['tracker', 'human', 'mediapipe', 'loop'].some(wants) ? makeClips({ log }) : [];

  const runs: RunSummary[] = [];
  const add = async (
    base: Omit<RunSummary, 'status' | 'backend' | 'loads' | 'firstFrame' | 'steady' | 'detections' | 'reason' | 'notes'>,
    loaders: Loader[],
  ) => {
    const raws: RawRunResult[] = [];
    for (const load of loaders) {
      const raw = await load();
      raws.push(raw);
      if (raw.status === 'unavailable') break; // the same answer every time
    }
    const summary = summarizeRuns(base, raws);
    runs.push(summary);
    const ms = summary.steady ? `${summary.steady.msPerFrame.median.toFixed(1)} ms/frame, first frame ${summary.firstFrame!.firstFrameMs.median.toFixed(0)} ms` : `${summary.status}: ${summary.reason ?? ''}`;
    log(`bench:   ${base.label} ${base.runtime} ${base.clip}: ${ms}`);
  };

  // 2a. Our tracker in Node.
  if (wants('tracker')) {
    log('bench: tracker in Node (WASM)');
    for (const clip of s.clips) {
      const config: PageRunConfig = { clip, frames: s.frames, repeats: s.passes, base: '', variant: 'node-wasm' };
      await add(
        { id: `tracker/node-wasm/${clip}`, subject: 'tracker', label: 'our tracker', runtime: 'node-wasm', clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
        Array.from({ length: s.loads }, () => () => runNodeTracker(root, config).catch((e: Error) => failed(e))),
      );
    }
  }

  // 2b-4. The browser.
  let chromiumVersion = 'not started';
  let practiceLoop: BenchOutput['practiceLoop'] = { status: 'skipped', reason: 'not selected (--only)' };
  let accuracy: AccuracyOutput = { status: 'skipped', reason: options.quick ? 'not in the quick run (--only accuracy runs it)' : 'not selected (--only)', settings: { clipFrames: 0, fps: 30 }, items: [] };
  const accuracyWanted = options.only?.includes('accuracy') || (s.accuracy.inDefaultRun && wants('accuracy'));
  const browserWanted = ['tracker', 'human', 'mediapipe', 'models', 'loop'].some(wants) || accuracyWanted;
  if (browserWanted) {
    const pagesDir = await buildPages(root, log);
    const server = await startStaticServer({
      '/pages/': pagesDir,
      '/clips/': join(root, '.cache', 'clips'),
      // One copy of the model files for everyone: the same BlazePose files for us and for human.
      '/models/': join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
      '/human-models/': join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
      '/tfjs-wasm/': join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'),
      '/mediapipe/': join(root, 'node_modules', '@mediapipe'),
      // The accuracy stills (data/photographs).
      '/repo/data/': join(root, 'data'),
      '/litert-wasm/': join(root, 'node_modules', '@litertjs', 'core', 'wasm'),
    });
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      chromiumVersion = browser.version();
      log(`bench: Chromium ${chromiumVersion} at ${server.url}`);
      const page = (name: string, config: PageRunConfig) => () => runPage(browser!, server.url, name, config, s.pageTimeoutMs, log);
      const variants = [
        { variant: 'wasm-simd', base: '', runtime: 'chromium-wasm-simd' },
        { variant: 'wasm-simd-threads', base: '/coi', runtime: 'chromium-wasm-simd-threads' },
        { variant: 'webgpu', base: '/coi', runtime: 'chromium-webgpu' },
      ];
      for (const clip of s.clips) {
        // Ours and human's alternate, load by load, so that a busy spell on the machine lands on both.
        const jobs: Array<{ base: Parameters<typeof add>[0]; loaders: Loader[] }> = [];
        for (const v of variants) {
          const config: PageRunConfig = { clip, frames: s.frames, repeats: s.passes, base: v.base, variant: v.variant };
          if (wants('tracker')) {
            jobs.push({
              base: { id: `tracker/${v.runtime}/${clip}`, subject: 'tracker', label: 'our tracker', runtime: v.runtime, clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
              loaders: Array.from({ length: s.loads }, () => page('tracker', config)),
            });
            // The lite models (blazepose-lite, handlandmark-lite): the issue's 15 fps target.
            if (v.variant !== 'webgpu') {
              const lite: PageRunConfig = { ...config, options: { models: 'lite' } };
              jobs.push({
                base: { id: `tracker-lite/${v.runtime}/${clip}`, subject: 'tracker-lite', label: 'our tracker, lite models', runtime: v.runtime, clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
                loaders: Array.from({ length: s.loads }, () => page('tracker', lite)),
              });
            }
          }
          // The quick run (CI) times the models pages on one variant only.
          if (wants('models') && (!options.quick || v.variant === 'wasm-simd')) {
            for (const runtime of ['tfjs', 'litert'] as const) {
              const label = runtime === 'tfjs' ? 'TF.js, our graphs (models only)' : 'LiteRT.js, MediaPipe .tflite (models only)';
              jobs.push({
                base: { id: `models-${runtime}/${v.runtime}/${clip}`, subject: `models-${runtime}`, label, runtime: v.runtime, clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
                loaders: Array.from({ length: s.loads }, () => page('models', { ...config, options: { runtime } })),
              });
            }
          }
          if (wants('human') && v.variant !== 'webgpu') {
            jobs.push({
              base: { id: `human/${v.runtime}/${clip}`, subject: 'human', label: '@vladmandic/human', runtime: v.runtime, clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
              loaders: Array.from({ length: s.loads }, () => page('human', config)),
            });
          }
        }
        if (jobs.length > 0) log(`bench: browser, clip ${clip}`);
        await interleave(jobs, add);
        if (wants('mediapipe')) {
          for (const { solution } of s.mediapipe.runs.filter((r) => r.clips.includes(clip))) {
            const config: PageRunConfig = { clip, frames: s.mediapipe.frames, repeats: 1, base: '', variant: 'webgl', options: { solution } };
            const subject = `mediapipe-${solution}`;
            const label = { holistic: 'MediaPipe holistic', pose: 'MediaPipe pose', 'pose-hands': 'MediaPipe pose + hands' }[solution] ?? solution;
            // One load: SwiftShader's warm-up alone takes tens of seconds.
            const raw = await page('mediapipe', config)();
            const software = raw.backend.software !== false;
            const runtime = software ? 'chromium-webgl-swiftshader' : 'chromium-webgl-gpu';
            await add({ id: `${subject}/${runtime}/${clip}`, subject, label, runtime, clip, framesPerLoad: s.mediapipe.frames, passesPerLoad: 1 }, [async () => raw]);
          }
        }
      }
      if (wants('loop')) {
        log('bench: practice loop in the browser');
        practiceLoop = await runPracticeLoop(browser, server.url, s.loop, s.pageTimeoutMs, log);
      }
      if (accuracyWanted) {
        log('bench: accuracy against MediaPipe Holistic (its reference runs on SwiftShader: minutes)');
        accuracy = await runAccuracyStage({ root, browser, serverUrl: server.url, clipFrames: s.accuracy.clipFrames, pageTimeoutMs: 900_000, log, outDir: options.outDir, referenceFrom: options.referenceFrom }).catch(
          (error: Error): AccuracyOutput => ({ status: 'error', reason: String(error.stack ?? error), settings: { clipFrames: s.accuracy.clipFrames, fps: 30 }, items: [] }),
        );
      }
    } finally {
      await browser?.close().catch(() => undefined);
      await server.close();
    }
  }

  // 6. A classroom on the embedded default (about 2.5 minutes: the full run only).
  let classroom: BenchOutput['classroom'] = { status: 'skipped', reason: options.quick ? 'full run only: npm run bench -- --only classroom' : 'not selected (--only)' };
  if (wants('classroom') && !options.quick) classroom = await runClassroomStage(log);
  // 7. The built app on the production server. A quick run leaves it out unless asked for by name
  // (it builds the app and runs Lighthouse: a minute or more).
  let serve: BenchOutput['serve'] = { status: 'skipped', reason: options.quick ? 'not in the quick run (add --only serve)' : 'not selected (--only)' };
  if (options.only?.includes('serve') || (!options.quick && wants('serve'))) {
    log('bench: the built app on the production server');
    serve = await runServeBench({ quick: options.quick, log });
  }
  // 10. Time to the first skeleton, first and second visit (about 1 minute a load on a busy
  // machine): full runs and `--only first-skeleton`.
  let firstSkeleton: BenchOutput['firstSkeleton'] = { status: 'skipped', reason: options.quick ? 'not in the quick run (add --only first-skeleton)' : 'not selected (--only)' };
  if (options.only?.includes('first-skeleton') || (!options.quick && wants('first-skeleton'))) {
    log('bench: time to the first skeleton (fake camera; first and second visit)');
    try {
      firstSkeleton = { status: 'ok', rows: await runFirstSkeleton({ root, loads: options.quick ? 1 : 3, log }) };
    } catch (error) {
      firstSkeleton = { status: 'error', reason: String((error as Error).stack ?? error) };
      log(`bench: first skeleton failed: ${(error as Error).message}`);
    }
  }
  // 5. The runtimes in Node (WebGPU on Dawn, WASM), one process per configuration (section 5 of the report).
  let runtimes: BenchOutput['runtimes'];
  if (wants('runtimes')) {
    log('bench: TF.js and LiteRT.js runtimes in Node');
    try {
      // The quick run keeps the rows that show the target: TF.js before and now, LiteRT.js.
      const only = options.quick ? ['tfjs-webgpu-batched', 'tfjs-webgpu-replay', 'litert-webgpu'] : undefined;
      runtimes = await runRuntimes({ quick: options.quick, adapter: options.adapter ?? 'null', only, log: (line) => log(`bench:   ${line}`) });
    } catch (error) {
      log(`bench: runtimes failed: ${(error as Error).message}`);
    }
  }

  // 9. The practice loop's judges (about 40 s; the quick run a subset). A full run rewrites the
  // committed tables bench/acceptance.md and bench/practice-timing.md.
  let acceptance: BenchOutput['acceptance'];
  if (wants('acceptance')) {
    log('bench: the practice loop\'s judges (acceptance and timing)');
    acceptance = await runAcceptance({ quick: options.quick, log: (line) => log(`bench:   ${line}`) });
    const tables = options.quick ? options.outDir : join(root, 'bench');
    mkdirSync(tables, { recursive: true });
    writeFileSync(join(tables, 'acceptance.md'), acceptanceMarkdown(acceptance));
    writeFileSync(join(tables, 'practice-timing.md'), timingMarkdown(acceptance));
  }

  // 10. Real signers (tracking 170 photographs, the committed judge on them, then every photograph
  // judged by a judge learned without it: eleven folds, a minute or three each): only when named.
  // Writes the committed bench/signers.md (a quick run: into the output folder, without the
  // cross-validation, whose learning reads our tracker's landmarks from bench/results/signers, not
  // a quick run's folder).
  let signers: BenchOutput['signers'];
  if (options.only?.includes('signers')) {
    log('bench: real signers (photographs of real people -> our tracker -> the default judge)');
    try {
      const result = await runSigners({ root, outDir: options.outDir, log: (line) => log(`bench:   ${line}`), rerunMediaPipe: options.rerunMediaPipe, video: options.signersVideo, videoWithoutBody: options.signersVideoWithoutBody, acceptance, crossValidate: !options.quick });
      const tables = options.quick ? options.outDir : join(root, 'bench');
      mkdirSync(tables, { recursive: true });
      writeFileSync(join(tables, 'signers.md'), signersMarkdown(result));
      signers = { status: 'ok', table: signersTotals(result) };
      log(`bench: wrote ${join(tables, 'signers.md')}`);
    } catch (error) {
      log(`bench: signers failed: ${(error as Error).message}`);
      signers = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  }

  // 11. Moving signs (about a minute): only when named. Writes the committed bench/moving-signs.md
  // (a quick run, or another folder of signers: into the output folder).
  let movingSigns: BenchOutput['movingSigns'];
  if (options.only?.includes('moving-signs')) {
    log('bench: moving signs (real signers\' HELLO and THANK YOU -> the judge of moving signs, cross-validated by signer)');
    try {
      const result = await runMovingSigns({ root, folder: options.popsign, log: (line) => log(`bench:   ${line}`) });
      const tables = options.quick || options.popsign ? options.outDir : join(root, 'bench');
      mkdirSync(tables, { recursive: true });
      const command = `npm run bench -- --only moving-signs${options.popsign ? ` --popsign ${options.popsign}` : ''}`;
      writeFileSync(join(tables, 'moving-signs.md'), movingSignsMarkdown(result, { command, date: new Date().toISOString().slice(0, 10) }));
      movingSigns = { status: 'ok', totals: movingSignsTotals(result) };
      log(`bench: wrote ${join(tables, 'moving-signs.md')}`);
    } catch (error) {
      log(`bench: moving signs failed: ${(error as Error).message}`);
      movingSigns = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  }

  machine.chromium = chromiumVersion;
  machine.chromiumFlags = CHROMIUM_ARGS;
  machine.loadAverageEnd = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const output: BenchOutput = {
    schema: 'signlearn-bench/1',
    mode,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - started) / 100) / 10,
    machine,
    settings: { ...s, pageTimeoutMs: undefined, note: 'frames: frames of each clip per load; loads: page loads (or Node runs) pooled per row; passes: timed passes over the frames per load' },
    clips,
    engineHotPath,
    runs,
    ratios: computeRatios(runs),
    practiceLoop,
    classroom,
    serve,
    accuracy,
    runtimes,
    acceptance,
    signers,
    movingSigns,
    firstSkeleton,
  };
  writeOutputs(output, options.outDir);
  log(`bench: wrote ${join(options.outDir, 'bench.json')}, bench.md and bench.svg in ${output.durationS} s`);
  return output;
}

export function writeOutputs(output: BenchOutput, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'bench.json'), JSON.stringify(output, null, 2) + '\n');
  writeFileSync(join(outDir, 'bench.md'), toMarkdown(output));
  writeFileSync(join(outDir, 'bench.svg'), toSvg(output));
}

/** Runs the jobs' loads round-robin (load 1 of each, then load 2 of each...). */
async function interleave(
  jobs: Array<{ base: Parameters<RunBenchAdd>[0]; loaders: Loader[] }>,
  add: RunBenchAdd,
): Promise<void> {
  const results = jobs.map(() => [] as RawRunResult[]);
  const rounds = Math.max(0, ...jobs.map((j) => j.loaders.length));
  for (let round = 0; round < rounds; round++) {
    for (let j = 0; j < jobs.length; j++) {
      const load = jobs[j]!.loaders[round];
      if (!load) continue;
      if (round > 0 && results[j]![0]?.status === 'unavailable') continue;
      results[j]!.push(await load());
    }
  }
  for (let j = 0; j < jobs.length; j++) {
    await add(jobs[j]!.base, results[j]!.map((r) => async () => r));
  }
}
type RunBenchAdd = (base: Omit<RunSummary, 'status' | 'backend' | 'loads' | 'firstFrame' | 'steady' | 'detections' | 'reason' | 'notes'>, loaders: Loader[]) => Promise<void>;

function failed(e: Error): RawRunResult {
  return failedRun('error', String(e.stack ?? e.message));
}

async function runEngineStage(quick: boolean, log: (line: string) => void): Promise<BenchOutput['engineHotPath']> {
  // The lead's hot-path bench (bench/engine/hot_path.ts; bench/engine-hot-path.ts also accepted).
  const candidates = [join(root, 'bench', 'engine', 'hot_path.ts'), join(root, 'bench', 'engine-hot-path.ts')];
  const path = candidates.find((p) => existsSync(p));
  if (!path) return { status: 'pending', reason: 'the engine hot-path benchmark (bench/engine/hot_path.ts) is not written yet' };
  log('bench: engine hot path');
  try {
    const mod = (await import(path)) as {
      runEngineHotPathBench: (o: { quick: boolean }) => Promise<unknown>;
      formatEngineHotPath?: (r: unknown) => string;
    };
    const result = await mod.runEngineHotPathBench({ quick });
    const table = mod.formatEngineHotPath?.(result);
    if (table) log(table.split('\n').map((l) => `bench:   ${l}`).join('\n'));
    return { status: 'ok', result, table };
  } catch (error) {
    log(`bench: engine hot path failed: ${(error as Error).message}`);
    return { status: 'error', reason: String((error as Error).stack ?? error) };
  }
}

async function runClassroomStage(log: (line: string) => void): Promise<BenchOutput['classroom']> {
  log('bench: classroom on the embedded default (30 learners, 60 s, then SIGKILL and restart)');
  try {
    const { runClassroomBench, formatClassroom } = await import('./backend/classroom.ts');
    const result = await runClassroomBench(undefined, log);
    return { status: 'ok', result, table: formatClassroom(result) };
  } catch (error) {
    log(`bench: classroom failed: ${(error as Error).message}`);
    return { status: 'error', reason: String((error as Error).stack ?? error) };
  }
}

interface LoopSettings {
  clip: string;
  referenceFrames: number;
  loopFrames: number;
}

/** The practice loop's rows: each model pair at 1 and 2 WASM threads, every part on every frame and on the held letter's schedule. */
const LOOP_ROWS = (['full', 'lite'] as const).flatMap((model) =>
  [1, 2].flatMap((wasmThreads) => [false, true].map((schedule) => ({ poseModel: model, handModel: model, wasmThreads, schedule }))),
);

async function runPracticeLoop(
  browser: Browser,
  serverUrl: string,
  loop: LoopSettings,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BenchOutput['practiceLoop']> {
  const rows: Record<string, unknown>[] = [];
  for (const row of LOOP_ROWS) {
    const raw = (await runPage(
      browser,
      serverUrl,
      'loop',
      { clip: loop.clip, frames: 90, repeats: 1, base: '/coi', variant: 'wasm-simd-threads', options: { ...loop, ...row } },
      timeoutMs,
      log,
    )) as RawRunResult & { loop?: Record<string, unknown> & { latencyMs: number[]; progressLatencyMs: number[]; stagesMs: Record<string, number[]> } };
    const label = `${row.poseModel}/${row.handModel}, ${row.wasmThreads} thread${row.wasmThreads > 1 ? 's' : ''}, schedule ${row.schedule ? 'on' : 'off'}`;
    if (raw.status !== 'ok' || !raw.loop) {
      log(`bench:   practice loop ${label}: ${raw.status} ${raw.reason?.split('\n')[0] ?? ''}`);
      rows.push({ status: raw.status === 'ok' ? 'error' : raw.status, reason: raw.reason?.split('\n')[0] ?? 'no loop result', ...row });
      continue;
    }
    const l = raw.loop;
    const result = {
      status: 'ok',
      runtime: 'chromium-wasm-simd-threads',
      clip: loop.clip,
      backend: raw.backend,
      ...Object.fromEntries(Object.entries(l).filter(([k]) => !['latencyMs', 'progressLatencyMs', 'stagesMs'].includes(k))),
      latencyMs: summarize(l.latencyMs),
      progressLatencyMs: summarize(l.progressLatencyMs),
      stagesMs: Object.fromEntries(Object.entries(l.stagesMs).map(([k, v]) => [k, summarize(v)])),
      firstFrameMs: raw.firstFrameMs,
    };
    log(
      `bench:   practice loop ${label}: ${l.processed} of ${l.cameraFrames} camera frames tracked (${(100 - (l.droppedPercent as number)).toFixed(0)}%), ${l.dropped} dropped, ` +
        `${l.loopFps} decisions/s, capture -> decision ${result.latencyMs.median.toFixed(0)} ms median, ${result.latencyMs.p90.toFixed(0)} ms p90, hand in ${l.framesWithHand} frames`,
    );
    rows.push(result);
  }
  return { status: rows.some((r) => r.status === 'ok') ? 'ok' : 'error', rows };
}

function parseArgs(argv: string[]): BenchOptions {
  const quick = argv.includes('--quick');
  const outIndex = argv.indexOf('--out');
  const onlyIndex = argv.indexOf('--only');
  const referenceIndex = argv.indexOf('--reference-from');
  const adapterIndex = argv.indexOf('--adapter');
  const popsignIndex = argv.indexOf('--popsign');
  return {
    rerunMediaPipe: argv.includes('--rerun-mediapipe'),
    signersVideo: argv.includes('--video'),
    signersVideoWithoutBody: argv.includes('--video-without-body'),
    adapter: adapterIndex >= 0 ? (argv[adapterIndex + 1] as RuntimesOptions['adapter']) : undefined,
    quick,
    // A quick run does not overwrite the last full run's results.
    outDir: resolve(outIndex >= 0 ? argv[outIndex + 1]! : join(root, 'bench', 'results', ...(quick ? ['quick'] : []))),
    only: onlyIndex >= 0 ? argv[onlyIndex + 1]!.split(',') : [],
    referenceFrom: referenceIndex >= 0 ? resolve(argv[referenceIndex + 1]!) : undefined,
    popsign: popsignIndex >= 0 ? resolve(argv[popsignIndex + 1]!) : undefined,
  };
}

/** `--gpu-bundle DIR`: builds the GPU bundle (bench/gpu-bundle/) instead of running the bench. */
async function buildGpuBundleFromArgs(argv: string[]): Promise<void> {
  const { buildGpuBundle } = await import('./gpu-bundle/build_gpu_bundle.ts');
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const rows = value('--gpu-bundle-rows') ?? 'all';
  if (rows !== 'tracker' && rows !== 'runtimes' && rows !== 'all') throw new Error(`--gpu-bundle-rows is tracker, runtimes or all, not ${rows}`);
  await buildGpuBundle({
    dir: resolve(value('--gpu-bundle')!),
    rows,
    compress: !argv.includes('--gpu-bundle-uncompressed'),
    vulkan: !argv.includes('--gpu-bundle-no-vulkan'),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  (argv.includes('--gpu-bundle') ? buildGpuBundleFromArgs(argv) : runBench(parseArgs(argv))).then(
    () => process.exit(0),
    (error: unknown) => {
      // A missing program is the machine's, not the bench's, fault: its message says what to do.
      console.error(error instanceof Error && error.name === 'MissingProgramError' ? `bench: ${error.message}` : error);
      process.exit(1);
    },
  );
}
