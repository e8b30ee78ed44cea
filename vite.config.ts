import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Cross-origin isolation (COOP/COEP) lets TF.js use multi-threaded WASM; every server that
// serves the app (dev, preview, the Node server) must send these headers.
export const crossOriginIsolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { host: '127.0.0.1', port: 5173, headers: crossOriginIsolationHeaders, allowedHosts: ['.localhost'] },
  preview: { host: '127.0.0.1', port: 4173, headers: crossOriginIsolationHeaders, allowedHosts: ['.localhost'] },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
});
