import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { CROSS_ORIGIN_ISOLATION } from './server/http-headers.ts';
import { feedbackEndpoints } from './server/vite-plugin.ts';


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
    headers: { ...CROSS_ORIGIN_ISOLATION },
    allowedHosts: ['.localhost'],
    // Local database and emulator files change all the time and are no part of the app.
    watch: { ignored: ['**/.data/**', '**/.cache/**', '**/test-results/**'] },
  },
  preview: { host: '127.0.0.1', port: 4173, headers: { ...CROSS_ORIGIN_ISOLATION }, allowedHosts: ['.localhost'] },
  // The tracker worker is not minified: tfjs-backend-wasm starts its WASM threads from the source
  // text of a function (Function.toString) that refers to names around it, which minifying breaks.
  worker: { format: 'es', rolldownOptions: { output: { minify: false } } },
  build: { target: 'es2022', sourcemap: true },
});
