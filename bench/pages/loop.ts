// Stage 4: the whole practice loop in the browser, as the camera screen runs it: a camera
// delivers frames at 30 fps; whenever the loop is free it takes the newest frame, tracks it,
// computes the joint angles, matches them with the reference and steps the practice state machine.
// Measured: latency from frame capture to the state machine's decision (and to each progress
// event), per stage, and camera frames dropped while the loop was busy.
//
// The camera is a stand-in: the clip's frames, pre-drawn on canvases, "captured" at
// t0 + i * 33.3 ms. The reference sign is made in the page from the tracker's own landmarks on
// the clip's first frames (also the warm-up), so the learner (the same clip) can match it. The
// camera runs until the loop has processed `loopFrames` frames; every frame it skipped is dropped.
import { computeAngleFrame } from '../../engine/src/angles/compute_angle_frame.ts';
import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { PracticeSession, type PracticeSign } from '../../engine/src/practice/practice_session.ts';
import type { PracticeEvent } from '../../engine/src/practice/practice_events.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { compileReference } from '../../engine/src/reference/compile_reference.ts';
import { TRACKER_STAGE_COUNT } from '../../engine/src/tracker/constants.ts';
import { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { resolveModelUrls } from '../../engine/src/tracker/model_urls.ts';
import { selectBackend } from '../../engine/src/tracker/select_backend.ts';
import type { RawRunResult } from '../lib/types.ts';
import { loadFrames } from './common.ts';

const FRAME_MS = 1000 / 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

window.runBench = async (config) => {
  const options = config.options as { referenceFrames: number; loopFrames: number };
  try {
    const frames = await loadFrames(config);
    const origin = `${location.origin}${config.base}`;
    const t0 = performance.now();
    const backend = await selectBackend({ preference: 'wasm', wasmBaseUrl: `${origin}/tfjs-wasm/` });
    const tracker = await LandmarkTracker.load(resolveModelUrls({ modelBaseUrl: `${origin}/models/` }), {});
    const tLoaded = performance.now();
    const landmarks = createLandmarkFrame(frames.width, frames.height);
    const timings = new Float64Array(TRACKER_STAGE_COUNT);

    // Reference from the first frames (warm-up included).
    const referenceAngles: AngleFrame[] = [];
    let firstFrameMs = NaN;
    for (let i = 0; i < options.referenceFrames; i++) {
      await tracker.track(frames.canvases[i % frames.canvases.length]!, i * FRAME_MS, landmarks, timings);
      if (i === 0) firstFrameMs = performance.now() - t0;
      const angles = createAngleFrame();
      computeAngleFrame(landmarks, angles);
      referenceAngles.push(angles);
    }
    const sign = buildReferenceSign(referenceAngles, 'bench.gif');
    const reference = compileReference('bench', sign);
    // Enough signs that the lesson never ends during the run (each completed sign locks 1 s).
    const signs: PracticeSign[] = Array.from({ length: 50 }, (_, i) => ({ name: `bench-${i}`, reference }));
    const progressAt: number[] = [];
    const events: Record<string, number> = {};
    const session = new PracticeSession(signs, {
      onEvent: (event: PracticeEvent) => {
        events[event.type] = (events[event.type] ?? 0) + 1;
        if (event.type === 'progress') progressAt.push(event.atMs);
      },
    });

    const angles = createAngleFrame();
    const latencyMs: number[] = [];
    const progressLatencyMs: number[] = [];
    const stagesMs = { tracker: [] as number[], angles: [] as number[], matchAndState: [] as number[], waitBeforeStart: [] as number[] };
    let processed = 0;
    let dropped = 0;
    let advances = 0;
    let last = -1;
    const camera0 = performance.now();
    session.start(0);
    // The camera runs (cycling through the clip) until the loop has processed loopFrames frames.
    while (processed < options.loopFrames) {
      const now = performance.now();
      let index = Math.floor((now - camera0) / FRAME_MS);
      if (index === last) {
        await sleep(camera0 + (last + 1) * FRAME_MS - now);
        index = last + 1;
      }
      dropped += index - last - 1;
      last = index;
      const capturedAt = camera0 + index * FRAME_MS;
      const start = performance.now();
      await tracker.track(frames.canvases[index % frames.canvases.length]!, capturedAt - camera0, landmarks, timings);
      const tracked = performance.now();
      computeAngleFrame(landmarks, angles);
      const angled = performance.now();
      const before = progressAt.length;
      const advanced = session.onFrame(angles, angled - camera0);
      const decided = performance.now();
      if (advanced) advances++;
      for (let k = before; k < progressAt.length; k++) progressLatencyMs.push(decided - capturedAt);
      latencyMs.push(decided - capturedAt);
      stagesMs.waitBeforeStart.push(start - capturedAt);
      stagesMs.tracker.push(tracked - start);
      stagesMs.angles.push(angled - tracked);
      stagesMs.matchAndState.push(decided - angled);
      processed++;
    }
    const cameraFrames = last + 1;
    const result: RawRunResult & { loop: Record<string, unknown> } = {
      status: 'ok',
      backend: { library: 'signlearn engine (tracker + angles + match + PracticeSession)', ...backend, crossOriginIsolated },
      loadMs: tLoaded - t0,
      firstFrameMs,
      firstInferenceMs: firstFrameMs - (tLoaded - t0),
      totalMs: latencyMs,
      stagesMs,
      passMedianMs: [],
      detections: { frames: processed, pose: 0, hands: 0 },
      loop: {
        cameraFps: 30,
        cameraFrames,
        processed,
        dropped,
        droppedPercent: (100 * dropped) / cameraFrames,
        loopFps: Math.round((processed / ((performance.now() - camera0) / 1000)) * 10) / 10,
        referenceFrames: options.referenceFrames,
        referenceSlice: reference.frameCount,
        progressEvents: progressAt.length,
        advances,
        events,
        signsCompleted: session.signsDone,
        latencyMs,
        progressLatencyMs,
        stagesMs,
      },
    };
    tracker.dispose();
    return result;
  } catch (error) {
    return {
      status: 'error',
      reason: String((error as Error)?.stack ?? error),
      backend: {},
      loadMs: NaN,
      firstFrameMs: NaN,
      firstInferenceMs: NaN,
      totalMs: [],
      stagesMs: {},
      passMedianMs: [],
      detections: { frames: 0, pose: 0, hands: 0 },
    };
  }
};
window.benchReady = true;
