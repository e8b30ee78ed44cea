import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { getThreadsCount, setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import '@tensorflow/tfjs-backend-webgpu';
import type { BackendName, BackendReport } from './types.ts';

export type BackendPreference = 'auto' | BackendName;

export interface BackendOptions {
  preference?: BackendPreference;
  /** Folder URL of the tfjs-backend-wasm binaries (copied to public/models/wasm/). */
  wasmBaseUrl: string;
  /**
   * WASM threads when the page is cross-origin isolated. tfjs-backend-wasm 4.22 picks half of
   * navigator.hardwareConcurrency (1 on a 2-core machine); measured on these 2-core machines, 2
   * threads run pose + two hands about 1.4x faster (see README "Tracker"), so the default is
   * max(2, half the cores), at most 4.
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

function defaultWasmThreads(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.min(4, Math.max(2, Math.floor(cores / 2)));
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
    const threads = options.wasmThreads ?? defaultWasmThreads();
    setThreadsCount(threads);
    allowWasmThreads(threads);
    if (await tf.setBackend('wasm').catch(() => false)) {
      await tf.ready();
      const simd = (await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT')) as boolean;
      const multithread = (await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT')) as boolean;
      return { name: 'wasm', simd, threads: multithread ? getThreadsCount() : 1 };
    }
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return { name: 'cpu', warning: CPU_WARNING };
}
