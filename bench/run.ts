// The bench: `npm run bench` (full, under 15 minutes on 2 cores) or `npm run bench -- --quick`
// (under 2 minutes; CI). One process tree, one sitting, the stages of bench/run/stages.ts in
// their order (bench.md's sections carry the same numbers):
//   1. the engine hot path on landmark fixtures (bench/engine/hot_path.ts);
//   2. our tracker on each clip in Node (WASM) and in headless Chromium (WASM SIMD, WASM SIMD +
//      threads under COOP/COEP, WebGPU when a hardware adapter exists), the landmark models alone
//      on TF.js and LiteRT.js in Chromium (bench/pages/models.ts), and the peers on the same frames
//      in the same browser: @vladmandic/human (WASM) and MediaPipe's own solutions (WebGL graphs;
//      SwiftShader on a machine without a GPU);
//   3. the whole practice loop in the browser (tracker -> angles -> match -> state machine);
//   4. accuracy: our tracker's landmarks against MediaPipe Holistic's on the same pixels
//      (bench/accuracy/; full run, or `--only accuracy`);
//   5. a classroom on the embedded default (bench/backend/classroom.ts; full run only);
//   6. the built app on the production server: load and Lighthouse (bench/serve/run_serve.ts;
//      full runs and `--only serve`);
//   7. the time to the first skeleton on a fake camera, first and second visit
//      (bench/first-skeleton/; full run, or `--only first-skeleton`);
//   8. the landmark models alone in Node: TF.js and LiteRT.js, WebGPU on Dawn's null adapter
//      lever by lever (bench/runtimes/);
//   9. the practice loop's judges: acceptance (own letters, perturbed, wrong letters, non-signs)
//      and the time to complete a letter at 8, 15 and 30 judged frames per second
//      (bench/acceptance/; bench/acceptance.md and bench/practice-timing.md from a full run);
//  10. real signers: photographs of real people -> our tracker -> the default judge, beside
//      MediaPipe Hands (bench/signers/; `--only signers`, which writes bench/signers.md; with
//      `--video` also the tracker in video mode);
//  11. moving signs: real signers' HELLO and THANK YOU (data/popsign-hello-thankyou) through the
//      judge of moving signs, cross-validated by signer (bench/moving-signs/; `--only moving-signs`,
//      which writes bench/moving-signs.md; `--popsign DIR` judges another folder of PopSign signers).
// Writes bench.json, bench.md and bench.svg to bench/results/ (or --out DIR). See bench/README.md.
// `npm run bench -- --gpu-bundle DIR` builds the GPU bundle instead (bench/gpu-bundle/build_gpu_bundle.ts).
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from './lib/chromium.ts';
import { buildGpuBundleFromArgs, parseArgs, type BenchOptions } from './run/arguments.ts';
import type { BenchOutput, BenchResults } from './run/bench_output.ts';
import { openBrowserSession, type BrowserSession } from './run/browser_session.ts';
import { machineInfo, settingsFor } from './run/settings.ts';
import type { StageContext } from './run/stage.ts';
import { STAGES } from './run/stages.ts';
import { writeOutputs } from './run/write_outputs.ts';
import { loopRows } from './run/practice_loop_stage.ts';

export type { BenchOptions } from './run/arguments.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function runBench(options: BenchOptions): Promise<BenchOutput> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const mode = options.quick ? 'quick' : 'full';
  const s = settingsFor(options.quick);
  const wants = (name: string) => !options.only?.length || options.only.includes(name);
  loopRows(options.loopRows); // a row named wrong stops the run before it starts
  const machine = machineInfo(root);
  log(`bench: ${mode} run on ${machine.cpuModel} x ${machine.cores}, load ${(machine.loadAverageStart as number[]).join(' ')}`);

  // What a stage not run reports.
  const results: BenchResults = {
    clips: [],
    engineHotPath: { status: 'skipped', reason: 'not selected (--only)' },
    runs: [],
    ratios: [],
    practiceLoop: { status: 'skipped', reason: 'not selected (--only)' },
    classroom: { status: 'skipped', reason: options.quick ? 'full run only: npm run bench -- --only classroom' : 'not selected (--only)' },
    serve: { status: 'skipped', reason: options.quick ? 'not in the quick run (add --only serve)' : 'not selected (--only)' },
    accuracy: { status: 'skipped', reason: options.quick ? 'not in the quick run (--only accuracy runs it)' : 'not selected (--only)', settings: { clipFrames: 0, fps: 30 }, items: [] },
    firstSkeleton: { status: 'skipped', reason: options.quick ? 'not in the quick run (add --only first-skeleton)' : 'not selected (--only)' },
  };
  // The clips, for the tracker, the peers and the loop only.
  if (['tracker', 'human', 'mediapipe', 'loop'].some(wants)) {
    const { makeClips } = await import('./clips/make-clips.mjs');
    results.clips = makeClips({ log });
  }

  let session: BrowserSession | undefined;
  const ctx: StageContext = {
    root,
    options,
    settings: s,
    log,
    wants,
    browser: async () => (session ??= await openBrowserSession(root, log)),
    results,
  };
  const stages = STAGES.filter((stage) => stage.wanted(ctx));
  // The shared Chromium closes after the last stage that runs in it.
  const lastInBrowser = stages.reduce((last, stage, i) => (stage.inBrowser ? i : last), -1);
  let chromiumVersion = 'not started';
  try {
    for (const [i, stage] of stages.entries()) {
      await stage.run(ctx);
      if (i === lastInBrowser && session) {
        chromiumVersion = session.version;
        await session.close();
        session = undefined;
      }
    }
  } finally {
    await session?.close();
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
    clips: results.clips,
    engineHotPath: results.engineHotPath,
    runs: results.runs,
    ratios: results.ratios,
    practiceLoop: results.practiceLoop,
    classroom: results.classroom,
    serve: results.serve,
    accuracy: results.accuracy,
    runtimes: results.runtimes,
    acceptance: results.acceptance,
    signers: results.signers,
    movingSigns: results.movingSigns,
    firstSkeleton: results.firstSkeleton,
  };
  writeOutputs(output, options.outDir);
  log(`bench: wrote ${join(options.outDir, 'bench.json')}, bench.md and bench.svg in ${output.durationS} s`);
  return output;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  (argv.includes('--gpu-bundle') ? buildGpuBundleFromArgs(argv) : runBench(parseArgs(argv, root))).then(
    () => process.exit(0),
    (error: unknown) => {
      // A missing program is the machine's, not the bench's, fault: its message says what to do.
      console.error(error instanceof Error && error.name === 'MissingProgramError' ? `bench: ${error.message}` : error);
      process.exit(1);
    },
  );
}
