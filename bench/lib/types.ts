/** Shapes shared by the runner (Node) and the bench pages (browser). */

/** What the runner asks one page run to do. */
export interface PageRunConfig {
  clip: string;
  /** Frames of the clip to use (from the first). */
  frames: number;
  /** Passes over those frames after the first frame; every pass is timed. */
  repeats: number;
  /** URL prefix of the page's origin half: '/coi' (crossOriginIsolated) or ''. */
  base: string;
  /** Runtime variant, e.g. 'wasm-simd', 'wasm-simd-threads', 'webgpu', 'webgl-swiftshader'. */
  variant: string;
  /** Subject-specific options (e.g. which MediaPipe solution). */
  options?: Record<string, unknown>;
}

/** Raw samples from one run, in milliseconds; the runner turns them into medians and spreads. */
export interface RawRunResult {
  status: 'ok' | 'unavailable' | 'error';
  reason?: string;
  /** Backend actually in use and its flags, as the library reports them. */
  backend: Record<string, unknown>;
  /** Model load and backend init, ms (before any frame). */
  loadMs: number;
  /** From the start (load included) to the first frame's result: model load + warm-up. */
  firstFrameMs: number;
  /** The first frame's own inference, ms (warm-up: shader/kernel compile, allocation). */
  firstInferenceMs: number;
  /** Steady-state total per frame, all passes, ms. */
  totalMs: number[];
  /** Steady-state per stage, ms per frame, same length as totalMs. */
  stagesMs: Record<string, number[]>;
  /** Median of each pass (spread across repeated runs). */
  passMedianMs: number[];
  /** How many timed frames found a pose / how many hands in all. */
  detections: { frames: number; pose: number; hands: number };
  notes?: string[];
}

/** The result of a run that produced no frames: an error, or a runtime this machine lacks. */
export function failedRun(status: 'error' | 'unavailable', reason: string): RawRunResult {
  return {
    status,
    reason,
    backend: {},
    loadMs: NaN,
    firstFrameMs: NaN,
    firstInferenceMs: NaN,
    totalMs: [],
    stagesMs: {},
    passMedianMs: [],
    detections: { frames: 0, pose: 0, hands: 0 },
  };
}

declare global {
  interface Window {
    runBench?: (config: PageRunConfig) => Promise<RawRunResult>;
    benchReady?: boolean;
  }
}
