// Read-backs with real model outputs on Dawn's null adapter, which computes nothing: the outputs
// of chosen GPU buffers (a recorded graph's outputs) are set from arrays computed elsewhere (TF.js
// WASM on the same frame), and every copy from such a buffer into a buffer that is later mapped
// carries them along; every other mapped range reads -100 (scores near 0: nothing found). The
// tracker then takes the path a real frame takes (pose tracked, hands tracked), so the calls it
// makes per frame can be counted without a GPU. Install after installNodeWebGpu('null').
const MAP_READ = 0x0001;

interface Fill {
  offset: number;
  data: Float32Array;
}

export interface CannedReadBacks {
  /** The floats `buffer` holds from now on, as far as read-backs are concerned. */
  set(buffer: GPUBuffer, data: Float32Array): void;
  /** Read-backs that carried canned data so far. */
  readonly served: number;
}

export function installCannedReadBacks(): CannedReadBacks {
  const sources = new Map<GPUBuffer, Float32Array>();
  const pending = new Map<GPUBuffer, Fill[]>();
  const g = globalThis as unknown as Record<string, { prototype: Record<string, (...args: never[]) => unknown> }>;
  const encoderPrototype = g.GPUCommandEncoder!.prototype as unknown as { copyBufferToBuffer(...a: unknown[]): void };
  const copy = encoderPrototype.copyBufferToBuffer;
  encoderPrototype.copyBufferToBuffer = function (this: unknown, ...args: unknown[]) {
    const [source, sourceOffset, destination, destinationOffset, size] = args as [GPUBuffer, number, GPUBuffer, number, number];
    const data = sources.get(source);
    if (data) {
      const first = sourceOffset / 4;
      const fills = pending.get(destination) ?? [];
      fills.push({ offset: destinationOffset, data: data.subarray(first, Math.min(data.length, first + size / 4)) });
      pending.set(destination, fills);
    }
    return copy.apply(this, args);
  };
  const bufferPrototype = g.GPUBuffer!.prototype as unknown as { getMappedRange(...a: unknown[]): ArrayBuffer; usage: number };
  const getMappedRange = bufferPrototype.getMappedRange;
  const state = { served: 0 };
  bufferPrototype.getMappedRange = function (this: GPUBuffer, ...args: unknown[]) {
    const range = getMappedRange.apply(this, args);
    if (!(this.usage & MAP_READ)) return range;
    const start = (args[0] as number | undefined) ?? 0;
    new Float32Array(range, 0, range.byteLength >> 2).fill(-100);
    const fills = pending.get(this);
    if (fills) {
      for (const fill of fills) {
        const at = fill.offset - start;
        if (at >= 0 && at + fill.data.byteLength <= range.byteLength) new Float32Array(range, at, fill.data.length).set(fill.data);
      }
      pending.delete(this);
      state.served++;
    }
    return range;
  };
  return {
    set: (buffer, data) => sources.set(buffer, data),
    get served() {
      return state.served;
    },
  };
}
