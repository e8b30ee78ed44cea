import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { feedbackEndpoints } from './server/vite-plugin.ts';

// Cross-origin isolation (COOP/COEP) lets TF.js use multi-threaded WASM; every server that
// serves the app (dev, preview, the Node server) must send these headers.
export const crossOriginIsolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react(), feedbackEndpoints()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // pose-detection imports @mediapipe/pose (a global script) for a runtime the tracker does not use.
      '@mediapipe/pose': fileURLToPath(new URL('./engine/src/tracker/mediapipe_pose_stub.ts', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    headers: crossOriginIsolationHeaders,
    allowedHosts: ['.localhost'],
    // Local database and emulator files change all the time and are no part of the app.
    watch: { ignored: ['**/.data/**', '**/.cache/**', '**/test-results/**'] },
  },
  preview: { host: '127.0.0.1', port: 4173, headers: crossOriginIsolationHeaders, allowedHosts: ['.localhost'] },
  // The tracker worker is not minified: tfjs-backend-wasm starts its WASM threads from the source
  // text of a function (Function.toString) that refers to names around it, which minifying breaks.
  worker: { format: 'es', rolldownOptions: { output: { minify: false } } },
  build: { target: 'es2022', sourcemap: true },
});
