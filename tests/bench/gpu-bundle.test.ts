// The GPU bundle (bench/gpu-bundle/): built here with the tracker rows only, uncompressed, then run
// by its own run.sh on Dawn's null adapter in a bare environment whose PATH has a `node` that
// refuses to run: the rows must run on the Node the bundle carries, and write their results.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGpuBundle } from '../../bench/gpu-bundle/build_gpu_bundle.ts';

const ROWS = ['webgpu-full-replay-messi', 'webgpu-full-no-replay-messi', 'webgpu-lite-replay-messi', 'webgpu-full-replay-vtest', 'wasm-full-messi'];

describe('GPU bundle', () => {
  const work = mkdtempSync(join(tmpdir(), 'signlearn-gpu-bundle-test-'));
  const dir = join(work, 'bundle');
  const out = join(work, 'out');
  const fakeBin = join(work, 'bin');
  const systemNodeCalled = join(work, 'system-node-called');
  let run: ReturnType<typeof spawnSync>;

  beforeAll(async () => {
    const files = await buildGpuBundle({ dir, rows: 'tracker', compress: false, vulkan: false, clipFrames: 3, log: () => undefined });
    expect(files.map((f) => f.name).sort()).toEqual(['base.tar', 'rows.tar', 'run.sh']);
    mkdirSync(fakeBin);
    writeFileSync(join(fakeBin, 'node'), `#!/bin/sh\ntouch '${systemNodeCalled}'\nexit 97\n`);
    chmodSync(join(fakeBin, 'node'), 0o755);
    run = spawnSync('bash', [join(dir, 'run.sh'), '--adapter', 'null', '--frames', '3', '--wasm-frames', '3', out], {
      env: { PATH: `${fakeBin}:/usr/bin:/bin`, HOME: work, SIGNLEARN_GPU_HOME: join(work, 'home') },
      encoding: 'utf8',
      timeout: 300_000,
    });
  }, 340_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('runs every tracker row on its own Node and says so in results.md', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(existsSync(systemNodeCalled)).toBe(false);
    const markdown = readFileSync(join(out, 'results.md'), 'utf8');
    expect(markdown).toContain("Dawn's null adapter");
    for (const row of ROWS) expect(markdown).toContain(`| ${row} |`);
  });

  it('writes per-row figures: medians of the timed frames, stages, GPU calls on WebGPU', () => {
    for (const row of ROWS) {
      const result = JSON.parse(readFileSync(join(out, `${row}.json`), 'utf8'));
      expect(result.row).toBe(row);
      expect(result.node).toBe(process.version);
      expect(result.frames).toBe(3);
      expect(result.clipFrames).toBe(3);
      expect(result.msPerFrame.n).toBe(3);
      expect(result.msPerFrame.median).toBeGreaterThan(0);
      expect(result.stagesMedianMs.total).toBeGreaterThan(0);
      if (result.backend === 'webgpu') {
        expect(result.adapter).toBe('Dawn null adapter');
        expect(result.gpuCallsPerFrame.dispatches).toBeGreaterThan(0);
        expect(result.graphReplays.replayed > 0).toBe(result.replay);
      } else {
        // WASM computes: the footballer is found on every timed frame.
        expect(result.gpuCallsPerFrame).toBeNull();
        expect(result.poseFound).toBe(3);
      }
    }
    expect(JSON.parse(readFileSync(join(out, 'webgpu-full-no-replay-messi.json'), 'utf8')).replay).toBe(false);
    expect(JSON.parse(readFileSync(join(out, 'webgpu-lite-replay-messi.json'), 'utf8')).poseModel).toBe('lite');
    expect(JSON.parse(readFileSync(join(out, 'webgpu-full-replay-vtest.json'), 'utf8')).clip).toBe('vtest-walk');
  });

  it('runs the overlapped-frames row: both ways on the same frames, in its own table', () => {
    const result = JSON.parse(readFileSync(join(out, 'webgpu-full-overlap-messi.json'), 'utf8'));
    expect(result.overlapComparison).toBe(true);
    expect(result.adapter).toBe('Dawn null adapter');
    expect(result.frames).toBe(3);
    expect(result.overlapped.overlap.submitted).toBe(3);
    for (const way of [result.sequential, result.overlapped]) expect(way.msPerFrame).toBeGreaterThan(0);
    // The null adapter runs no shader but does copy buffers: a read-back holds whatever its buffer
    // last held (zeros, or bytes the pool gave it before), so which frames show a body on it is
    // not fixed (no body in either way in most runs; one way's body in 3 of 3 frames once). The
    // comparison still counts every frame once, per part.
    for (const part of ['pose', 'leftHand', 'rightHand']) {
      const { framesBoth, framesOnlyOne } = result.agreement[part];
      expect(Number.isInteger(framesBoth) && Number.isInteger(framesOnlyOne), part).toBe(true);
      expect(framesBoth + framesOnlyOne, part).toBeLessThanOrEqual(3);
    }
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toContain('| webgpu-full-overlap-messi |');
  });
});
