// Writes the bench results: JSON (every figure), Markdown (tables), SVG (chart of ms per frame per
// stage and runtime).
import type { MovingSignsTotals } from '../moving-signs/moving_signs_markdown.ts';
import { serveMarkdown, type ServeBenchResult } from '../serve/run_serve.ts';
import { firstSkeletonMarkdown, type FirstSkeletonRow } from '../first-skeleton/run_first_skeleton.ts';
import { summarize, type Stat } from './stats.ts';
import type { RawRunResult } from './types.ts';
import { accuracyMarkdown, type AccuracyOutput } from '../accuracy/run_accuracy.ts';
import { runtimesMarkdown, type RuntimesResult } from '../runtimes/run_runtimes.ts';
import { acceptanceSummary, type AcceptanceResult } from '../acceptance/run_acceptance.ts';

export interface RunSummary {
  id: string;
  /** 'tracker' (ours), 'human', 'mediapipe-pose-hands', 'mediapipe-holistic'. */
  subject: string;
  label: string;
  /** 'node-wasm', 'chromium-wasm-simd', 'chromium-wasm-simd-threads', 'chromium-webgpu', 'chromium-webgl-swiftshader'. */
  runtime: string;
  clip: string;
  status: 'ok' | 'unavailable' | 'error' | 'skipped';
  reason?: string;
  backend: Record<string, unknown>;
  /** Page loads (or Node runs) whose samples are pooled here. */
  loads: number;
  framesPerLoad: number;
  passesPerLoad: number;
  firstFrame?: { loadMs: Stat; firstInferenceMs: Stat; firstFrameMs: Stat };
  steady?: { msPerFrame: Stat; fps: number; stagesMs: Record<string, Stat>; passMedianMs: Stat };
  detections?: { frames: number; pose: number; hands: number };
  notes?: string[];
}

export function summarizeRuns(
  base: Omit<RunSummary, 'status' | 'backend' | 'loads' | 'firstFrame' | 'steady' | 'detections' | 'reason' | 'notes'>,
  raws: RawRunResult[],
): RunSummary {
  const ok = raws.filter((r) => r.status === 'ok');
  if (ok.length === 0) {
    const first = raws[0];
    return {
      ...base,
      status: first?.status === 'unavailable' ? 'unavailable' : 'error',
      reason: (first?.reason ?? 'no run').split('\n')[0],
      notes: first?.notes,
      backend: first?.backend ?? {},
      loads: raws.length,
    };
  }
  const total = ok.flatMap((r) => r.totalMs);
  const stageNames = [...new Set(ok.flatMap((r) => Object.keys(r.stagesMs)))];
  const msPerFrame = summarize(total);
  return {
    ...base,
    status: 'ok',
    backend: ok[0]!.backend,
    loads: ok.length,
    firstFrame: {
      loadMs: summarize(ok.map((r) => r.loadMs)),
      firstInferenceMs: summarize(ok.map((r) => r.firstInferenceMs)),
      firstFrameMs: summarize(ok.map((r) => r.firstFrameMs)),
    },
    steady: {
      msPerFrame,
      fps: Math.round((1000 / msPerFrame.median) * 10) / 10,
      stagesMs: Object.fromEntries(stageNames.map((s) => [s, summarize(ok.flatMap((r) => r.stagesMs[s] ?? []))])),
      passMedianMs: summarize(ok.flatMap((r) => r.passMedianMs)),
    },
    detections: ok.reduce(
      (a, r) => ({ frames: a.frames + r.detections.frames, pose: a.pose + r.detections.pose, hands: a.hands + r.detections.hands }),
      { frames: 0, pose: 0, hands: 0 },
    ),
    notes: notesFor(raws),
  };
}

