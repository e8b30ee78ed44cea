/**
 * How much faster two threads run lockstep work than one, right now: the way XNNPACK runs a layer
 * (both threads take half, then wait for each other) is timed against one thread doing it all.
 * About 1.8 when a second core is free; near or under 1 when other processes hold the cores, since
 * a thread descheduled at a barrier stalls the other. About 0.1-0.2 s on an idle machine.
 *
 * The whole measurement, the helper's start included, has PROBE_BUDGET_MS: on a busy machine it
 * took 2.0-3.4 s (load 17 on 2 cores, bench/first-skeleton/: the longest part of the time to the
 * first skeleton), only to answer 'no free core'. A probe that cannot finish in that budget has
 * its answer: the second core is not free.
 *
 * Used to choose the WASM thread count on small machines: 2 threads run the tracker about 1.4x
 * faster than 1 on an idle 2-core machine (Chromium: pose 31 + hands 2 x 28 ms against 44 + 2 x 40),
 * but 2.4x slower when other processes keep both cores busy (measured here at load average 10-19).
 */
function work(iterations: number): number {
  let x = 0;
  for (let i = 0; i < iterations; i++) x = (x + i * i) % 1000003;
  return x;
}

/** The helper: per step, its half of the work, then arrive at the barrier and wait for release. */
function helperMain(event: MessageEvent<{ shared: SharedArrayBuffer; steps: number; iterations: number; deadline: number }>): void {
  const { shared, steps, iterations, deadline } = event.data;
  const sync = new Int32Array(shared);
  const origin = performance.timeOrigin;
  Atomics.store(sync, 2, 1); // started
  while (Atomics.load(sync, 1) === 0) if (origin + performance.now() > deadline) return; // go
  for (let step = 0; step < steps; step++) {
    work(iterations);
    Atomics.add(sync, 0, 1);
    while (Atomics.load(sync, 1) <= step + 1) if (origin + performance.now() > deadline) return;
  }
  postMessage('done');
}

const STEPS = 60;
const ITERATIONS = 60_000;
/** The whole probe, from creating the helper: about 3x what it takes on an idle 2-core machine. */
export const PROBE_BUDGET_MS = 500;

export async function measureParallelSpeedup(): Promise<number> {
  if (typeof Worker === 'undefined' || typeof SharedArrayBuffer === 'undefined' || typeof URL.createObjectURL !== 'function') return 1;
  let url: string | null = null;
  let helper: Worker | null = null;
  try {
    const source = `const work = ${work.toString()};\nonmessage = ${helperMain.toString()};\npostMessage('ready');`;
    url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const deadline = performance.timeOrigin + performance.now() + PROBE_BUDGET_MS;
    const pastDeadline = () => performance.timeOrigin + performance.now() > deadline;
    const worker = new Worker(url);
    helper = worker;
    const started = await Promise.race([
      new Promise<boolean>((resolve) => (worker.onmessage = () => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_BUDGET_MS)),
    ]);
    if (!started) return 0;
    work(ITERATIONS * 4); // JIT warm-up
    if (pastDeadline()) return 0;

    let alone = Infinity;
    let together = Infinity;
    // A second round lowers the noise when there is time left for it.
    for (let round = 0; round < 2 && !(round > 0 && pastDeadline()); round++) {
      let start = performance.now();
      for (let step = 0; step < STEPS; step++) {
        work(2 * ITERATIONS);
        if (pastDeadline()) return round > 0 ? alone / together : 0;
      }
      alone = Math.min(alone, performance.now() - start);

      // sync: [0] helper arrivals, [1] release (1 = go, step + 2 = step released), [2] started.
      const shared = new SharedArrayBuffer(12);
      const sync = new Int32Array(shared);
      const done = new Promise((resolve) => (worker.onmessage = resolve));
      worker.postMessage({ shared, steps: STEPS, iterations: ITERATIONS, deadline });
      // The message leaves only when this thread yields: wait (yielding) until the helper runs.
      while (Atomics.load(sync, 2) === 0) {
        if (pastDeadline()) return round > 0 ? alone / together : 0;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      start = performance.now();
      Atomics.store(sync, 1, 1);
      for (let step = 0; step < STEPS; step++) {
        work(ITERATIONS);
        while (Atomics.load(sync, 0) <= step) if (pastDeadline()) return round > 0 ? alone / together : 0;
        Atomics.store(sync, 1, step + 2);
      }
      const elapsed = performance.now() - start;
      await done;
      together = Math.min(together, elapsed);
    }
    return alone / together;
  } catch {
    // No nested workers (or a policy against blob workers): assume a free core, as tfjs would.
    return 1;
  } finally {
    helper?.terminate();
    if (url) URL.revokeObjectURL(url);
  }
}
