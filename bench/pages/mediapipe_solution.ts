// Loading MediaPipe's npm solutions (@mediapipe/holistic, pose, hands) in a bench page: each is a
// classic script defining a global class, its models and WASM found through locateFile. Shared by
// the peer page (mediapipe.ts) and the accuracy page (accuracy.ts).

/** A MediaPipe solution object, results of type R. */
export interface Solution<R = Record<string, unknown>> {
  setOptions(options: Record<string, unknown>): void;
  onResults(callback: (results: R) => void): void;
  initialize(): Promise<void>;
  send(inputs: { image: HTMLCanvasElement }): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}
type SolutionClass<R> = new (config: { locateFile: (file: string) => string }) => Solution<R>;

/** product.md §9 Constants: model complexity 1, confidences 0.5. */
export const MEDIAPIPE_COMMON_OPTIONS = { modelComplexity: 1, minDetectionConfidence: 0.5, minTrackingConfidence: 0.5 };

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`bench: could not load ${src}`));
    document.head.appendChild(script);
  });
}

/** The WebGL renderer the solutions' GPU graphs run on (SwiftShader on a machine without a GPU). */
export function webglRenderer(): string {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no WebGL2';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|software/i.test(renderer);
}

/** Loads `/mediapipe/<pkg>/<pkg>.js` (under `base`) and creates its solution class `cls`. */
export async function makeSolution<R = Record<string, unknown>>(pkg: 'holistic' | 'pose' | 'hands', cls: string, base: string): Promise<Solution<R>> {
  const dir = `${base}/mediapipe/${pkg}/`;
  await loadScript(`${dir}${pkg}.js`);
  const Ctor = (window as unknown as Record<string, SolutionClass<R>>)[cls];
  if (!Ctor) throw new Error(`bench: ${pkg}.js did not define ${cls}`);
  return new Ctor({ locateFile: (file) => `${dir}${file}` });
}
