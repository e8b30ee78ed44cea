import * as tf from '@tensorflow/tfjs-core';
import type { ModelSource } from './tracker_options.ts';

interface GraphNode {
  op?: string;
  attr?: { shape?: { shape?: { dim?: Array<{ size?: string | number }> } } };
}

/**
 * The hand landmark graphs declare a batch of exactly 1, but every op in them works on any batch:
 * with the input's batch dimension freed, both hands run in one call (same outputs, measured 10-25%
 * faster on WASM than two calls). Wraps a model source so that its input placeholder reads -1.
 */
export function freeBatchDimension(source: ModelSource): tf.io.IOHandler {
  const handler = typeof source === 'string' ? tf.io.http(source) : source;
  return {
    async load() {
      const artifacts = await handler.load!();
      const topology = artifacts.modelTopology as { node?: GraphNode[] } | undefined;
      for (const node of topology?.node ?? []) {
        const dim = node.op === 'Placeholder' ? node.attr?.shape?.shape?.dim?.[0] : undefined;
        if (dim) dim.size = '-1';
      }
      const inputs = (artifacts.signature as { inputs?: Record<string, { tensorShape?: { dim?: Array<{ size?: string }> } }> } | undefined)?.inputs;
      for (const input of Object.values(inputs ?? {})) {
        const dim = input.tensorShape?.dim?.[0];
        if (dim) dim.size = '-1';
      }
      return artifacts;
    },
  };
}
