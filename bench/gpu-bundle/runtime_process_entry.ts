// The bundled configuration process of the runtimes rows (runtime_process.mjs in the bundle):
// points TF.js WASM at the .wasm files carried in the rows archive (wasm/, beside runtimes/), then runs bench/runtimes/runtime_process.ts
// unchanged. tfjs-backend-webgpu stays behind runtime_process.ts's dynamic import, so it still
// loads after Dawn's navigator.gpu is in place.
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

setWasmPaths(join(dirname(fileURLToPath(import.meta.url)), '..', 'wasm') + '/');
await import('../runtimes/runtime_process.ts');
