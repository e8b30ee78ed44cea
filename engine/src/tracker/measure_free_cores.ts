/**
 * Whether a second core is free right now: a fixed busy loop is timed alone, then again while a
 * helper worker runs the same loop. On two free cores the second run takes as long as the first;
 * when other processes hold the CPU it takes up to twice as long.
 *
 * Used to choose the WASM thread count on small machines: 2 threads run the tracker about 1.4x
 * faster than 1 on an idle 2-core machine (Chromium: pose 31 + hands 2 x 28 ms against 44 + 2 x 40),
 * but 2.4x slower when other processes keep both cores busy (measured here at load average 10-19:
 * XNNPACK's threads wait on each other at every layer). About 0.2-0.3 s.
 */
function spin(): number {
  let x = 0;
  for (let i = 0; i < 10_000_000; i++) x = (x + i * i) % 1000003;
  return x;
}

export async function measureParallelSlowdown(): Promise<number> {
  if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') return 1;
  let url: string | null = null;
  let helper: Worker | null = null;
  try {
    const source = `const spin = ${spin.toString()}; spin(); onmessage = () => { const s = performance.now(); spin(); postMessage(performance.now() - s); };`;
    url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    helper = new Worker(url);
    spin(); // JIT warm-up, while the helper compiles and warms up too
    await new Promise((resolve) => setTimeout(resolve, 30));
    // Alternate the two measurements and keep the best of each: load that comes and goes then
    // biases neither.
    let alone = Infinity;
    let together = Infinity;
    for (let round = 0; round < 3; round++) {
      let start = performance.now();
      spin();
      alone = Math.min(alone, performance.now() - start);
      const worker = helper;
      const helperDone = new Promise<number>((resolve) => (worker.onmessage = (event: MessageEvent<number>) => resolve(event.data)));
      worker.postMessage('go');
      start = performance.now();
      spin();
      const local = performance.now() - start;
      together = Math.min(together, Math.max(local, await helperDone));
    }
    return together / alone;
  } catch {
    // No nested workers (or a policy against blob workers): assume a free core, as tfjs would.
    return 1;
  } finally {
    helper?.terminate();
    if (url) URL.revokeObjectURL(url);
  }
}
