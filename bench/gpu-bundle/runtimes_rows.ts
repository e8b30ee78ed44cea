// The runtimes rows of the GPU bundle (bench/gpu-bundle/): bench/runtimes/run_runtimes.ts as it
// is, each configuration forked from the bundled runtime_process.mjs beside this file (no tsx on
// the GPU machine). Bundled by esbuild into runtimes.mjs.
//   node runtimes.mjs --adapter hardware|null [--quick] --out DIR   (writes runtimes.json, runtimes.md)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runRuntimes, runtimesMarkdown, type RuntimesOptions } from '../runtimes/run_runtimes.ts';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    adapter: { type: 'string', default: 'hardware' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

async function main(): Promise<void> {
  if (!args.out) throw new Error('--out is required');
  const result = await runRuntimes({
    quick: args.quick,
    adapter: args.adapter as RuntimesOptions['adapter'],
    child: { script: join(here, 'runtime_process.mjs'), execArgv: [] },
  });
  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, 'runtimes.json'), JSON.stringify(result, null, 2) + '\n');
  const markdown = runtimesMarkdown(result);
  writeFileSync(join(args.out, 'runtimes.md'), markdown);
  console.log(markdown);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
