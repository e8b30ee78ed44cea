// The whole practice loop in the browser (tracker -> angles -> match -> state machine) on one clip:
// camera frames dropped, decisions a second, and the time from capture to decision.
import type { Browser } from 'playwright-core';
import { runPage } from '../lib/browser-run.ts';
import { f1, spread } from '../lib/report.ts';
import { summarize, type Stat } from '../lib/stats.ts';
import type { RawRunResult } from '../lib/types.ts';
import type { BenchOutput } from './bench_output.ts';
import type { BenchStage } from './stage.ts';

export const practiceLoopStage: BenchStage = {
  title: 'Practice loop in the browser (tracker -> angles -> match -> state machine)',
  wanted: (ctx) => ctx.wants('loop'),
  inBrowser: true,
  async run(ctx) {
    const { browser, serverUrl } = await ctx.browser();
    ctx.log('bench: practice loop in the browser');
    ctx.results.practiceLoop = await runPracticeLoop(browser, serverUrl, ctx.settings.loop, ctx.settings.pageTimeoutMs, ctx.log);
  },
  report: practiceLoopMarkdown,
};

function practiceLoopMarkdown(out: BenchOutput): string[] {
  const lines: string[] = [];
  const p = out.practiceLoop;
  if (p.status === 'ok') {
    const lat = p.latencyMs as Stat;
    const st = p.stagesMs as Record<string, Stat>;
    lines.push('| runtime | clip | camera frames (30 fps) | tracked | dropped | loop frames/s | progress events | capture -> decision ms median (p10-p90) | capture -> landmarks / tracker (worker) / practice loop (angles + match + state), median ms |');
    lines.push('|---|---|---|---|---|---|---|---|---|');
    lines.push(
      `| ${p.runtime} | ${p.clip} | ${p.cameraFrames} | ${p.processed} | ${p.dropped} (${f1(p.droppedPercent as number)}%) | ${f1(p.loopFps as number)} | ${p.progressEvents} | ${spread(lat)} | ${f1(st.captureToLandmarks?.median)} / ${f1(st.tracker?.median)} / ${f1(st.practiceLoop?.median)} |`,
    );
  } else lines.push(`${p.status}: ${p.reason ?? ''}`);
  return lines;
}

interface LoopSettings {
  clip: string;
  referenceFrames: number;
  loopFrames: number;
}

async function runPracticeLoop(
  browser: Browser,
  serverUrl: string,
  loop: LoopSettings,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BenchOutput['practiceLoop']> {
  const raw = (await runPage(
    browser,
    serverUrl,
    'loop',
    { clip: loop.clip, frames: 90, repeats: 1, base: '/coi', variant: 'wasm-simd-threads', options: { ...loop } },
    timeoutMs,
    log,
  )) as RawRunResult & { loop?: Record<string, unknown> & { latencyMs: number[]; progressLatencyMs: number[]; stagesMs: Record<string, number[]> } };
  if (raw.status !== 'ok' || !raw.loop) return { status: raw.status === 'ok' ? 'error' : raw.status, reason: raw.reason?.split('\n')[0] ?? 'no loop result' };
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
  log(`bench:   practice loop: ${l.processed} of ${l.cameraFrames} camera frames processed, ${l.dropped} dropped, capture -> decision ${result.latencyMs.median.toFixed(0)} ms, angles by the ${(raw.backend as { angleKernel?: boolean } | undefined)?.angleKernel ? 'WebAssembly kernel' : 'JavaScript path'}`);
  return result;
}
