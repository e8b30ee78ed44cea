// The GPU bundle's results.md (report.mjs in the bundle): one table of the tracker rows written by
// tracker_row.ts, the overlapped-frames row (overlap_row.ts), then the runtimes bench's own section, headed by the card, the date and the
// commit the bundle was built from. run.sh calls it last.
//   node report.mjs --out DIR --card "GPU 0: ..." --adapter hardware|null --info INFO.json
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runtimesMarkdown, type RuntimesResult } from '../runtimes/run_runtimes.ts';
import type { Stat } from '../lib/stats.ts';

/** What tracker_row.ts writes (the fields the table reads). */
interface TrackerRow {
  row: string;
  backend: string;
  adapter: string | null;
  adapterInfo: Record<string, unknown> | null;
  poseModel: string;
  handModel: string;
  replay: boolean;
  /** One submission and one read-back per tracked frame (absent in rows written before it existed). */
  fused?: boolean;
  clip: string;
  frames: number;
  clipFrames: number;
  node: string;
  msPerFrame: Stat;
  framesPerSecond: number;
  stagesMedianMs: Record<string, number>;
  gpuCallsPerFrame: Record<string, number> | null;
}

/** What overlap_row.ts writes (the fields its table reads). */
interface OverlapRow {
  row: string;
  overlapComparison: true;
  poseModel: string;
  handModel: string;
  clip: string;
  frames: number;
  block: number;
  sequential: { msPerFrame: number; framesPerSecond: number };
  overlapped: { msPerFrame: number; framesPerSecond: number; overlap: { maxInFlight: number; cropsFromOlderFrame: number } };
  overlappedOverSequentialFramesPerSecond: number;
  agreement: Record<'pose' | 'leftHand' | 'rightHand', { framesBoth: number; framesOnlyOne: number; medianMeanPx: number; maxPx: number }>;
}

const STAGES: Array<[string, string]> = [
  ['imageToTensor', 'image'],
  ['poseDetector', 'pose detector'],
  ['poseLandmarks', 'pose landmarks'],
  ['handCrop', 'hand crop'],
  ['handLandmarks', 'hand landmarks'],
  ['palmDetector', 'palm detector'],
];

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    card: { type: 'string', default: '' },
    adapter: { type: 'string', default: 'hardware' },
    info: { type: 'string' },
  },
});

