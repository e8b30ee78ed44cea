import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { CROSS_ORIGIN_ISOLATION } from './server/http-headers.ts';
import { feedbackEndpoints } from './server/vite-plugin.ts';
import { handGuideModule } from './server/vite-hand-guide.ts';
import { productionBuild } from './server/vite-production-build.ts';
import { trackerAliases, trackerWorkerOptions } from './engine/src/tracker/browser/vite_settings.ts';

// Source maps for error reports, not for visitors: no `sourceMappingURL` comment in the code and
// no source text inside (the server does not serve them either).
const sourcemapOutput = { sourcemapExcludeSources: true } as const;

export default defineConfig({
  plugins: [react(), feedbackEndpoints(), handGuideModule(), productionBuild()],
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
