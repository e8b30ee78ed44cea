import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { getThreadsCount, setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import '@tensorflow/tfjs-backend-webgpu';
import { measureParallelSpeedup } from './measure_free_cores.ts';
import type { BackendName, BackendReport } from '../types.ts';

export type BackendPreference = 'auto' | BackendName;

export interface BackendOptions {
  preference?: BackendPreference;
  /** Folder URL of the tfjs-backend-wasm binaries (copied to public/models/wasm/). */
  wasmBaseUrl: string;
  /**
   * WASM threads when the page is cross-origin isolated. Default: half the cores (at most 4), and
   * on 2-3 core machines 2 threads if a second core is free at start, else 1 (see
   * measure_free_cores.ts for the figures behind this).
   */
  wasmThreads?: number;
}

export const CPU_WARNING = 'Pose tracking runs on the slow CPU fallback: feedback will lag. A browser with WebAssembly or WebGPU runs it faster.';

interface GpuAdapterInfoLike {
  architecture?: string;
  vendor?: string;
  description?: string;
  isFallbackAdapter?: boolean;
}
interface GpuAdapterLike {
  isFallbackAdapter?: boolean;
  info?: GpuAdapterInfoLike;
  requestAdapterInfo?: () => Promise<GpuAdapterInfoLike>;
}
interface GpuLike {
  requestAdapter(options?: { powerPreference?: string }): Promise<GpuAdapterLike | null>;
}

/**
 * A hardware WebGPU adapter, or null. Software adapters are refused: Chromium offers WebGPU on
 * these machines only through SwiftShader (with --enable-unsafe-webgpu), where BlazePose full takes
 * about 2.3 s a frame against 42 ms on WASM.
 */
export async function findHardwareGpu(): Promise<string | null> {
  const gpu = (globalThis.navigator as unknown as { gpu?: GpuLike } | undefined)?.gpu;
  if (!gpu) return null;
  let adapter: GpuAdapterLike | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch {
    return null;
  }
  if (!adapter) return null;
  const info = adapter.info ?? (await adapter.requestAdapterInfo?.().catch(() => undefined)) ?? {};
  const name = `${info.vendor ?? ''} ${info.architecture ?? ''} ${info.description ?? ''}`.trim();
  if (adapter.isFallbackAdapter || info.isFallbackAdapter) return null;
  if (/swiftshader/i.test(name) || /^google\b.*swiftshader/i.test(name)) return null;
  return name || 'unknown adapter';
}

/**
 * tfjs-backend-wasm 4.22 sizes its thread pool to half of navigator.hardwareConcurrency, whatever
 * setThreadsCount asks (emscripten_num_logical_cores / 2): 1 thread on a 2-core machine. To get the
 * threads we ask for, the worker reports enough cores before the backend starts.
 */
function allowWasmThreads(threads: number): void {
  const navigator = globalThis.navigator as { hardwareConcurrency?: number } | undefined;
  if (!navigator || (navigator.hardwareConcurrency ?? 0) >= threads * 2) return;
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: threads * 2, configurable: true });
}

/** Below this, lockstep work on two threads gained too little: the second core is not free. */
const MIN_SPEEDUP_FOR_THREADS = 1.3;

/**
 * Half the cores, as tfjs-backend-wasm does, at most 4; on 2- and 3-core machines 2 threads when a
 * second core is free now (measureParallelSpeedup), else 1.
 */
async function defaultWasmThreads(): Promise<{ threads: number; speedup?: number; probeMs?: number }> {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  if (cores >= 4) return { threads: Math.min(4, Math.floor(cores / 2)) };
  if (cores < 2) return { threads: 1 };
  const probeStart = performance.now();
  const speedup = await measureParallelSpeedup();
  const probeMs = Math.round(performance.now() - probeStart);
  return { threads: speedup >= MIN_SPEEDUP_FOR_THREADS ? 2 : 1, speedup: Math.round(speedup * 100) / 100, probeMs };
}

/** Picks and starts the TF.js backend: WebGPU on hardware, else WASM (SIMD, threads), else CPU. */
export async function selectBackend(options: BackendOptions): Promise<BackendReport> {
  const preference = options.preference ?? 'auto';
  if (preference === 'auto' || preference === 'webgpu') {
    const adapter = await findHardwareGpu();
    if (adapter && (await tf.setBackend('webgpu').catch(() => false))) {
      await tf.ready();
      return { name: 'webgpu', adapter };
    }
  }
  if (preference !== 'cpu') {
    setWasmPaths(options.wasmBaseUrl.endsWith('/') ? options.wasmBaseUrl : options.wasmBaseUrl + '/');
    const multithread = (await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) as boolean;
    const choice: { threads: number; speedup?: number; probeMs?: number } =
      options.wasmThreads !== undefined ? { threads: options.wasmThreads } : multithread ? await defaultWasmThreads() : { threads: 1 };
    const threads = choice.threads;
    setThreadsCount(threads);
    allowWasmThreads(threads);
    if (await tf.setBackend('wasm').catch(() => false)) {
      await tf.ready();
      const simd = (await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) as boolean;
      return { name: 'wasm', simd, threads: multithread ? getThreadsCount() : 1, parallelSpeedup: choice.speedup, coreProbeMs: choice.probeMs };
    }
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return { name: 'cpu', warning: CPU_WARNING };
}
