// Builds the test-only tracker page (page/) with Vite into a folder, models and WASM binaries
// included, ready for any static server. Shared with the bench, which serves the same page.
import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { trackerAliases, trackerWorkerOptions } from '../../../engine/src/tracker/browser/vite_settings.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(here, '..', '..', '..');

export async function buildTrackerPage(outDir = join(repoRoot, '.cache', 'tracker-page')): Promise<string> {
  await build({
    configFile: false,
    root: join(here, 'page'),
    base: './',
    publicDir: join(repoRoot, 'public'),
    logLevel: 'warn',
    resolve: { alias: trackerAliases },
    worker: trackerWorkerOptions,
    build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false, chunkSizeWarningLimit: 4000 },
  });
  return outDir;
}
