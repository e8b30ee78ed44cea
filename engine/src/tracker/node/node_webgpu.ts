import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Which WebGPU adapter Node gets from Dawn (npm `webgpu`, a dev dependency of the repository):
 * - `null`: Dawn's null backend, on any machine. It executes nothing (outputs are meaningless)
 *   but every API call costs what it costs: it measures the CPU side of dispatching.
 * - `swiftshader`: Vulkan on SwiftShader, the software Vulkan driver Debian's chromium package
 *   ships. It computes (slowly: seconds per model run), so results can be checked.
 * - `hardware`: whatever adapter Dawn finds (a real GPU, through Vulkan).
 */
export type NodeWebGpuAdapter = 'null' | 'swiftshader' | 'hardware';

/** Where Debian's chromium puts SwiftShader's Vulkan driver manifest. */
export const SWIFTSHADER_VULKAN_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

interface DawnModule {
  create(flags: string[]): unknown;
  globals: Record<string, unknown>;
}

/**
 * Gives Node `navigator.gpu` and the WebGPU globals (GPUBuffer, GPUBufferUsage...). Call it before
 * `@tensorflow/tfjs-backend-webgpu` is first imported: that package registers its backend only
 * when `navigator.gpu` exists at import time. Returns the adapter's description.
 */
export async function installNodeWebGpu(adapter: NodeWebGpuAdapter): Promise<string> {
  if (adapter === 'swiftshader') {
    if (!existsSync(SWIFTSHADER_VULKAN_ICD)) {
      throw new Error(`SwiftShader's Vulkan driver is not at ${SWIFTSHADER_VULKAN_ICD} (Debian's chromium package installs it).`);
    }
    // Read by the Vulkan loader when Dawn creates its instance (on the first requestAdapter).
    process.env.VK_ICD_FILENAMES = SWIFTSHADER_VULKAN_ICD;
    process.env.VK_DRIVER_FILES = SWIFTSHADER_VULKAN_ICD;
  }
  process.env.XDG_RUNTIME_DIR ??= tmpdir();
  if (adapter === 'swiftshader') pollDawnEveryMs(1);
  const dawn = (await import('webgpu')) as unknown as DawnModule;
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create(adapter === 'null' ? ['backend=null'] : []) as { requestAdapter(): Promise<{ info?: Record<string, string> } | null> };
  const existing = (globalThis as unknown as { navigator?: Record<string, unknown> }).navigator;
  Object.defineProperty(globalThis, 'navigator', {
    value: { ...readableFields(existing), gpu, userAgent: 'node' },
    configurable: true,
    writable: true,
  });
  const found = await gpu.requestAdapter();
  if (!found) throw new Error(`Dawn found no WebGPU adapter (${adapter}).`);
  const info = found.info ?? {};
  return adapter === 'null' ? 'Dawn null adapter' : `${info.vendor ?? ''} ${info.architecture ?? ''} ${info.description ?? ''}`.trim();
}

/**
 * What Node's own `navigator` (Node 21 and later) reads, copied into a plain object: its fields are
 * getters on the Navigator prototype, so an object that merely inherits from it can neither take a
 * `userAgent` of its own ('has only a getter') nor read them (they check their receiver).
 */
function readableFields(navigator: Record<string, unknown> | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let prototype: object | null = navigator ?? null; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    for (const key of Object.getOwnPropertyNames(prototype)) {
      if (key === 'constructor' || key in fields) continue;
      try {
        fields[key] = navigator![key];
      } catch {
        // a field this Node cannot give (none today): left out
      }
    }
  }
  return fields;
}

/**
 * Dawn for Node completes GPU work (a buffer's map, a queue's done) by polling: each poll schedules
 * the next with `setImmediate`, so while a submission runs the event loop spins, one core busy. On
 * SwiftShader the GPU is the same CPU: that spinning took a core from its rasteriser threads (a
 * fused-frame check, 2 cores: 218 s of CPU in 140 s). Dawn's polls (native functions, the only
 * native callbacks given to setImmediate here) wait `ms` on a timer instead; JavaScript's own
 * setImmediate is untouched. Not for a real GPU: each read-back would wait up to `ms` more.
 */
function pollDawnEveryMs(ms: number): void {
  const immediate = globalThis.setImmediate;
  const isNative = (callback: unknown) => typeof callback === 'function' && Function.prototype.toString.call(callback).endsWith('{ [native code] }');
  globalThis.setImmediate = Object.assign(
    (callback: (...args: unknown[]) => void, ...args: unknown[]) =>
      isNative(callback) ? (setTimeout(callback, ms, ...args) as unknown as NodeJS.Immediate) : immediate(callback, ...args),
    { __promisify__: immediate.__promisify__ },
  ) as typeof setImmediate;
}
