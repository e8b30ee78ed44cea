// The runtimes bench: our tracker's models on TF.js (lever by lever) beside LiteRT.js running
// MediaPipe's own .tflite files of the same models, in Node, on the same inputs (crops of the
// fixture photographs), WebGPU on Dawn (the null adapter by default: CPU-side dispatch cost only)
// and WASM. One process per configuration, all loaded first, then timed in interleaved blocks, so
// that a busy spell on the machine lands on every configuration alike.
//   node --import tsx bench/runtimes/run_runtimes.ts [--quick] [--adapter null|hardware|swiftshader] [--out DIR]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GpuCallCounts } from '../lib/count_gpu_calls.ts';
import { summarize, type Stat as Summary } from '../lib/stats.ts';
import { RUNTIME_CONFIGS, type RuntimeConfig, type RuntimeUnit } from './configurations.ts';
import type { BlockMessage, ReadyMessage, RuntimeLandmarks } from './runtime_process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const UNIT_NAMES: Record<RuntimeUnit, string> = {
  pose: 'pose full',
  hand: 'hand full (one crop)',
  frame: 'tracked frame (pose + two hands)',
  detector: 'pose detector',
};

export interface RuntimesOptions {
  quick: boolean;
  adapter: 'null' | 'hardware' | 'swiftshader';
  /** Only these configurations (ids); all when empty. */
  only?: string[];
  log?: (line: string) => void;
  /** How each configuration's process starts: runtime_process.ts under tsx unless given (the GPU bundle forks its bundled copy). */
  child?: ChildEntry;
}

/** A configuration process's script and Node flags. */
export interface ChildEntry {
  script: string;
  execArgv: string[];
}

export interface RuntimeRow {
  id: string;
  runtime: string;
  backend: string;
  adapter: string | null;
  lever: string;
  status: 'ok' | 'error';
  reason?: string;
  loadMs?: number;
  notes?: string[];
  units: Partial<Record<RuntimeUnit, { wallMs: Summary; cpuMs: Summary; calls: GpuCallCounts }>>;
  landmarks?: RuntimeLandmarks;
}

export interface RuntimesResult {
  adapter: string;
  settings: { rounds: number; runsPerBlock: number };
  loadAverageStart: number[];
  loadAverageEnd: number[];
  rows: RuntimeRow[];
  /** Landmark agreement in crop pixels, where both runtimes computed (WASM; WebGPU on a real adapter). */
  agreement: Array<{ a: string; b: string; posePx: number; handPx: number; handPresence: number }>;
  /** TF.js WebGPU (the tracker now) / LiteRT.js WebGPU per tracked frame, wall and CPU. */
  target: { wallRatio: number; cpuRatio: number; met: boolean } | null;
}

export async function runRuntimes(options: RuntimesOptions): Promise<RuntimesResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const settings = options.quick ? { rounds: 1, runsPerBlock: 3 } : { rounds: 6, runsPerBlock: 10 };
  const configs = RUNTIME_CONFIGS.filter((c) => !options.only?.length || options.only.includes(c.id));
  const loadAverageStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const rows: RuntimeRow[] = [];
  const children: Array<{ config: RuntimeConfig; child: ChildProcess; row: RuntimeRow; blocks: BlockMessage[] }> = [];
  try {
    // Load one at a time: loading (and LiteRT.js's compile) would otherwise overlap the timing.
    for (const config of configs) {
      const row: RuntimeRow = { id: config.id, runtime: config.runtime, backend: config.backend, adapter: null, lever: config.lever, status: 'ok', units: {} };
      rows.push(row);
      log(`runtimes: loading ${config.id}`);
      try {
        const child = startChild(config, options.adapter, options.child);
        const ready = await nextMessage<ReadyMessage>(child, 600_000);
        Object.assign(row, { adapter: ready.adapter, loadMs: ready.loadMs, notes: ready.notes, landmarks: ready.landmarks });
        children.push({ config, child, row, blocks: [] });
      } catch (error) {
        Object.assign(row, { status: 'error', reason: lastLines((error as Error).message, 4) });
        log(`runtimes:   ${config.id} failed: ${row.reason}`);
      }
    }
    for (let round = 0; round < settings.rounds; round++) {
      log(`runtimes: round ${round + 1} of ${settings.rounds}`);
      for (const entry of children) {
        if (entry.row.status !== 'ok') continue;
        for (const unit of entry.config.units) {
          try {
            entry.child.send({ type: 'block', unit, runs: settings.runsPerBlock });
            entry.blocks.push(await nextMessage<BlockMessage>(entry.child, 600_000));
          } catch (error) {
            Object.assign(entry.row, { status: 'error', reason: (error as Error).message });
            break;
          }
        }
      }
    }
  } finally {
    for (const { child } of children) {
      child.send({ type: 'exit' }, () => undefined);
      setTimeout(() => child.kill(), 5000).unref();
    }
  }
  for (const { row, blocks, config } of children) {
    for (const unit of config.units) {
      const mine = blocks.filter((b) => b.unit === unit);
      if (mine.length === 0) continue;
      row.units[unit] = {
        wallMs: summarize(mine.flatMap((b) => b.wallMs)),
        cpuMs: summarize(mine.map((b) => b.cpuMs)),
        calls: mine[mine.length - 1]!.calls,
      };
    }
  }
  const computes = options.adapter !== 'null';
  const reference = rows.find((r) => r.id === 'tfjs-wasm' && r.landmarks);
  const agreement = rows
    .filter((r) => r !== reference && r.landmarks && (r.backend === 'wasm' || computes))
    .flatMap((r) => (reference ? [{ a: reference.id, b: r.id, ...compareLandmarks(reference.landmarks!, r.landmarks!) }] : []));
  const ours = rows.find((r) => r.id === 'tfjs-webgpu-replay')?.units.frame;
  const theirs = rows.find((r) => r.id === 'litert-webgpu')?.units.frame;
  const target =
    ours && theirs
      ? (() => {
          const wallRatio = round2(ours.wallMs.median / theirs.wallMs.median);
          const cpuRatio = round2(ours.cpuMs.median / theirs.cpuMs.median);
          return { wallRatio, cpuRatio, met: wallRatio <= 2 };
        })()
      : null;
  const adapterName = rows.find((r) => r.adapter)?.adapter ?? options.adapter;
  return { adapter: adapterName, settings, loadAverageStart, loadAverageEnd: os.loadavg().map((x) => Math.round(x * 100) / 100), rows, agreement, target };
}

