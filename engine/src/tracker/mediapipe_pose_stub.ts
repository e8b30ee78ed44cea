/**
 * Stands in for `@mediapipe/pose` in browser bundles. pose-detection imports it for its
 * "mediapipe" runtime, which the tracker never uses (runtime "tfjs"), and the package is a global
 * script that bundlers cannot import by name. Alias '@mediapipe/pose' to this file (vite.config.ts).
 */
export class Pose {
  constructor() {
    throw new Error('pose-detection runtime "mediapipe" is not bundled; the tracker uses runtime "tfjs"');
  }
}
export const VERSION = 'stub';
