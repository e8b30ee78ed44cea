/** Shapes shared by the accuracy harness (Node) and its browser page (bench/pages/accuracy.ts). */

/** Who produces the landmarks of one run. */
export type AccuracySubject = 'mediapipe-holistic' | 'mediapipe-hands' | 'tracker';

/**
 * `static`: every frame is an unrelated still image (MediaPipe: graph reset before each frame, no
 * smoothing; ours: `trackStill`). `video`: the frames are one clip, tracked in order at `fps`
 * (MediaPipe: smoothing on, timestamps 1/fps apart; ours: `track` with the same timestamps).
 */
export type AccuracyMode = 'static' | 'video';

export interface AccuracyPageConfig {
  subject: AccuracySubject;
  mode: AccuracyMode;
  /** Frame URLs, relative to the page's origin. */
  frames: string[];
  fps: number;
  /**
   * Our tracker: look for hands in frames without a body (the tracker's `handsWithoutPose`; off for
   * the camera). On when the reference is MediaPipe Hands, a hand-only solution.
   */
  handsWithoutPose?: boolean;
  /**
   * MediaPipe: run its models on the CPU (the solutions' `useCpuInference` option, MediaPipe's
   * InferenceCalculator `use_cpu_inference`: TFLite with XNNPACK in WASM) instead of the WebGL
   * delegate, which is SwiftShader on a machine without a GPU. Same graph and models.
   */
  cpuInference?: boolean;
}

/**
 * One frame's landmarks, each point [x, y, z, score] flattened, x and y normalised to the image
 * (the engine's layout); null when the part was not found. Hands are the person's own sides as
 * each library names them; `hands` is the hand-only solution's list (MediaPipe Hands), with its
 * handedness label.
 */
export interface FrameLandmarks {
  pose: number[] | null;
  leftHand: number[] | null;
  rightHand: number[] | null;
  hands?: Array<{ points: number[]; label: string; score: number }>;
  /** Wall time of this frame in the library, ms (reported apart, never in the accuracy figures). */
  ms: number;
}

export interface AccuracyPageResult {
  status: 'ok' | 'error';
  reason?: string;
  /** Library, backend, renderer, options, as the page found them. */
  backend: Record<string, unknown>;
  width: number;
  height: number;
  loadMs: number;
  frames: FrameLandmarks[];
  /** Per frame, FNV-1a of its RGB bytes as the page decoded them (rgbChecksum). */
  checksums: number[];
}

declare global {
  interface Window {
    runAccuracy?: (config: AccuracyPageConfig) => Promise<AccuracyPageResult>;
    accuracyReady?: boolean;
  }
}