function notesFor(raws: RawRunResult[]): string[] | undefined {
  const notes = raws.filter((r) => r.status !== 'ok').map((r) => `a load failed: ${r.reason?.split('\n')[0]}`);
  // A backend that differs between loads (the tracker measures at start whether threads pay off
  // and falls back to one when they do not) is said, not hidden.
  const ok = raws.filter((r) => r.status === 'ok');
  const threads = ok.map((r) => r.backend.threads);
  if (new Set(threads).size > 1) notes.push(`threads per load: ${threads.join(', ')}`);
  const names = new Set(ok.map((r) => String(r.backend.name ?? r.backend.backend)));
  if (names.size > 1) notes.push(`backends per load: ${[...names].join(', ')}`);
  return notes.length > 0 ? notes : undefined;
}

export interface Ratio {
  clip: string;
  ours: string;
  peer: string;
  /** Same runtime for both, or a note when they cannot share one (MediaPipe runs WebGL only). */
  pairing: string;
  oursMs: number;
  peerMs: number;
  /** ours / peer, ms per frame (below 1: we are faster). */
  ratio: number;
  /** peer / ours: how many times faster we are (below 1: slower). */
  speedup: number;
  /** Same, for first-frame latency (model load + warm-up). */
  firstFrameRatio?: number;
}

/** Ratios pair by pair, on the same clip, in the same run. */
export function computeRatios(runs: RunSummary[]): Ratio[] {
  const ratios: Ratio[] = [];
  const ok = runs.filter((r) => r.status === 'ok' && r.steady);
  const ours = ok.filter((r) => r.subject === 'tracker' && r.runtime.startsWith('chromium-'));
  const make = (a: RunSummary, b: RunSummary, pairing: string): Ratio => {
    const oursMs = a.steady!.msPerFrame.median;
    const peerMs = b.steady!.msPerFrame.median;
    const r2 = (x: number) => Math.round(x * 100) / 100;
    return {
      clip: a.clip,
      ours: a.id,
      peer: b.id,
      pairing,
      oursMs,
      peerMs,
      ratio: r2(oursMs / peerMs),
      speedup: r2(peerMs / oursMs),
      firstFrameRatio: a.firstFrame && b.firstFrame ? r2(a.firstFrame.firstFrameMs.median / b.firstFrame.firstFrameMs.median) : undefined,
    };
  };
  for (const a of ours) {
    for (const b of ok.filter((r) => r.subject === 'human' && r.clip === a.clip && r.runtime === a.runtime)) {
      ratios.push(make(a, b, `same runtime (${a.runtime})`));
    }
  }
  // MediaPipe's solutions run WebGL graphs only: each is paired with our tracker's best CPU runtime
  // on the same clip (single-threaded WASM SIMD, the most conservative of ours).
  for (const b of ok.filter((r) => r.subject.startsWith('mediapipe'))) {
    const a = ours.find((r) => r.clip === b.clip && r.runtime === 'chromium-wasm-simd');
    if (a) ratios.push(make(a, b, `ours on ${a.runtime} vs MediaPipe on ${b.runtime} (${b.backend.software ? 'software WebGL: says nothing about GPUs' : 'hardware WebGL'})`));
  }
  // The landmark models alone: TF.js (our graphs) against LiteRT.js, same runtime, same frames.
  for (const a of ok.filter((r) => r.subject === 'models-tfjs')) {
    const b = ok.find((r) => r.subject === 'models-litert' && r.clip === a.clip && r.runtime === a.runtime);
    if (b) ratios.push(make(a, b, `models only, same runtime (${a.runtime})`));
  }
  return ratios;
}

const f1 = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? 'n/a' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const spread = (s: Stat) => `${f1(s.median)} (${f1(s.p10)}-${f1(s.p90)})`;

