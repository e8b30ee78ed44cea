// Counts the WebGPU calls a process makes (after installNodeWebGpu has put the globals in place):
// compute dispatches, bind groups made, buffer writes from the CPU, submits, buffer maps.
export interface GpuCallCounts {
  dispatches: number;
  bindGroups: number;
  writes: number;
  submits: number;
  maps: number;
}

export function countGpuCalls(): GpuCallCounts {
  const counts: GpuCallCounts = { dispatches: 0, bindGroups: 0, writes: 0, submits: 0, maps: 0 };
  const g = globalThis as unknown as Record<string, { prototype: Record<string, (...args: unknown[]) => unknown> }>;
  const wrap = (type: string, method: string, key: keyof GpuCallCounts) => {
    const proto = g[type]!.prototype;
    const original = proto[method]!;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      counts[key]++;
      return original.apply(this, args);
    };
  };
  wrap('GPUComputePassEncoder', 'dispatchWorkgroups', 'dispatches');
  wrap('GPUDevice', 'createBindGroup', 'bindGroups');
  wrap('GPUQueue', 'writeBuffer', 'writes');
  wrap('GPUQueue', 'submit', 'submits');
  wrap('GPUBuffer', 'mapAsync', 'maps');
  return counts;
}