function startChild(config: RuntimeConfig, adapter: string, entry?: ChildEntry): ChildProcess {
  const execArgv = [...(entry?.execArgv ?? ['--import', 'tsx'])];
  // Node 20 loads LiteRT.js's relaxed-SIMD build (the one Chrome gets) only with this flag; later
  // versions have relaxed SIMD on.
  if (Number(process.versions.node.split('.')[0]) < 22) execArgv.push('--experimental-wasm-relaxed-simd');
  const script = entry?.script ?? join(root, 'bench', 'runtimes', 'runtime_process.ts');
  const child = fork(script, [config.id, adapter], {
    cwd: entry ? dirname(script) : root,
    execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    // LiteRT.js logs its set-up at INFO level; keep the rest for errors.
    stderr = (stderr + chunk.toString().split('\n').filter((l) => !/^(INFO|WARNING|I\d{4})|^\s+at /.test(l)).join('\n')).slice(-4000);
  });
  (child as ChildProcess & { stderrTail: () => string }).stderrTail = () => stderr;
  return child;
}

function nextMessage<T>(child: ChildProcess, timeoutMs: number): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => done(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: T) => done(null, message);
    const onExit = (code: number | null) =>
      done(new Error(`exited (${code}): ${(child as ChildProcess & { stderrTail?: () => string }).stderrTail?.().trim() ?? ''}`));
    function done(error: Error | null, message?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolvePromise(message!);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function compareLandmarks(a: RuntimeLandmarks, b: RuntimeLandmarks): { posePx: number; handPx: number; handPresence: number } {
  const worst = (x: number[], y: number[]) => {
    let max = 0;
    for (let i = 0; i < x.length; i += 2) max = Math.max(max, Math.hypot(x[i]! - y[i]!, x[i + 1]! - y[i + 1]!));
    return Math.round(max * 10000) / 10000;
  };
  return { posePx: worst(a.pose, b.pose), handPx: worst(a.hand, b.hand), handPresence: Math.round(Math.abs(a.handPresence - b.handPresence) * 10000) / 10000 };
}

const lastLines = (text: string, count: number) => text.trim().split('\n').slice(-count).join(' ');
const round2 = (x: number) => Math.round(x * 100) / 100;
const fmt = (x: number | undefined, digits = 2) => (x === undefined ? '' : x.toFixed(digits));

/** The Markdown section: per-model rows, the lever table and the agreement. */
export function runtimesMarkdown(result: RuntimesResult): string {
  const lines: string[] = [];
  lines.push(`### Runtimes: TF.js and LiteRT.js on the same models (Node, WebGPU on ${result.adapter}, WASM)`, '');
  lines.push(
    `Same process tree, one process per configuration, ${result.settings.rounds} interleaved rounds of ${result.settings.runsPerBlock} runs per unit; one run = input upload + run + read back of what the tracker reads. Load average ${result.loadAverageStart.join(' ')} at start, ${result.loadAverageEnd.join(' ')} at end. Wall ms: median (p10-p90); CPU ms: process CPU time per run, median of the blocks.`,
    '',
  );
  lines.push('| configuration | unit | wall ms | CPU ms | dispatches | bind groups made | queue writes | submits | maps |', '|---|---|---|---|---|---|---|---|---|');
  for (const row of result.rows) {
    if (row.status !== 'ok') {
      lines.push(`| ${row.id} | ${row.status}: ${row.reason ?? ''} | | | | | | | |`);
      continue;
    }
    for (const [unit, figures] of Object.entries(row.units) as Array<[RuntimeUnit, NonNullable<RuntimeRow['units'][RuntimeUnit]>]>) {
      const c = figures.calls;
      const gpu = row.backend === 'webgpu';
      lines.push(
        `| ${row.id} | ${UNIT_NAMES[unit]} | ${fmt(figures.wallMs.median)} (${fmt(figures.wallMs.p10)}-${fmt(figures.wallMs.p90)}) | ${fmt(figures.cpuMs.median)} | ${gpu ? c.dispatches : ''} | ${gpu ? fmt(c.bindGroups, 0) : ''} | ${gpu ? c.writes : ''} | ${gpu ? c.submits : ''} | ${gpu ? c.maps : ''} |`,
      );
    }
  }
  lines.push('', '**Levers** (tracked frame: pose full + two hands full, WebGPU):', '');
  lines.push('| configuration | lever | dispatches | bind groups made | queue writes | wall ms | CPU ms | wall / LiteRT.js |', '|---|---|---|---|---|---|---|---|');
  const litert = result.rows.find((r) => r.id === 'litert-webgpu')?.units.frame;
  for (const row of result.rows.filter((r) => r.backend === 'webgpu' && r.units.frame)) {
    const f = row.units.frame!;
    lines.push(
      `| ${row.id} | ${row.lever} | ${f.calls.dispatches} | ${fmt(f.calls.bindGroups, 0)} | ${f.calls.writes} | ${fmt(f.wallMs.median)} | ${fmt(f.cpuMs.median)} | ${litert ? fmt(f.wallMs.median / litert.wallMs.median) : ''} |`,
    );
  }
  const detectorRows = result.rows.filter((r) => r.units.detector);
  if (detectorRows.length) {
    lines.push('', 'Pose detector (runs only when tracking is lost):', '', '| configuration | dispatches | bind groups made | wall ms | CPU ms |', '|---|---|---|---|---|');
    for (const row of detectorRows) {
      const d = row.units.detector!;
      lines.push(`| ${row.id} | ${d.calls.dispatches} | ${d.calls.bindGroups} | ${fmt(d.wallMs.median)} | ${fmt(d.cpuMs.median)} |`);
    }
  }
  if (result.target) {
    lines.push(
      '',
      `**Target** (TF.js WebGPU per tracked frame within 2x of LiteRT.js's, same run): ${result.target.wallRatio}x wall, ${result.target.cpuRatio}x CPU: ${result.target.met ? 'met' : 'not met'}.`,
    );
  }
  if (result.agreement.length) {
    lines.push('', 'Landmark agreement (largest distance, crop pixels, on the photograph crops):', '', '| reference | configuration | pose | hand | hand presence |', '|---|---|---|---|---|');
    for (const a of result.agreement) lines.push(`| ${a.a} | ${a.b} | ${a.posePx} | ${a.handPx} | ${a.handPresence} |`);
  }
  if (result.adapter.toLowerCase().includes('null')) {
    lines.push('', "The null adapter executes nothing: WebGPU rows measure the CPU side of dispatching only, and their outputs are not compared (tests/tracker/webgpu_tracker.test.ts compares the replay on SwiftShader, which computes).");
  }
  return lines.join('\n') + '\n';
}

function parseArgs(argv: string[]): RuntimesOptions & { outDir: string } {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  return {
    quick,
    adapter: (value('--adapter') ?? 'null') as RuntimesOptions['adapter'],
    only: value('--only')?.split(','),
    outDir: resolve(value('--out') ?? join(root, 'bench', 'results', ...(quick ? ['quick'] : []))),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const options = parseArgs(process.argv.slice(2));
  runRuntimes(options).then(
    (result) => {
      mkdirSync(options.outDir, { recursive: true });
      writeFileSync(join(options.outDir, 'runtimes.json'), JSON.stringify(result, null, 2) + '\n');
      const markdown = runtimesMarkdown(result);
      writeFileSync(join(options.outDir, 'runtimes.md'), markdown);
      console.log(markdown);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