export interface BenchOutput {
  schema: string;
  mode: 'quick' | 'full';
  startedAt: string;
  finishedAt: string;
  durationS: number;
  machine: Record<string, unknown>;
  settings: Record<string, unknown>;
  clips: unknown[];
  engineHotPath: { status: string; reason?: string; result?: unknown; table?: string };
  runs: RunSummary[];
  ratios: Ratio[];
  practiceLoop: Record<string, unknown> & { status: string };
  /** bench/backend/classroom.ts (absent in results written before it existed). */
  classroom?: { status: string; reason?: string; result?: unknown; table?: string };
  /** The built app on the production server (bench/serve/run_serve.ts). */
  serve?: ServeBenchResult | { status: 'skipped'; reason: string };
  /** Landmarks against MediaPipe Holistic's (bench/accuracy/); absent in results written before it. */
  accuracy?: AccuracyOutput;
  /** TF.js and LiteRT.js in Node, WebGPU lever by lever (bench/runtimes/). */
  runtimes?: RuntimesResult;
  /** The practice loop's judges (bench/acceptance/): absent in results written before it. */
  acceptance?: AcceptanceResult;
  /** Real signers' photographs through the tracker and the judge (bench/signers/): only when named. */
  signers?: { status: 'ok' | 'error'; reason?: string; table?: string };
  /** Real signers' moving signs through the judge of moving signs (bench/moving-signs/): only when named. */
  movingSigns?: { status: 'ok' | 'error'; reason?: string; totals?: MovingSignsTotals };
  /** Time to the first skeleton, first and second visit (bench/first-skeleton/; issue 28). */
  firstSkeleton?: { status: string; reason?: string; rows?: FirstSkeletonRow[] };
}

