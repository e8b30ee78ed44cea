// LiteRT.js (@litertjs/core) in Node. Its loader is written for pages and workers: it runs its
// Emscripten glue with importScripts (a worker) or a <script> tag (a page). In Node the glue is
// evaluated in the global scope instead, with `self`, `require` and `__filename` as it expects.
// WebGPU comes from navigator.gpu (installNodeWebGpu) when asked for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const require = createRequire(import.meta.url);

export type LiteRtModule = typeof import('@litertjs/core');

/** The folder of LiteRT.js's WASM builds (relaxed SIMD, compat, threaded, JSPI). */
export function liteRtWasmFolder(): string {
  return join(dirname(require.resolve('@litertjs/core/package.json')), 'wasm') + '/';
}

/** MediaPipe's own .tflite models, from the npm packages the MediaPipe peers already use. */
export function mediapipeModelFile(model: 'pose-full' | 'hand-full'): string {
  return model === 'pose-full'
    ? require.resolve('@mediapipe/pose/pose_landmark_full.tflite')
    : require.resolve('@mediapipe/hands/hand_landmark_full.tflite');
}

let loaded: Promise<LiteRtModule> | null = null;

/**
 * Loads LiteRT.js's WASM runtime once. Node 20 offers relaxed SIMD (the build Chrome loads) only
 * with --experimental-wasm-relaxed-simd; without it LiteRT.js takes its compat build.
 */
export function loadLiteRtInNode(): Promise<LiteRtModule> {
  loaded ??= (async () => {
    const scope = globalThis as Record<string, unknown>;
    scope.self ??= globalThis;
    scope.require ??= require;
    scope.importScripts = (url: string) => {
      const path = url.startsWith('file:') ? fileURLToPath(url) : url;
      scope.__filename = path;
      scope.__dirname = dirname(path);
      vm.runInThisContext(readFileSync(path, 'utf8'), { filename: path });
    };
    const litert = await import('@litertjs/core');
    await litert.loadLiteRt(liteRtWasmFolder());
    return litert;
  })();
  return loaded;
}
