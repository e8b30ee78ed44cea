// Our tracker (engine/src/tracker) in the browser, on the main thread of the page: BlazePose full
// or lite (pose-detection, tfjs runtime) + the hand landmark model on crops from the pose, with the
// tracker's own backend selection (WebGPU on a hardware adapter only, else WASM SIMD [+ threads]).
// Per-stage times come from the tracker's `stageTimings` (TrackerStage).
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { TRACKER_STAGE_COUNT, TRACKER_STAGE_NAMES } from '../../engine/src/tracker/constants.ts';
import { LandmarkTracker } from '../../engine/src/tracker/landmark_tracker.ts';
import { resolveModelUrls } from '../../engine/src/tracker/model_urls.ts';
import { findHardwareGpu, selectBackend } from '../../engine/src/tracker/browser/select_backend.ts';
import { installRunner, unavailable, type Subject } from './common.ts';

installRunner(async (config) => {
  const preference = config.variant === 'webgpu' ? 'webgpu' : 'wasm';
  if (config.variant === 'webgpu') {
    const adapter = await findHardwareGpu();
    if (!adapter) throw unavailable('no hardware WebGPU adapter (only a software one, SwiftShader, or none)');
  }
  if (config.variant === 'wasm-simd-threads' && !crossOriginIsolated) throw new Error('bench: threads variant needs a crossOriginIsolated page');
  const origin = `${location.origin}${config.base}`;
  let tracker: LandmarkTracker;
  const out = createLandmarkFrame(640, 480);
  const timings = new Float64Array(TRACKER_STAGE_COUNT);
  let t = 0;
  const subject: Subject = {
    async load() {
      const backend = await selectBackend({ preference, wasmBaseUrl: `${origin}/tfjs-wasm/` });
      if (preference === 'webgpu' && backend.name !== 'webgpu') throw unavailable(`WebGPU did not start (${backend.name} instead)`);
      const models = config.options?.models === 'lite' ? 'lite' : 'full';
      const urls = resolveModelUrls({ modelBaseUrl: `${origin}/models/`, poseModel: models, handModel: models });
      tracker = await LandmarkTracker.load(urls, { poseModel: models, handModel: models });
      // On WebGPU the warm-up also records each model's dispatches for replay, as in the worker.
      if (backend.name === 'webgpu') await tracker.warmUp(640, 480);
      return { library: 'signlearn engine tracker', ...backend, crossOriginIsolated, models: `blazepose-detector + blazepose-${models}; handlandmark-${models} (crops from pose)`, handBatch: tracker.handBatch, replayedModels: tracker.graphReplays.replayed };
    },
    async frame(canvas) {
      t += 1000 / 30;
      await tracker.track(canvas, t, out, timings);
      const stages: Record<string, number> = {};
      for (let i = 0; i < TRACKER_STAGE_NAMES.length; i++) {
        const name = TRACKER_STAGE_NAMES[i]!;
        if (name !== 'total') stages[name] = timings[i]!;
      }
      return { stages, pose: out.present[Part.pose] === 1, hands: out.present[Part.leftHand]! + out.present[Part.rightHand]! };
    },
  };
  return subject;
});
