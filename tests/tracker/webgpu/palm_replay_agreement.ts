// The palm detector recorded from TF.js WebGPU and replayed against TF.js's own WebGPU run and
// TF.js WASM, on a real photograph letterboxed as the tracker does it. Run by
// swiftshader_agreement.ts on an adapter that computes (SwiftShader through Vulkan), installed
// first: TF.js's WebGPU backend registers only if navigator.gpu exists when it is first imported.
import { join } from 'node:path';

export async function palmReplayAgreement(root: string) {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  await import('@tensorflow/tfjs-backend-wasm');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const { fileModelSource, defaultModelFolder } = await import('../../../engine/src/tracker/node/node_model_source.ts');
  const { recordGraphModel } = await import('../../../engine/src/tracker/webgpu/replay_graph_model.ts');
  const { PalmDetector } = await import('../../../engine/src/tracker/palm_detector.ts');
  const { decodeImageFile } = await import('../../../engine/src/tracker/node/node_image.ts');
  const { MODEL_FILES, PALM_OUTPUT_STRIDE } = await import('../../../engine/src/tracker/constants.ts');

  await tf.setBackend('wasm');
  const palm = new PalmDetector(await loadGraphModel(fileModelSource(join(defaultModelFolder(), MODEL_FILES.palmDetector))));
  const image = await decodeImageFile(join(root, 'data', 'real-photos', 'lauren', 'B.jpg'));
  const pixels = { data: image.data, width: image.width, height: image.height, channels: 3 as const };
  const input = palm.letterbox(pixels).slice();
  const wasmCount = await palm.detect(pixels);
  const wasmScore = palm.palms.score[0]!;
  const wasmInput = tf.tensor(input, PalmDetector.inputShape);
  const wasmOut = palm.model.execute(wasmInput, PalmDetector.outputs) as import('@tensorflow/tfjs-core').Tensor;
  const wasm = (await wasmOut.data()) as Float32Array;
  tf.dispose([wasmInput, wasmOut]);

  await tf.setBackend('webgpu');
  const { recorded, reason, outputs } = await recordGraphModel(palm.model, PalmDetector.inputShape, PalmDetector.outputs, { warm: false, sample: input });
  if (!recorded) throw new Error(`palm detector not recorded: ${reason}`);
  const replayed = new Float32Array(wasm.length);
  await recorded.replay.run(input, [replayed]);
  const replayCount = await palm.detect(pixels, recorded.replay);
  const maxAbs = (a: Float32Array, b: Float32Array, stride = 1, offset = 0) => {
    let worst = 0;
    for (let i = offset; i < a.length; i += stride) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    return worst;
  };
  const result = {
    dispatches: recorded.replay.dispatchCount,
    replayVsTfjsWebGpu: maxAbs(replayed, outputs[0]!),
    // Score logits and box / keypoint offsets (pixels of the 256 input) against WASM.
    scoreLogitReplayVsWasm: maxAbs(replayed, wasm, PALM_OUTPUT_STRIDE, 0),
    offsetPxReplayVsWasm: Math.max(...Array.from({ length: PALM_OUTPUT_STRIDE - 1 }, (_, k) => maxAbs(replayed, wasm, PALM_OUTPUT_STRIDE, k + 1))),
    palms: { wasm: wasmCount, replay: replayCount },
    scores: { wasm: wasmScore, replay: palm.palms.score[0] },
  };
  recorded.replay.dispose();
  return result;
}
