// The tracker on TF.js WebGPU in Node, through Dawn (npm `webgpu`), in child processes
// (tfjs-backend-webgpu registers only if navigator.gpu exists when it is first imported), the
// checks that compute on SwiftShader in one of them:
// - Dawn's null adapter, on any machine: the tracker loads, records its models, runs frames;
// - SwiftShader through Vulkan (Debian's chromium package), which computes: the recorded and
//   replayed graphs give TF.js WebGPU's own results exactly and the landmarks of TF.js WASM within
//   0.1 px, on crops of the fixture photographs; the palm detector likewise, on a real photograph;
//   the GPU crop pass cuts JS's crops within float rounding; the whole tracker with each tracked
//   frame as one submission (crops on the GPU) gives TF.js WASM's landmarks within 0.05 px.
// - overlapped frames on the null adapter: the next frame submitted before the last is read back,
//   two in flight at most, each frame one submission, no tensor left behind.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PHOTOGRAPHS_DIR } from '../../server/paths.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

async function child(script: string, arg: string | string[], timeoutMs: number): Promise<Record<string, unknown>> {
  const path = script.includes('/') ? join(root, script) : join(import.meta.dirname, 'webgpu', script);
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path, ...[arg].flat()], {
    cwd: root,
    timeout: timeoutMs,
    maxBuffer: 16 * 2 ** 20,
  });
  const line = stdout.trim().split('\n').pop()!;
  return JSON.parse(line) as Record<string, unknown>;
}

