// The whole tracker on a video of the fixture photograph (the same frame, timestamps 33 ms apart:
// detector on the first frame, then the body and both hands followed) on TF.js WASM and on WebGPU
// in the ways asked for: `fused` (each tracked frame one submission, crops cut on the GPU),
// `fusedCpuCrops` (crops cut in JS), `modelByModel` (`fusedFrame: false`) and `overlapped`
// (`overlapFrames`: each frame submitted before the one before is collected, its crops from the
// landmarks of the frame before that). Per frame: the largest landmark distance in frame pixels
// from WASM (and between the WebGPU ways), and how the frames ran. A WebGPU adapter must be
// installed first (installNodeWebGpu): TF.js's WebGPU backend registers only if navigator.gpu
// exists when it is first imported, so TF.js is imported only once this is called.
import { join } from 'node:path';
import type { LandmarkFrame } from '../../../engine/src/core/landmark_frame.ts';

type Frame = LandmarkFrame;

/** The largest distance in frame pixels between the landmarks of parts both frames hold; -1 when the parts found differ. */
function worstPx(a: Frame, b: Frame): number {
  if (a.present.some((p, i) => p !== b.present[i])) return -1;
  let worst = 0;
  const parts = [a.pose, a.leftHand, a.rightHand] as const;
  const others = [b.pose, b.leftHand, b.rightHand] as const;
  parts.forEach((points, part) => {
    if (!a.present[part]) return;
    const other = others[part]!;
    for (let i = 0; i < points.length; i += 4) {
      worst = Math.max(worst, Math.hypot((points[i]! - other[i]!) * a.imageWidth, (points[i + 1]! - other[i + 1]!) * a.imageHeight));
    }
  });
  return worst;
}

const CONFIGS: Record<string, { fusedFrame: boolean; cropOnGpu: boolean; overlapFrames?: boolean }> = {
  fused: { fusedFrame: true, cropOnGpu: true },
  overlapped: { fusedFrame: true, cropOnGpu: true, overlapFrames: true },
  fusedCpuCrops: { fusedFrame: true, cropOnGpu: false },
  modelByModel: { fusedFrame: false, cropOnGpu: false },
};

export async function fusedFrameAgreement(root: string, frames: number, ways: readonly string[]) {
  const unknown = ways.filter((way) => !CONFIGS[way]);
  if (unknown.length > 0) throw new Error(`no way named ${unknown.join(', ')}; the ways are ${Object.keys(CONFIGS).join(', ')}`);
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  await import('@tensorflow/tfjs-backend-wasm');
  const { LandmarkTracker } = await import('../../../engine/src/tracker/landmark_tracker.ts');
  const { fileModelSource, defaultModelFolder } = await import('../../../engine/src/tracker/node/node_model_source.ts');
  const { modelFileNames } = await import('../../../engine/src/tracker/model_urls.ts');
  const { decodeImageFile } = await import('../../../engine/src/tracker/node/node_image.ts');
  const { createLandmarkFrame, cloneLandmarkFrame } = await import('../../../engine/src/core/landmark_frame.ts');

  const folder = defaultModelFolder();
  const files = modelFileNames('full', 'full');
  const image = await decodeImageFile(join(root, 'data', 'photographs', 'messi5.jpg'));
  const pixels = { data: image.data, width: image.width, height: image.height, channels: 3 as const };

  async function trackVideo(backend: 'wasm' | 'webgpu', config: { fusedFrame?: boolean; cropOnGpu?: boolean; overlapFrames?: boolean }) {
    await tf.setBackend(backend);
    await tf.ready();
    const tracker = await LandmarkTracker.load(
      {
        poseDetector: fileModelSource(join(folder, files.poseDetector)),
        poseLandmarks: fileModelSource(join(folder, files.poseLandmarks)),
        handLandmarks: fileModelSource(join(folder, files.handLandmarks)),
      },
      { ...config, palmDetection: false },
    );
    await tracker.warmUp(image.width, image.height);
    const frame = createLandmarkFrame(image.width, image.height);
    const out: Frame[] = [];
    const ms: number[] = [];
    if (config.overlapFrames) {
      // Frame i submitted, then frame i - 1 collected: two in flight. The times are per collected frame.
      const spare = createLandmarkFrame(image.width, image.height);
      let started = performance.now();
      const collect = async () => {
        const done = await tracker.collect();
        ms.push(performance.now() - started);
        started = performance.now();
        out.push(cloneLandmarkFrame(done!));
      };
      for (let i = 0; i < frames; i++) {
        await tracker.submit(pixels, i * 33, i % 2 === 0 ? frame : spare);
        if (i > 0) await collect();
      }
      await collect();
    } else {
      for (let i = 0; i < frames; i++) {
        const started = performance.now();
        await tracker.track(pixels, i * 33, frame);
        ms.push(performance.now() - started);
        out.push(cloneLandmarkFrame(frame));
      }
    }
    // Wall ms per frame after the first (the detector's): meaningful on a hardware adapter only.
    const tracked = ms.slice(1).sort((a, b) => a - b);
    const medianMs = tracked.length > 0 ? Math.round(tracked[Math.floor(tracked.length / 2)]! * 100) / 100 : null;
    const result = {
      frames: out,
      medianMs,
      graphReplays: tracker.graphReplays,
      frameSubmissions: { ...tracker.frameSubmissions },
      ...(config.overlapFrames ? { overlap: tracker.overlapCounts } : {}),
    };
    tracker.dispose();
    return result;
  }

  const started = performance.now();
  const wasm = await trackVideo('wasm', {});
  const runs: Record<string, Awaited<ReturnType<typeof trackVideo>>> = {};
  for (const way of ways) runs[way] = await trackVideo('webgpu', CONFIGS[way]!);
  const first = runs[ways[0]!]!;
  return {
    seconds: Math.round((performance.now() - started) / 1000),
    wasmPresent: wasm.frames.map((f) => Array.from(f.present)),
    wasmMedianMsPerTrackedFrame: wasm.medianMs,
    ways: Object.fromEntries(
      Object.entries(runs).map(([way, run]) => [
        way,
        {
          present: run.frames.map((f) => Array.from(f.present)),
          medianMsPerTrackedFrame: run.medianMs,
          graphReplays: run.graphReplays,
          frameSubmissions: run.frameSubmissions,
          ...('overlap' in run ? { overlap: run.overlap } : {}),
          vsWasmPx: run.frames.map((f, i) => worstPx(f, wasm.frames[i]!)),
          [`vs_${ways[0]}_Px`]: run.frames.map((f, i) => worstPx(f, first.frames[i]!)),
        },
      ]),
    ),
  };
}
