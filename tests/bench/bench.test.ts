// Runs `npm run bench -- --quick` (the same command, through node directly) and checks that it
// wrote well-formed JSON, Markdown and SVG. Never asserts a speed: these machines are shared.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopRows } from '../../bench/run/practice_loop_stage.ts';

const root = join(import.meta.dirname, '..', '..');
let outDir: string;
let result: ReturnType<typeof spawnSync>;

/** Checks that every tag of an SVG/XML text is closed in order (no XML parser in the deps). */
function assertWellFormedXml(text: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>/g;
  const stripped = text.replace(/<\?xml[^>]*\?>/, '');
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = tag.exec(stripped))) {
    expect(stripped.slice(consumed, m.index)).not.toMatch(/[<>]/);
    consumed = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name!);
  }
  expect(stripped.slice(consumed)).not.toMatch(/[<>]/);
  expect(stack).toEqual([]);
}

describe('npm run bench -- --quick', () => {
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'bench-'));
    // Every stage, and of the practice loop's ten rows the app's own (the full models, two
    // threads, a held letter's schedule): each row is the same page with other settings, and all
    // ten take minutes (`npm run bench -- --quick` runs them).
    result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/run.ts', '--quick', '--loop-rows', 'full-2-on', '--out', outDir], {
      cwd: root,
      encoding: 'utf8',
      // The limit only stops a hung run.
      timeout: 540_000,
    });
  }, 600_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('exits 0', () => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  });

  it('writes JSON with machine info and every stage', () => {
    const out = JSON.parse(readFileSync(join(outDir, 'bench.json'), 'utf8'));
    expect(out.schema).toBe('signlearn-bench/1');
    expect(out.mode).toBe('quick');
    expect(out.machine.cpuModel).toEqual(expect.any(String));
    expect(out.machine.cores).toBeGreaterThan(0);
    expect(out.machine.node).toMatch(/^v\d+/);
    expect(out.machine.chromium).toMatch(/^\d+\./);
    expect(['ok', 'pending', 'error']).toContain(out.engineHotPath.status);
    expect(out.clips.map((c: { name: string }) => c.name)).toContain('messi-zoom');

    const ids = out.runs.map((r: { id: string }) => r.id);
    for (const id of ['tracker/node-wasm/messi-zoom', 'tracker/chromium-wasm-simd/messi-zoom', 'tracker/chromium-wasm-simd-threads/messi-zoom', 'tracker/chromium-webgpu/messi-zoom', 'human/chromium-wasm-simd/messi-zoom', 'human/chromium-wasm-simd-threads/messi-zoom']) {
      expect(ids).toContain(id);
    }
    expect(out.runs.some((r: { subject: string }) => r.subject.startsWith('mediapipe'))).toBe(true);
    for (const run of out.runs) {
      expect(['ok', 'unavailable', 'error']).toContain(run.status);
      if (run.status !== 'ok') {
        expect(run.reason).toEqual(expect.any(String));
        continue;
      }
      for (const stat of [run.steady.msPerFrame, run.firstFrame.firstFrameMs, ...Object.values(run.steady.stagesMs)] as Array<{ median: number; p10: number; p90: number }>) {
        for (const key of ['median', 'p10', 'p90'] as const) expect(Number.isFinite(stat[key]), `${run.id} ${key}`).toBe(true);
        expect(stat.p10).toBeLessThanOrEqual(stat.p90);
      }
      expect(run.steady.msPerFrame.median).toBeGreaterThan(0);
    }
    // The bench works: our tracker and the main CPU peer ran in the browser.
    const byId = Object.fromEntries(out.runs.map((r: { id: string }) => [r.id, r]));
    expect(byId['tracker/chromium-wasm-simd/messi-zoom'].status).toBe('ok');
    expect(byId['human/chromium-wasm-simd/messi-zoom'].status).toBe('ok');
    expect(out.ratios.length).toBeGreaterThan(0);
    for (const ratio of out.ratios) expect(ratio.ratio).toBeGreaterThan(0);
    // The practice loop's row: the camera's frames tracked or dropped, each tracked one judged.
    expect(out.practiceLoop.status).toBe('ok');
    expect(out.practiceLoop.rows).toHaveLength(1);
    const loop = out.practiceLoop.rows[0];
    expect([loop.poseModel, loop.threads, loop.coreBusy]).toEqual(['full', 2, false]);
    expect(loop.schedule).toMatch(/^body every \d+, other hand every \d+$/);
    expect(loop.processed).toBe(60);
    expect(loop.processed + loop.dropped).toBeLessThanOrEqual(loop.cameraFrames);
    expect(loop.framesWithHand).toBeGreaterThan(0);
    expect(loop.latencyMs.median).toBeGreaterThan(0);
    expect(loop.latencyMs.p10).toBeLessThanOrEqual(loop.latencyMs.p90);
    // The LiteRT.js peer: the landmark models on both runtimes in the browser...
    expect(byId['models-tfjs/chromium-wasm-simd/messi-zoom'].status).toBe('ok');
    expect(byId['models-litert/chromium-wasm-simd/messi-zoom'].status).toBe('ok');
    // ...and in Node, WebGPU on Dawn's null adapter: TF.js before and now, LiteRT.js.
    const rows = Object.fromEntries(out.runtimes.rows.map((r: { id: string }) => [r.id, r]));
    for (const id of ['tfjs-webgpu-batched', 'tfjs-webgpu-replay', 'litert-webgpu']) {
      expect(rows[id].status, `${id}: ${rows[id].reason}`).toBe('ok');
      expect(rows[id].units.frame.calls.dispatches).toBeGreaterThan(100);
      expect(rows[id].units.frame.wallMs.median).toBeGreaterThan(0);
    }
    expect(rows['tfjs-webgpu-replay'].units.frame.calls.bindGroups).toBe(0);
    expect(out.runtimes.target.wallRatio).toBeGreaterThan(0);
  });

  it('writes a Markdown table and a well-formed SVG chart', () => {
    const md = readFileSync(join(outDir, 'bench.md'), 'utf8');
    expect(md).toMatch(/^# Bench results \(quick\)/);
    expect(md).toContain('| subject | runtime | clip |');
    expect(md).toContain('| our tracker | chromium-wasm-simd | messi-zoom |');
    expect(md).toContain('| @vladmandic/human | chromium-wasm-simd | messi-zoom |');
    expect(md).toContain('## 8. Runtimes: TF.js and LiteRT.js');
    expect(md).toContain('| tfjs-webgpu-replay | tracked frame (pose + two hands) |');
    const svg = readFileSync(join(outDir, 'bench.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    assertWellFormedXml(svg);
    expect(svg).toContain('<rect');
  });
});

describe('--loop-rows', () => {
  it('picks practice-loop rows by name, in the order given, and refuses a name no row has', () => {
    expect(loopRows(undefined)).toHaveLength(12);
    expect(loopRows(['full-2-on-busy', 'lite-1-off', 'full-1-moving'])).toEqual([
      { poseModel: 'full', handModel: 'full', wasmThreads: 2, schedule: 'held', coreBusy: true },
      { poseModel: 'lite', handModel: 'lite', wasmThreads: 1, schedule: 'off', coreBusy: false },
      { poseModel: 'full', handModel: 'full', wasmThreads: 1, schedule: 'moving', coreBusy: false },
    ]);
    expect(() => loopRows(['full-3-on'])).toThrow(/no row named full-3-on; the rows are full-1-off, full-1-on, .*full-2-on-busy$/);
  });
});