describe('WebGPU tracker in Node', () => {
  it('loads, records every model and tracks frames on the null adapter', { timeout: 600_000 }, async () => {
    const result = (await child('track_on_null_adapter.ts', PHOTOGRAPHS_DIR, 580_000)) as {
      backend: string;
      adapter: string;
      graphReplays: { replayed: number; skipped: string[] };
      handBatch: number;
      tensorsAfterFirst: number;
      tensorsAfterSecond: number;
      present: number[];
      perFrame: { dispatches: number; bindGroups: number };
      perStill: { dispatches: number; bindGroups: number };
      palmRunsInStill: number;
      perPalmRun: { dispatches: number; bindGroups: number; writes: number; submits: number; maps: number };
    };
    expect(result.backend).toBe('webgpu');
    expect(result.adapter).toBe('Dawn null adapter');
    // Pose landmarks, pose detector, hand landmarks for one crop and for two, palm detector.
    expect(result.graphReplays).toEqual({ replayed: 5, skipped: [] });
    expect(result.handBatch).toBe(2);
    expect(result.tensorsAfterSecond).toBe(result.tensorsAfterFirst);
    // Read-backs say nothing is there (see the child): no body, so the detector runs every frame;
    // its 108 dispatches are replayed, only pose-detection's own pre- and post-processing still
    // makes a bind group per op.
    expect(result.present).toEqual([0, 0, 0]);
    expect(result.perFrame.dispatches).toBeGreaterThanOrEqual(108);
    expect(result.perFrame.bindGroups).toBe(result.perFrame.dispatches - 108);
    // The still image adds the palm detector (no hand from the body path: upright, then the seven
    // other turns, as no hand is found) and the hand model on the whole frame (72 replayed
    // dispatches), no bind group made for either.
    expect(result.palmRunsInStill).toBe(8);
    expect(result.perStill.dispatches - result.perFrame.dispatches).toBeGreaterThanOrEqual(72 + 8 * result.perPalmRun.dispatches);
    expect(result.perStill.bindGroups).toBe(result.perFrame.bindGroups);
    // A palm detector run from its recording: one input write, one pass, one read-back, no bind group.
    expect(result.perPalmRun.dispatches).toBeGreaterThan(100);
    expect(result.perPalmRun).toMatchObject({ bindGroups: 0, writes: 1, submits: 1, maps: 1 });
  });

  it('runs a tracked frame as one submission and one read-back (null adapter, outputs computed by WASM)', { timeout: 600_000 }, async () => {
    type Way = {
      framesWithBodyAndBothHands: number;
      detectorRuns: number;
      frameSubmissions: { fused: number; poseAlone: number; handRerun: number };
      perFrame: Record<string, number>;
      fusedFrameCalls: Array<{ frames: number; calls: Record<string, number> }>;
    };
    const frames = 12;
    const result = (await child('bench/gpu-frame/tracked_frame_calls.ts', ['--frames', String(frames)], 580_000)) as {
      adapter: string;
      fused: Way;
      modelByModel: Way;
    };
    expect(result.adapter).toBe('Dawn null adapter');
    // Both trackers followed the body and both hands on every frame (the read-backs carried WASM's outputs).
    for (const way of [result.fused, result.modelByModel]) {
      expect(way.framesWithBodyAndBothHands).toBe(frames);
      expect(way.detectorRuns).toBe(0);
    }
    // Model by model: the pose's write and submission, pose-detection's four read-backs, the
    // hands' write, submission and read-back.
    expect(result.modelByModel.perFrame).toMatchObject({ submits: 6, maps: 5, dispatches: 201, bindGroups: 0 });
    expect(result.modelByModel.frameSubmissions.fused).toBe(0);
    // Fused: most frames carry both hands with the pose; each such frame is one submission and
    // one map, two writes (the frame's bytes, the crop matrices), the same 201 replayed
    // dispatches and two crop dispatches (the body's crop, both hands' crops), no bind group
    // made, nothing uploaded through TF.js.
    expect(result.fused.frameSubmissions.fused).toBeGreaterThanOrEqual(frames / 2);
    expect(result.fused.fusedFrameCalls.reduce((n, c) => n + c.frames, 0)).toBe(result.fused.frameSubmissions.fused);
    for (const { calls } of result.fused.fusedFrameCalls) {
      expect(calls).toMatchObject({ writes: 2, submits: 1, maps: 1, dispatches: 203, bindGroups: 0, mappedUploads: 0 });
    }
  });

  it('overlaps tracked frames: the next submitted before the last is read back, each still one submission (null adapter)', { timeout: 600_000 }, async () => {
    type Way = {
      framesWithBodyAndBothHands: number;
      detectorRuns: number;
      frameSubmissions: { fused: number; poseAlone: number; handRerun: number };
      perFrame: Record<string, number>;
    };
    const frames = 12;
    const result = (await child('bench/gpu-frame/tracked_frame_calls.ts', ['--frames', String(frames), '--overlap'], 580_000)) as {
      adapter: string;
      overlapped: Way & {
        overlap: { submitted: number; maxInFlight: number; cropsFromOlderFrame: number; maxReadBacksInFlight: number; submittedBeforeReadBack: number };
        tensorsAfterEachFrame: { min: number; max: number };
        tensorsNoneInFlight: number[];
      };
    };
    const { overlapped } = result;
    expect(result.adapter).toBe('Dawn null adapter');
    // Frames collected with the body and both hands, the body followed (its crop from older landmarks).
    expect(overlapped.framesWithBodyAndBothHands).toBe(frames);
    expect(overlapped.detectorRuns).toBe(0);
    // Two frames in flight at most, and so two read-backs; frames were submitted while the one
    // before waited for its read-back (in blocks of 10, the first of a block has none before it).
    expect(overlapped.overlap.submitted).toBe(frames);
    expect(overlapped.overlap.maxInFlight).toBe(2);
    expect(overlapped.overlap.maxReadBacksInFlight).toBe(2);
    expect(overlapped.overlap.submittedBeforeReadBack).toBeGreaterThanOrEqual(frames / 2);
    expect(overlapped.overlap.cropsFromOlderFrame).toBe(overlapped.overlap.submittedBeforeReadBack);
    // Each frame still one submission and one map, with the calls of the frame read back before the next.
    expect(overlapped.frameSubmissions.fused).toBeGreaterThanOrEqual(frames / 2);
    const ownRuns = overlapped.frameSubmissions.handRerun + overlapped.frameSubmissions.poseAlone;
    expect(Math.round(overlapped.perFrame.submits! * frames)).toBe(frames + ownRuns);
    expect(Math.round(overlapped.perFrame.maps! * frames)).toBe(frames + ownRuns);
    expect(overlapped.perFrame).toMatchObject({ bindGroups: 0, mappedUploads: 0 });
    // A frame's replayed dispatches and crops at least (the hands' own runs add theirs; how many
    // frames need one depends on how the rects moved, so it is not compared with the default's).
    expect(overlapped.perFrame.dispatches).toBeGreaterThanOrEqual(203);
    // Nothing leaks: a frame in flight holds its own few tensors; with none in flight the count stands.
    expect(overlapped.tensorsAfterEachFrame.max - overlapped.tensorsAfterEachFrame.min).toBeLessThanOrEqual(4);
    expect(new Set(overlapped.tensorsNoneInFlight).size).toBe(1);
  });

  it('cuts the crops on the GPU as crop_rotated_rect does in JS (SwiftShader)', { timeout: 300_000 }, async () => {
    type Crops = { maxDifference: number[]; spread: number[] };
    const result = (await child('crop_pass_agreement.ts', root, 280_000)) as { adapter: string; rgb: Crops; rgba: Crops };
    expect(result.adapter).toMatch(/swiftshader/i);
    for (const crops of [result.rgb, result.rgba]) {
      // The body's crop past the frame's edges (border replicated) and both turned hand crops of one
      // dispatch: within float rounding of JS (measured 2e-5 of the 0..1 range, 0.005 of a grey level).
      expect(crops.maxDifference).toHaveLength(3);
      for (const d of crops.maxDifference) expect(d).toBeLessThan(1e-4);
      // The crops hold the photograph, not a blank.
      for (const range of crops.spread) expect(range).toBeGreaterThan(0.5);
    }
  });

  // The three checks that compute on SwiftShader share one child process (swiftshader_agreement.ts),
  // run once by whichever of them comes first: the shaders TF.js compiles for the pose and hand
  // models, most of a minute of SwiftShader's time, are compiled once for all three.
  type SwiftShaderResult = {
    adapter: string;
    fused: {
      wasmPresent: number[][];
      ways: { fused: { present: number[][]; frameSubmissions: { fused: number; poseAlone: number; handRerun: number }; vsWasmPx: number[] } };
    };
    models: Array<{
      name: string;
      dispatches: number;
      replayVsTfjsWebGpu: number[];
      executeSwapVsTfjsWebGpu?: number[];
      landmarkPxReplayVsWasm: number;
      presenceReplayVsWasm: number;
      landmarkSpread: number;
    }>;
    palm: {
      dispatches: number;
      replayVsTfjsWebGpu: number;
      scoreLogitReplayVsWasm: number;
      offsetPxReplayVsWasm: number;
      palms: { wasm: number; replay: number };
      scores: { wasm: number; replay: number };
    };
  };
  let swiftShaderRun: Promise<SwiftShaderResult> | undefined;
  // Three frames: the detector's, then two followed, each from the one before (a tracked frame
  // costs SwiftShader about 8 s on an idle 2-core machine, 30 s on a busy one: a fourth one
  // proved nothing more).
  const onSwiftShader = () => (swiftShaderRun ??= child('swiftshader_agreement.ts', [root, '3'], 1_150_000) as Promise<SwiftShaderResult>);

  it('tracks with each tracked frame as one submission, crops cut on the GPU, with the landmarks of WASM (SwiftShader)', { timeout: 1_200_000 }, async () => {
    const { adapter, fused: result } = await onSwiftShader();
    const fused = result.ways.fused;
    expect(adapter).toMatch(/swiftshader/i);
    // The photograph's body and both hands, on every frame, on both backends.
    const all = [[1, 1, 1], [1, 1, 1], [1, 1, 1]];
    expect(result.wasmPresent).toEqual(all);
    expect(fused.present).toEqual(all);
    // The first frame's hands come from the body's wrists (a run of their own); the next ones ride along.
    expect(fused.frameSubmissions.poseAlone).toBe(1);
    expect(fused.frameSubmissions.fused + fused.frameSubmissions.handRerun).toBe(2);
    expect(fused.frameSubmissions.fused).toBeGreaterThanOrEqual(1);
    // Every landmark within 0.05 px of WASM's (-1 would mean different parts found).
    for (const px of fused.vsWasmPx) {
      expect(px).toBeGreaterThanOrEqual(0);
      expect(px).toBeLessThan(0.05);
    }
  });

  it('replays the palm detector with the results of TF.js WebGPU and WASM (SwiftShader)', { timeout: 1_200_000 }, async () => {
    const { adapter, palm: result } = await onSwiftShader();
    expect(adapter).toMatch(/swiftshader/i);
    expect(result.dispatches).toBeGreaterThan(100);
    // The same shaders on the same data: bit for bit.
    expect(result.replayVsTfjsWebGpu).toBe(0);
    // Against WASM (another kernel set): logits and offsets within float rounding (measured 0.0003 and 0.0001 px).
    expect(result.scoreLogitReplayVsWasm).toBeLessThan(0.01);
    expect(result.offsetPxReplayVsWasm).toBeLessThan(0.01);
    // The photograph's one palm is found the same way on both.
    expect(result.palms).toEqual({ wasm: 1, replay: 1 });
    expect(Math.abs(result.scores.wasm - result.scores.replay)).toBeLessThan(1e-3);
  });

  it('replays the pose and hand models with the results of TF.js WebGPU and WASM (SwiftShader)', { timeout: 1_200_000 }, async () => {
    const { adapter, models: results } = await onSwiftShader();
    const result = { results };
    expect(adapter).toMatch(/swiftshader/i);
    expect(result.results.map((r) => r.dispatches)).toEqual([129, 72]);
    // The pose model was also run through its swapped `execute`, as pose-detection runs it.
    expect(result.results[0]!.executeSwapVsTfjsWebGpu).toHaveLength(4);
    for (const r of result.results) {
      // The same shaders on the same data: bit for bit.
      expect(r.replayVsTfjsWebGpu.every((d) => d === 0), r.name).toBe(true);
      if (r.executeSwapVsTfjsWebGpu) expect(r.executeSwapVsTfjsWebGpu.every((d) => d === 0), r.name).toBe(true);
      expect(r.landmarkPxReplayVsWasm, r.name).toBeLessThan(0.1);
      expect(r.presenceReplayVsWasm, r.name).toBeLessThan(1e-3);
      expect(r.landmarkSpread, r.name).toBeGreaterThan(50);
    }
  });
});
