// The pose landmark and hand landmark models recorded from TF.js WebGPU and replayed
// (engine/src/tracker/webgpu/) against TF.js's own WebGPU run and TF.js WASM, on crops of the
// fixture photographs: per model, the largest differences. Run by swiftshader_agreement.ts on an
// adapter that computes (SwiftShader through Vulkan), installed first: TF.js's WebGPU backend
// registers only if navigator.gpu exists when it is first imported.
import { join } from 'node:path';

export async function modelReplayAgreement(root: string) {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-webgpu');
  await import('@tensorflow/tfjs-backend-wasm');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const { fileModelSource, defaultModelFolder } = await import('../../../engine/src/tracker/node/node_model_source.ts');
  const { fuseConvBiasActivation } = await import('../../../engine/src/tracker/fuse_conv_bias_activation.ts');
  const { freeBatchDimension } = await import('../../../engine/src/tracker/free_batch_dimension.ts');
  const { recordGraphModel, replayExecute } = await import('../../../engine/src/tracker/webgpu/replay_graph_model.ts');
  const { photoCrops, POSE_CROP_SIZE, HAND_CROP_SIZE } = await import('../../../bench/lib/photo_crops.ts');

  const folder = defaultModelFolder();
  const crops = await photoCrops(root);
  const cases = [
    {
      name: 'pose landmarks (blazepose-full)',
      source: fileModelSource(join(folder, 'blazepose-full.json')),
      input: crops.pose,
      shape: [1, POSE_CROP_SIZE, POSE_CROP_SIZE, 3],
      outputs: ['ld_3d', 'output_poseflag', 'activation_heatmap', 'world_3d'],
      // ld_3d: 39 points x (x, y, z, visibility, presence), x and y in crop pixels.
      stride: 5,
      swapExecute: true,
    },
    {
      name: 'hand landmarks (handlandmark-full, fused)',
      source: fuseConvBiasActivation(freeBatchDimension(fileModelSource(join(folder, 'handlandmark-full.json')))),
      input: crops.hands.subarray(0, HAND_CROP_SIZE * HAND_CROP_SIZE * 3),
      shape: [1, HAND_CROP_SIZE, HAND_CROP_SIZE, 3],
      outputs: ['Identity', 'Identity_1', 'Identity_2'],
      // Identity: 21 points x (x, y, z), in crop pixels.
      stride: 3,
      swapExecute: false,
    },
  ];

  const maxAbs = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i]!)), 0);
  const results = [];
  for (const c of cases) {
    await tf.setBackend('wasm');
    const model = await loadGraphModel(c.source);
    const wasmInput = tf.tensor(c.input, c.shape);
    const wasmOut = [model.execute(wasmInput, c.outputs)].flat();
    const wasm = await Promise.all(wasmOut.map((t) => t.data() as Promise<Float32Array>));
    tf.dispose([wasmInput, ...wasmOut]);

    await tf.setBackend('webgpu');
    // Record on the first run (no warm-up run: SwiftShader takes seconds per run); the recorded run
    // is TF.js's own WebGPU result.
    const started = performance.now();
    const { recorded, reason, outputs: tfjs } = await recordGraphModel(model, c.shape, c.outputs, { warm: false, sample: c.input });
    if (!recorded) throw new Error(`${c.name}: not recorded: ${reason}`);
    const replayed = recorded.outputShapes.map((shape) => new Float32Array(shape.reduce((a, b) => a * b, 1)));
    await recorded.replay.run(c.input, replayed);
    // The pose models run inside pose-detection, through `execute` swapped for the replay: input
    // copied from a tensor's GPU buffer, outputs as tensors over the replay's buffers.
    let viaExecute: number[] | undefined;
    if (c.swapExecute) {
      const restore = replayExecute(model, recorded);
      const input = tf.tensor(c.input, c.shape);
      const outputs = [model.execute(input, c.outputs)].flat();
      const values = (await Promise.all(outputs.map((t) => t.data()))) as Float32Array[];
      viaExecute = values.map((v, i) => maxAbs(v, tfjs[i]!));
      tf.dispose([input, ...outputs]);
      restore();
    }
    recorded.replay.dispose();
    const landmarkPx = (a: Float32Array, b: Float32Array) => {
      let worst = 0;
      for (let i = 0; i < a.length; i += c.stride) worst = Math.max(worst, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!));
      return worst;
    };
    results.push({
      name: c.name,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      dispatches: recorded.replay.dispatchCount,
      replayVsTfjsWebGpu: replayed.map((values, i) => maxAbs(values, tfjs[i]!)),
      executeSwapVsTfjsWebGpu: viaExecute,
      landmarkPxReplayVsWasm: landmarkPx(replayed[0]!, wasm[0]!),
      presenceReplayVsWasm: maxAbs(replayed[1]!, wasm[1]!),
      // The model saw the photograph: landmarks are not all zero.
      landmarkSpread: Math.max(...replayed[0]!) - Math.min(...replayed[0]!),
    });
    model.dispose();
  }
  return results;
}
