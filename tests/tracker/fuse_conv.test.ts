// The hand graphs' Conv2D -> AddV2(bias) -> Relu6 chains fused into single TF.js ops
// (engine/src/tracker/fuse_conv_bias_activation.ts): fewer ops, the same outputs.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeBatchDimension } from '../../engine/src/tracker/free_batch_dimension.ts';
import { fuseConvBiasActivation } from '../../engine/src/tracker/fuse_conv_bias_activation.ts';
import { defaultModelFolder, fileModelSource } from '../../engine/src/tracker/node/node_model_source.ts';
import { HAND_CROP_SIZE, photoCrops } from '../../bench/lib/photo_crops.ts';

const OUTPUTS = ['Identity', 'Identity_1', 'Identity_2'];

beforeAll(async () => {
  await tf.setBackend('wasm');
  await tf.ready();
});

const opCount = (artifacts: tf.io.ModelArtifacts, op: string) =>
  (artifacts.modelTopology as { node: Array<{ op: string }> }).node.filter((node) => node.op === op).length;

describe.each(['handlandmark-full', 'handlandmark-lite'])('%s with fused convolutions', (name) => {
  let plain: GraphModel;
  let fused: GraphModel;
  let plainGraph: tf.io.ModelArtifacts;
  let fusedGraph: tf.io.ModelArtifacts;
  beforeAll(async () => {
    const source = () => freeBatchDimension(fileModelSource(join(defaultModelFolder(), `${name}.json`)));
    plainGraph = await source().load!();
    fusedGraph = await fuseConvBiasActivation(source()).load!();
    plain = await loadGraphModel(tf.io.fromMemory(plainGraph));
    fused = await loadGraphModel(tf.io.fromMemory(fusedGraph));
  });

  it('has no bias AddV2 or Relu6 left after a convolution', () => {
    expect(opCount(plainGraph, 'Relu6')).toBe(32);
    expect(opCount(fusedGraph, 'Relu6')).toBe(0);
    expect(opCount(fusedGraph, '_FusedConv2D') + opCount(fusedGraph, 'FusedDepthwiseConv2dNative')).toBeGreaterThanOrEqual(38);
    // The residual additions (AddN and their leaves) stay.
    expect(opCount(fusedGraph, 'AddN')).toBe(opCount(plainGraph, 'AddN'));
  });

  it('computes the same landmarks, presence and handedness on two crops of a photograph', async () => {
    const crops = await photoCrops(join(import.meta.dirname, '..', '..'));
    const input = tf.tensor(crops.hands, [2, HAND_CROP_SIZE, HAND_CROP_SIZE, 3]);
    try {
      const a = plain.execute(input, OUTPUTS) as tf.Tensor[];
      const b = fused.execute(input, OUTPUTS) as tf.Tensor[];
      for (let i = 0; i < OUTPUTS.length; i++) {
        const [x, y] = [await a[i]!.data(), await b[i]!.data()];
        expect(y.length).toBe(x.length);
        let worst = 0;
        for (let k = 0; k < x.length; k++) worst = Math.max(worst, Math.abs(x[k]! - y[k]!));
        // Landmarks are in crop pixels (0..224): a thousandth of a pixel.
        expect(worst).toBeLessThan(1e-3);
      }
      tf.dispose([...a, ...b]);
    } finally {
      input.dispose();
    }
  });
});
