// Our tracker and its peers, ms per frame on the same clips: our tracker in Node (WASM), then in
// headless Chromium (WASM SIMD, WASM SIMD + threads under COOP/COEP, WebGPU when a hardware
// adapter exists), full and lite models; the landmark models alone on TF.js (our graphs) and
// LiteRT.js (MediaPipe's .tflite files); @vladmandic/human (WASM) and MediaPipe's own solutions
// (WebGL graphs; SwiftShader on a machine without a GPU).
import { runPage } from '../lib/browser-run.ts';
import { runNodeTracker } from '../lib/node-tracker.ts';
import { computeRatios, runsMarkdown, summarizeRuns, type RunSummary } from '../lib/report.ts';
import { failedRun, type PageRunConfig, type RawRunResult } from '../lib/types.ts';
import type { BenchStage, StageContext } from './stage.ts';

type Loader = () => Promise<RawRunResult>;
type RunBase = Omit<RunSummary, 'status' | 'backend' | 'loads' | 'firstFrame' | 'steady' | 'detections' | 'reason' | 'notes'>;

/** Subjects measured in Chromium by this stage. */
const BROWSER_SUBJECTS = ['tracker', 'human', 'mediapipe', 'models'];

export const trackerStage: BenchStage = {
  title: 'Tracker and peers, ms per frame (steady state)',
  wanted: (ctx) => BROWSER_SUBJECTS.some(ctx.wants),
  inBrowser: true,
  run: runTrackerStage,
  report: (out) => runsMarkdown(out.runs, out.ratios),
};

async function runTrackerStage(ctx: StageContext): Promise<void> {
  const { root, settings: s, log, wants, options } = ctx;
  const runs = ctx.results.runs;
  const add = async (base: RunBase, loaders: Loader[]) => {
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

  // Our tracker in Node.
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

  // The browser.
  const { browser, serverUrl } = await ctx.browser();
  const page = (name: string, config: PageRunConfig) => () => runPage(browser, serverUrl, name, config, s.pageTimeoutMs, log);
  const variants = [
    { variant: 'wasm-simd', base: '', runtime: 'chromium-wasm-simd' },
    { variant: 'wasm-simd-threads', base: '/coi', runtime: 'chromium-wasm-simd-threads' },
    { variant: 'webgpu', base: '/coi', runtime: 'chromium-webgpu' },
  ];
  for (const clip of s.clips) {
    // Ours and human's alternate, load by load, so that a busy spell on the machine lands on both.
    const jobs: Array<{ base: RunBase; loaders: Loader[] }> = [];
    for (const v of variants) {
      const config: PageRunConfig = { clip, frames: s.frames, repeats: s.passes, base: v.base, variant: v.variant };
      if (wants('tracker')) {
        jobs.push({
          base: { id: `tracker/${v.runtime}/${clip}`, subject: 'tracker', label: 'our tracker', runtime: v.runtime, clip, framesPerLoad: s.frames, passesPerLoad: s.passes },
          loaders: Array.from({ length: s.loads }, () => page('tracker', config)),
        });
        // The lite models (blazepose-lite, handlandmark-lite), for the lite frame-rate target.
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
  ctx.results.ratios = computeRatios(runs);
}

/** Runs the jobs' loads round-robin (load 1 of each, then load 2 of each...). */
async function interleave(jobs: Array<{ base: RunBase; loaders: Loader[] }>, add: (base: RunBase, loaders: Loader[]) => Promise<void>): Promise<void> {
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

function failed(e: Error): RawRunResult {
  return failedRun('error', String(e.stack ?? e.message));
}
