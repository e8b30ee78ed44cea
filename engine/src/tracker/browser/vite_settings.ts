// The two Vite settings every bundle of the browser tracker needs (the app, the bench pages, the
// tracker test page), in one place so a consumer cannot forget one. Build-time only: Node code.
import { fileURLToPath } from 'node:url';

/**
 * pose-detection imports `@mediapipe/pose` for its "mediapipe" runtime, which the tracker never
 * uses (runtime "tfjs"); the package is a global script that bundlers cannot import by name, so
 * it is aliased to a stub that throws if ever constructed.
 */
export const MEDIAPIPE_POSE_STUB_PATH = fileURLToPath(new URL('../mediapipe_pose_stub.ts', import.meta.url));

/** `resolve.alias` entries (array form, so a consumer can add its own). */
export const trackerAliases = [{ find: /^@mediapipe\/pose$/, replacement: MEDIAPIPE_POSE_STUB_PATH }];

/**
 * `worker` options: ES module workers, not minified, because tfjs-backend-wasm starts its WASM
 * threads from the source text of a function (Function.toString) that refers to names around it,
 * which minifying breaks.
 */
export const trackerWorkerOptions = { format: 'es', rolldownOptions: { output: { minify: false } } } as const;
