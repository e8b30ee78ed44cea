// The landmark models alone in Node: TF.js (our graphs) and LiteRT.js (MediaPipe's .tflite files),
// WebGPU on Dawn lever by lever and WASM, one process per configuration (bench/runtimes/).
import { runRuntimes, runtimesMarkdown } from '../runtimes/run_runtimes.ts';
import type { BenchStage } from './stage.ts';

export const runtimesStage: BenchStage = {
  title: 'Runtimes: TF.js and LiteRT.js on the same models (Node, WebGPU, WASM)',
  wanted: (ctx) => ctx.wants('runtimes'),
  async run({ options, log, results }) {
    log('bench: TF.js and LiteRT.js runtimes in Node');
    try {
      // The quick run keeps the rows that show the target: TF.js before and now, LiteRT.js.
      const only = options.quick ? ['tfjs-webgpu-batched', 'tfjs-webgpu-replay', 'litert-webgpu'] : undefined;
      results.runtimes = await runRuntimes({ quick: options.quick, adapter: options.adapter ?? 'null', only, log: (line) => log(`bench:   ${line}`) });
    } catch (error) {
      log(`bench: runtimes failed: ${(error as Error).message}`);
    }
  },
  // runtimesMarkdown's heading is this section's; its adapter is said in the body.
  report: ({ runtimes }) => (runtimes ? [`WebGPU on ${runtimes.adapter}.`, '', ...runtimesMarkdown(runtimes).split('\n').slice(2)] : null),
};