function main(): void {
  const out = args.out!;
  const info = args.info && existsSync(args.info) ? (JSON.parse(readFileSync(args.info, 'utf8')) as Record<string, string>) : {};
  const rows: TrackerRow[] = [];
  const overlapRows: OverlapRow[] = [];
  const failed: string[] = [];
  // In the order run.sh ran them.
  const names = readdirSync(out).sort((a, b) => statSync(join(out, a)).mtimeMs - statSync(join(out, b)).mtimeMs);
  for (const name of names) {
    if (name.endsWith('.failed')) failed.push(`${name.replace(/\.failed$/, '')}: ${readFileSync(join(out, name), 'utf8').trim()}`);
    if (!name.endsWith('.json') || name === 'runtimes.json') continue;
    const row = JSON.parse(readFileSync(join(out, name), 'utf8')) as Partial<TrackerRow> & Partial<OverlapRow>;
    if (row.row && row.msPerFrame) rows.push(row as TrackerRow);
    else if (row.row && row.overlapComparison) overlapRows.push(row as OverlapRow);
  }
  const adapterInfo = rows.find((r) => r.adapterInfo)?.adapterInfo;
  const dawn = adapterInfo ? [adapterInfo.vendor, adapterInfo.architecture, adapterInfo.description].filter(Boolean).join(' ') : '';
  const lines = [
    '# SignLearn GPU rows',
    '',
    `Card: ${args.card || 'no nvidia-smi on this machine'}; WebGPU adapter: ${args.adapter === 'null' ? "Dawn's null adapter (executes nothing: CPU-side dispatch cost only)" : dawn || 'none found'}.`,
    `Run ${new Date().toISOString()}; commit ${info.commit ?? 'unknown'} (bundle built ${info.builtAt ?? '?'}); Node ${rows[0]?.node ?? process.version}.`,
    '',
  ];
  if (rows.length) {
    lines.push(
      `Tracker end to end (bench/gpu-bundle/tracker_row.ts): the timed frames follow untimed ones (at least 5 frames and 2 s, so that the GPU has ramped its clock), back and forth over ${rows[0]!.clipFrames} decoded 640x480 frames of each clip; ms per frame median (p10-p90); stages: median ms; GPU calls: per timed frame (dispatches / submits / buffer writes / maps).`,
      '',
      `| row | backend | models (pose/hand) | replay | clip | timed frames | ms per frame | frames/s | ${STAGES.map(([, label]) => label).join(' | ')} | GPU calls |`,
      `|---|---|---|---|---|---|---|---|${STAGES.map(() => '---|').join('')}---|`,
    );
    for (const r of rows) {
      const m = r.msPerFrame;
      const calls = r.gpuCallsPerFrame ? `${r.gpuCallsPerFrame.dispatches} / ${r.gpuCallsPerFrame.submits} / ${r.gpuCallsPerFrame.writes} / ${r.gpuCallsPerFrame.maps}` : '';
      const stages = STAGES.map(([key]) => (r.stagesMedianMs[key] ?? NaN).toFixed(2)).join(' | ');
      const backend = r.backend === 'wasm' ? 'TF.js WASM, 1 thread' : 'TF.js WebGPU (Dawn)';
      lines.push(
        `| ${r.row} | ${backend} | ${r.poseModel}/${r.handModel} | ${r.backend === 'webgpu' ? (r.replay ? (r.fused === false ? 'on, model by model' : 'on, one submission') : 'off') : ''} | ${r.clip} | ${r.frames} | ${m.median.toFixed(2)} (${m.p10.toFixed(2)}-${m.p90.toFixed(2)}) | ${r.framesPerSecond} | ${stages} | ${calls} |`,
      );
    }
    lines.push('');
  }
  if (overlapRows.length) {
    lines.push(
      'Overlapped frames (bench/gpu-bundle/overlap_row.ts): two trackers in one process on the same frames, in alternating blocks; sequential: each frame read back before the next is submitted; overlapped: the next frame submitted before the last is read back, its crops from the landmarks of the frame before. Agreement: overlapped against sequential landmarks on the same frames, per part: median over frames of the mean px, largest px, frames where only one found the part.',
      '',
      '| row | models (pose/hand) | clip | timed frames | sequential ms / frames/s | overlapped ms / frames/s | ratio | pose px | left hand px | right hand px |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const r of overlapRows) {
      const part = (p: OverlapRow['agreement']['pose']) => `${p.medianMeanPx} (max ${p.maxPx}; ${p.framesOnlyOne} of ${p.framesBoth + p.framesOnlyOne} frames found by one only)`;
      lines.push(
        `| ${r.row} | ${r.poseModel}/${r.handModel} | ${r.clip} | ${r.frames} | ${r.sequential.msPerFrame} / ${r.sequential.framesPerSecond} | ${r.overlapped.msPerFrame} / ${r.overlapped.framesPerSecond} | x${r.overlappedOverSequentialFramesPerSecond} | ${part(r.agreement.pose)} | ${part(r.agreement.leftHand)} | ${part(r.agreement.rightHand)} |`,
      );
    }
    lines.push('');
  }
  if (failed.length) lines.push('Rows that failed (see ROW.log beside this file):', '', ...failed.map((f) => `- ${f}`), '');
  const runtimesPath = join(out, 'runtimes.json');
  if (existsSync(runtimesPath)) lines.push(runtimesMarkdown(JSON.parse(readFileSync(runtimesPath, 'utf8')) as RuntimesResult));
  writeFileSync(join(out, 'results.md'), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}

main();
