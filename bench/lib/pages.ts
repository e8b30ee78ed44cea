// Builds the browser bench pages (bench/pages/*.html) with Vite into .cache/bench-pages/<sources' hash>/.
// A page is rebuilt when any source under bench/pages, bench/lib/types.ts or engine/src changed.
// Two bench files may ask at once (npm test runs them two at a time): each builds into a folder of
// its own and renames it into place, so nobody serves a folder another build is emptying.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { trackerAliases, trackerWorkerOptions } from '../../engine/src/tracker/browser/vite_settings.ts';

export function pagesSourceHash(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|html|json|mjs)$/.test(name)) hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  walk(join(root, 'bench', 'pages'));
  walk(join(root, 'engine', 'src'));
  hash.update(readFileSync(join(root, 'bench', 'lib', 'types.ts')));
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

export async function buildPages(root: string, log: (line: string) => void): Promise<string> {
  const folder = join(root, '.cache', 'bench-pages');
  const hash = pagesSourceHash(root);
  const outDir = join(folder, hash);
  if (existsSync(outDir)) return outDir;
  log('bench: building the browser pages with Vite');
  mkdirSync(folder, { recursive: true });
  const building = join(folder, `${hash}.building-${process.pid}-${Date.now()}`);
  const { build } = await import('vite');
  const pagesDir = join(root, 'bench', 'pages');
  const input = Object.fromEntries(
    readdirSync(pagesDir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => [f.replace(/\.html$/, ''), join(pagesDir, f)]),
  );
  await build({
    configFile: false,
    root: pagesDir,
    base: './',
    logLevel: 'error',
    resolve: {
      alias: [
        { find: /^@\//, replacement: join(root, 'src') + '/' },
        // The MediaPipe peer page loads the real @mediapipe/pose as a script instead.
        ...trackerAliases,
      ],
    },
    worker: trackerWorkerOptions,
    build: {
      outDir: building,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rollupOptions: { input },
    },
  });
  try {
    renameSync(building, outDir);
  } catch (error) {
    // Another build of the same sources got there first: its pages are these pages.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(outDir)) throw error;
  }
  // Pages of older sources go, and what a killed build left; a build still under way stays.
  for (const name of readdirSync(folder)) {
    if (name !== hash && !buildStillRunning(name)) rmSync(join(folder, name), { recursive: true, force: true });
  }
  return outDir;
}

/** Whether `name` is a build folder whose process is alive (`<hash>.building-<pid>-<ms>`). */
function buildStillRunning(name: string): boolean {
  const pid = Number(/\.building-(\d+)-/.exec(name)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
