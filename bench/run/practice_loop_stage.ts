// The whole practice loop in the browser (tracker -> angles -> match -> state machine) on one clip:
// camera frames dropped, decisions a second, and the time from capture to decision.
import { spawn } from 'node:child_process';
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
    ctx.results.practiceLoop = await runPracticeLoop(browser, serverUrl, ctx.settings.loop, loopRows(ctx.options.loopRows), ctx.settings.pageTimeoutMs, ctx.log);
  },
  report: practiceLoopMarkdown,
};

function practiceLoopMarkdown(out: BenchOutput): string[] {
  const lines: string[] = [];
  const p = out.practiceLoop;
  if (p.status === 'ok' && Array.isArray(p.rows)) {
    lines.push(
      '| models | threads | schedule | machine | clip | camera frames (30 fps) | tracked | dropped | decisions/s | hand / pose found | capture -> decision ms median (p10-p90) | capture -> landmarks / tracker (worker) / practice loop (angles + match + state), median ms |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of p.rows as (Record<string, unknown> & { status: string })[]) {
      if (r.status !== 'ok') {
        lines.push(`| ${String(r.poseModel)}/${String(r.handModel)} | ${String(r.wasmThreads)} | ${String(r.schedule)} | ${r.coreBusy ? 'one core busy' : 'as it is'} | ${r.status}: ${String(r.reason ?? '')} | | | | | | | |`);
        continue;
      }
      const lat = r.latencyMs as Stat;
      const st = r.stagesMs as Record<string, Stat>;
      const tracked = r.processed as number;
      lines.push(
        `| ${String(r.poseModel)}/${String(r.handModel)} | ${String(r.threads)} | ${String(r.schedule)} | ${r.coreBusy ? 'one core busy' : 'as it is'} | ${String(r.clip)} | ${String(r.cameraFrames)} | ${tracked} (${f1(100 - (r.droppedPercent as number))}%) | ${String(r.dropped)} | ${f1(r.loopFps as number)} | ${String(r.framesWithHand)} / ${String(r.framesWithPose)} of ${tracked} | ${spread(lat)} | ${f1(st.captureToLandmarks?.median)} / ${f1(st.tracker?.median)} / ${f1(st.practiceLoop?.median)} |`,
      );
    }
  } else lines.push(`${p.status}: ${String(p.reason ?? '')}`);
  return lines;
}

interface LoopSettings {
  clip: string;
  referenceFrames: number;
  loopFrames: number;
}

/** The tracking schedule a row runs: every part on every frame (`off`), a held letter's
 * (HELD_SIGN_SCHEDULE), or a sign that moves (MOVING_SIGN_SCHEDULE). */
export type LoopSchedule = 'off' | 'held' | 'moving';

interface LoopRow {
  poseModel: 'full' | 'lite';
  handModel: 'full' | 'lite';
  wasmThreads: number;
  schedule: LoopSchedule;
  coreBusy: boolean;
}

/**
 * The practice loop's rows: each model pair at 1 and 2 WASM threads, every part on every frame and
 * on the held letter's schedule, the machine as it is; the full models on a moving sign's schedule;
 * then the full models on the held letter's schedule again with one core kept busy by a second
 * process (a learner's laptop running something else).
 */
const LOOP_ROWS: LoopRow[] = [
  ...(['full', 'lite'] as const).flatMap((model) =>
    [1, 2].flatMap((wasmThreads) => (['off', 'held'] as const).map((schedule) => ({ poseModel: model, handModel: model, wasmThreads, schedule, coreBusy: false }))),
  ),
  ...[1, 2].map((wasmThreads) => ({ poseModel: 'full' as const, handModel: 'full' as const, wasmThreads, schedule: 'moving' as const, coreBusy: false })),
  ...[1, 2].map((wasmThreads) => ({ poseModel: 'full' as const, handModel: 'full' as const, wasmThreads, schedule: 'held' as const, coreBusy: true })),
];

/** The schedule's word in a row's name and label: `on` is the held letter's. */
const SCHEDULE_NAME: Record<LoopSchedule, string> = { off: 'off', held: 'on', moving: 'moving' };

/** A row's name on the command line (`--loop-rows`): models, threads, schedule, `busy` when one core is. */
function loopRowName(row: LoopRow): string {
  return `${row.poseModel}-${row.wasmThreads}-${SCHEDULE_NAME[row.schedule]}${row.coreBusy ? '-busy' : ''}`;
}

/** The rows named (all when none are); a name that is not a row's is an error that lists them. */
export function loopRows(names: string[] | undefined): LoopRow[] {
  if (!names) return LOOP_ROWS;
  const known = new Map(LOOP_ROWS.map((row) => [loopRowName(row), row]));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`--loop-rows: no row named ${unknown.join(', ')}; the rows are ${[...known.keys()].join(', ')}`);
  return names.map((name) => known.get(name)!);
}

/** A second process spinning on one core until `stop` (the loop's loaded rows). */
function busyCore(): { stop: () => void } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return { stop: () => child.kill('SIGKILL') };
}

async function runPracticeLoop(
  browser: Browser,
  serverUrl: string,
  loop: LoopSettings,
  wanted: LoopRow[],
  timeoutMs: number,
  log: (line: string) => void,
): Promise<BenchOutput['practiceLoop']> {
  const rows: Record<string, unknown>[] = [];
  for (const { coreBusy, ...row } of wanted) {
    const busy = coreBusy ? busyCore() : null;
    let raw: RawRunResult & { loop?: Record<string, unknown> & { latencyMs: number[]; progressLatencyMs: number[]; stagesMs: Record<string, number[]> } };
    try {
      raw = (await runPage(
        browser,
        serverUrl,
        'loop',
        { clip: loop.clip, frames: 90, repeats: 1, base: '/coi', variant: 'wasm-simd-threads', options: { ...loop, ...row } },
        timeoutMs,
        log,
      )) as typeof raw;
    } finally {
      busy?.stop();
    }
    const label = `${row.poseModel}/${row.handModel}, ${row.wasmThreads} thread${row.wasmThreads > 1 ? 's' : ''}, schedule ${row.schedule === 'moving' ? "of a sign that moves" : SCHEDULE_NAME[row.schedule]}${coreBusy ? ', one core busy' : ''}`;
    if (raw.status !== 'ok' || !raw.loop) {
      log(`bench:   practice loop ${label}: ${raw.status} ${raw.reason?.split('\n')[0] ?? ''}`);
      rows.push({ status: raw.status === 'ok' ? 'error' : raw.status, reason: raw.reason?.split('\n')[0] ?? 'no loop result', ...row, coreBusy });
      continue;
    }
    const l = raw.loop;
    const result = {
      status: 'ok',
      coreBusy,
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