export function toMarkdown(out: BenchOutput): string {
  const m = out.machine as Record<string, string | number | number[]>;
  const lines: string[] = [];
  lines.push(`# Bench results (${out.mode})`, '');
  lines.push(
    `${out.startedAt} - ${m.cpuModel} x ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}; Chromium ${m.chromium}; ` +
      `load average at start ${(m.loadAverageStart as number[]).join(' / ')}, at end ${(m.loadAverageEnd as number[] | undefined)?.join(' / ') ?? 'n/a'}. ` +
      `Took ${out.durationS.toFixed(0)} s.`,
    '',
    'Medians over every timed frame, with p10-p90 in brackets; first frame = model load + warm-up + the first inference, ' +
      'timed apart from the steady state. These machines are shared: read medians and ratios, not single times.',
    '',
  );

  lines.push('## 1. Engine hot path (landmark fixtures)', '');
  if (out.engineHotPath.status === 'ok' && out.engineHotPath.table) lines.push(out.engineHotPath.table, '');
  else lines.push(`${out.engineHotPath.status}: ${out.engineHotPath.reason ?? ''}`, '');

  lines.push('## 2-3. Tracker and peers, ms per frame (steady state)', '');
  lines.push('| subject | runtime | clip | ms/frame median (p10-p90) | frames/s | first frame ms (load + warm-up) | stages, median ms | pose / hands found | backend |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of out.runs) {
    if (r.status !== 'ok' || !r.steady) {
      lines.push(`| ${r.label} | ${r.runtime} | ${r.clip} | ${r.status}: ${(r.reason ?? '').replace(/\|/g, '/').slice(0, 120)} | | | | | |`);
      continue;
    }
    const stages = Object.entries(r.steady.stagesMs)
      .filter(([, s]) => s.median >= 0.05 || s.p90 >= 0.5)
      .map(([n, s]) => `${n} ${f1(s.median)}`)
      .join(', ');
    const b = r.backend;
    const perLoad = (r.notes ?? []).find((n) => n.startsWith('threads per load: '));
    const threads = perLoad ? [perLoad.slice('threads per load: '.length)] : b.threads !== undefined ? [b.threads] : [];
    const renderer = b.renderer ? (b.software ? 'WebGL on SwiftShader (software)' : `WebGL on ${String(b.renderer).replace(/\|/g, '/').slice(0, 50)}`) : '';
    const backend = [b.backend ?? b.name, b.simd ? 'SIMD' : '', threads.length ? `${threads.join('')} thr` : '', renderer]
      .filter(Boolean)
      .join(', ');
    const d = r.detections!;
    lines.push(
      `| ${r.label} | ${r.runtime} | ${r.clip} | ${spread(r.steady.msPerFrame)} | ${f1(r.steady.fps)} | ${spread(r.firstFrame!.firstFrameMs)} | ${stages} | ${d.pose}/${d.frames} / ${d.hands} | ${backend} |`,
    );
  }
  lines.push('');

  lines.push('## Frame-rate targets (WASM in Chromium, a person in view)', '');
  lines.push(...frameRateTargets(out.runs), '');

  lines.push('## Ratios (pair by pair: same clip, same run)', '');
  lines.push('| clip | ours | peer | pairing | ours ms | peer ms | ours / peer | we are | first frame ours / peer |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of out.ratios) {
    lines.push(
      `| ${r.clip} | ${r.ours} | ${r.peer} | ${r.pairing} | ${f1(r.oursMs)} | ${f1(r.peerMs)} | ${r.ratio.toFixed(2)} | ${r.speedup >= 1 ? `${r.speedup.toFixed(2)}x faster` : `${(1 / r.speedup).toFixed(2)}x slower`} | ${r.firstFrameRatio?.toFixed(2) ?? 'n/a'} |`,
    );
  }
  if (out.ratios.length === 0) lines.push('| (no pair ran) | | | | | | | | |');
  lines.push('');

  lines.push('## 4. Practice loop in the browser (tracker -> angles -> match -> state machine)', '');
  const p = out.practiceLoop;
  if (p.status === 'ok' && Array.isArray(p.rows)) {
    lines.push(
      '| models | threads | schedule | clip | camera frames (30 fps) | tracked | dropped | decisions/s | hand / pose found | capture -> decision ms median (p10-p90) | capture -> landmarks / tracker (worker) / practice loop (angles + match + state), median ms |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of p.rows as (Record<string, unknown> & { status: string })[]) {
      if (r.status !== 'ok') {
        lines.push(`| ${String(r.poseModel)}/${String(r.handModel)} | ${String(r.wasmThreads)} | ${r.schedule ? 'on' : 'off'} | ${r.status}: ${String(r.reason ?? '')} | | | | | | | |`);
        continue;
      }
      const lat = r.latencyMs as Stat;
      const st = r.stagesMs as Record<string, Stat>;
      const tracked = r.processed as number;
      lines.push(
        `| ${String(r.poseModel)}/${String(r.handModel)} | ${String(r.threads)} | ${String(r.schedule)} | ${String(r.clip)} | ${String(r.cameraFrames)} | ${tracked} (${f1(100 - (r.droppedPercent as number))}%) | ${String(r.dropped)} | ${f1(r.loopFps as number)} | ${String(r.framesWithHand)} / ${String(r.framesWithPose)} of ${tracked} | ${spread(lat)} | ${f1(st.captureToLandmarks?.median)} / ${f1(st.tracker?.median)} / ${f1(st.practiceLoop?.median)} |`,
      );
    }
  } else lines.push(`${p.status}: ${String(p.reason ?? '')}`);
  if (out.runtimes) lines.push('', '## 5. ' + runtimesMarkdown(out.runtimes).replace(/^### /, ''));
  lines.push('', '## 6. Classroom on the embedded default (`npm run bench -- --only classroom`)', '');
  const c = out.classroom;
  if (c?.status === 'ok' && c.table) lines.push(c.table);
  else lines.push(`${c?.status ?? 'skipped'}: ${c?.reason ?? ''}`);
  if (out.firstSkeleton?.rows) lines.push('', '## Time to the first skeleton (`npm run bench -- --only first-skeleton`)', '', firstSkeletonMarkdown(out.firstSkeleton.rows));
  if (out.serve && out.serve.status !== 'skipped') lines.push('', '## 7. The built app on the production server (`npm run bench -- --only serve`)', '', serveMarkdown(out.serve as ServeBenchResult));
  lines.push('', '## 8. Tracker accuracy against MediaPipe Holistic (same pixels)', '');
  lines.push(...(out.accuracy ? accuracyMarkdown(out.accuracy) : ['not run', '']));
  lines.push('', '## 9. The practice loop\'s judges (`npm run bench -- --only acceptance`)', '');
  lines.push(out.acceptance ? acceptanceSummary(out.acceptance) : 'not run');
  if (out.movingSigns) {
    lines.push('', '## 11. Moving signs (`npm run bench -- --only moving-signs`; details in bench/moving-signs.md)', '');
    const t = out.movingSigns.totals;
    if (!t) lines.push(`${out.movingSigns.status}: ${out.movingSigns.reason ?? ''}`);
    else {
      lines.push('| measure | completed |', '|---|--:|');
      for (const [speed, c] of Object.entries(t.own)) lines.push(`| own sign, ${speed} | ${c.completed} / ${c.of} |`);
      lines.push(`| other sign | ${t.other.completed} / ${t.other.of} |`, `| still handshape | ${t.still.completed} / ${t.still.of} |`, `| non-signs | ${t.nonSigns.completed} / ${t.nonSigns.of} |`);
    }
  }
  if (out.signers) {
    lines.push('', '## 10. Real signers (`npm run bench -- --only signers`; details in bench/signers.md)', '');
    lines.push(out.signers.table ?? `${out.signers.status}: ${out.signers.reason ?? ''}`);
  }
  lines.push('', 'Chart: bench.svg (ms per frame per stage and runtime).', '');
  return lines.join('\n');
}

const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#1f77b4', '#17becf', '#393b79', '#bcbd22'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const n = raw / magnitude;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * magnitude;
}

/** Horizontal stacked bars: one per run, one segment per stage (median ms), plus "other". */
export function toSvg(out: BenchOutput): string {
  const runs = out.runs.filter((r) => r.status === 'ok' && r.steady);
  const stageNames = [...new Set(runs.flatMap((r) => Object.keys(r.steady!.stagesMs)))];
  const allStages = [...stageNames, 'other'];
  const color = (name: string) => (name === 'other' ? '#cccccc' : PALETTE[stageNames.indexOf(name) % PALETTE.length]!);
  // The scale fits the CPU rows' medians; MediaPipe on SwiftShader and long whiskers are cut.
  const cpuMax = Math.max(1, ...runs.filter((r) => !r.subject.startsWith('mediapipe')).map((r) => r.steady!.msPerFrame.median));
  const step = niceStep((cpuMax * 1.4) / 5);
  const scaleMax = step * Math.ceil((cpuMax * 1.4) / step);
  const labelW = 330;
  const plotW = 560;
  const rowH = 22;
  const top = 50;
  const legendH = 20 * Math.ceil(allStages.length / 4) + 10;
  const height = top + runs.length * rowH + 40 + legendH;
  const width = labelW + plotW + 110;
  const x = (ms: number) => labelW + (Math.min(ms, scaleMax) / scaleMax) * plotW;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`);
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<text x="10" y="20" font-size="14" font-weight="bold">ms per frame per stage and runtime (median, steady state; ${esc(out.mode)} run)</text>`);
  parts.push(`<text x="10" y="36" fill="#555">${esc(String(out.machine.cpuModel))} x ${out.machine.cores}; whiskers p10-p90 of the total; bars and whiskers past ${scaleMax} ms are cut (median printed)</text>`);
  for (let t = 0; t <= scaleMax + 1e-9; t += step) {
    parts.push(`<line x1="${x(t)}" y1="${top - 4}" x2="${x(t)}" y2="${top + runs.length * rowH}" stroke="#eee"/>`);
    parts.push(`<text x="${x(t)}" y="${top + runs.length * rowH + 14}" text-anchor="middle" fill="#555">${t.toFixed(0)}</text>`);
  }
  runs.forEach((r, i) => {
    const y = top + i * rowH;
    const label = `${r.label} - ${r.runtime.replace('chromium-', '')} - ${r.clip}`;
    parts.push(`<text x="${labelW - 6}" y="${y + 14}" text-anchor="end">${esc(label)}</text>`);
    let at = 0;
    const total = r.steady!.msPerFrame.median;
    const segments: [string, number][] = Object.entries(r.steady!.stagesMs).map(([n, s]) => [n, s.median]);
    const sum = segments.reduce((a, [, v]) => a + v, 0);
    if (total - sum > 0.5) segments.push(['other', total - sum]);
    for (const [name, ms] of segments) {
      if (ms <= 0 || at >= scaleMax) {
        at += ms;
        continue;
      }
      const x0 = x(at);
      const x1 = x(at + ms);
      parts.push(`<rect x="${x0.toFixed(1)}" y="${y + 3}" width="${Math.max(0.5, x1 - x0).toFixed(1)}" height="${rowH - 8}" fill="${color(name)}"><title>${esc(`${name}: ${ms.toFixed(1)} ms`)}</title></rect>`);
      at += ms;
    }
    const s = r.steady!.msPerFrame;
    parts.push(`<line x1="${x(s.p10).toFixed(1)}" y1="${y + rowH / 2}" x2="${x(s.p90).toFixed(1)}" y2="${y + rowH / 2}" stroke="#222" stroke-width="1"/>`);
    const cut = total > scaleMax ? ' (cut)' : '';
    parts.push(`<text x="${(Math.min(x(Math.max(total, s.p90)), labelW + plotW) + 4).toFixed(1)}" y="${y + 14}" fill="#222">${total.toFixed(0)} ms${cut}</text>`);
  });
  const ly = top + runs.length * rowH + 30;
  allStages.forEach((name, i) => {
    const lx = 10 + (i % 4) * 230;
    const yy = ly + Math.floor(i / 4) * 20;
    parts.push(`<rect x="${lx}" y="${yy}" width="12" height="12" fill="${color(name)}"/>`);
    parts.push(`<text x="${lx + 16}" y="${yy + 10}">${esc(name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/**
 * Issue 28's targets for a 2-core machine: pose + two hands at 12 frames/s with the full models,
 * 20 with the lite ones (the earlier targets were 10 and 15).
 */
const FRAME_RATE_TARGETS: Record<string, number> = { tracker: 12, 'tracker-lite': 20 };

/**
 * One row per clip and WASM runtime where the pose was found on most frames (the clips with a
 * person: hands are tracked there, so the full pipeline runs), full and lite models side by side.
 */
export function frameRateTargets(runs: RunSummary[]): string[] {
  const lines = [
    `| runtime | clip | full models: frames/s (target ${FRAME_RATE_TARGETS.tracker}) | lite models: frames/s (target ${FRAME_RATE_TARGETS['tracker-lite']}) |`,
    '|---|---|---|---|',
  ];
  const ok = runs.filter((r) => r.status === 'ok' && r.steady && r.runtime.startsWith('chromium-wasm') && r.subject in FRAME_RATE_TARGETS);
  const keys = [...new Set(ok.map((r) => `${r.runtime}|${r.clip}`))];
  for (const key of keys) {
    const [runtime, clip] = key.split('|') as [string, string];
    const cell = (subject: string) => {
      const run = ok.find((r) => r.subject === subject && r.runtime === runtime && r.clip === clip);
      if (!run) return 'not run';
      const seen = run.detections;
      if (!seen || seen.pose < seen.frames / 2) return `${f1(run.steady!.fps)} (no person in view: not a test of the target)`;
      const target = FRAME_RATE_TARGETS[subject]!;
      return `${f1(run.steady!.fps)}: ${run.steady!.fps >= target ? 'met' : 'not met'}`;
    };
    lines.push(`| ${runtime} | ${clip} | ${cell('tracker')} | ${cell('tracker-lite')} |`);
  }
  if (keys.length === 0) lines.push('| (no run) | | | |');
  return lines;
}
