// Builds the app for production into a folder, unless the same sources and settings were built
// there last time (a digest of what the build reads is kept beside the output). Used by the
// browser tests of the built app (tests/e2e/serve/) and the serve bench (bench/serve/).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './paths.ts';

/** What `vite build` reads: the app, the engine, the page, the build's settings and plugins. */
const BUILD_INPUTS = ['src', 'engine/src', 'index.html', 'public', 'vite.config.ts', '.env.emulators', 'server/vite-production-build.ts', 'server/http-headers.ts', 'server/precompress.ts', 'server/compression-cache.ts', 'package-lock.json'];

function sourceDigest(env: Record<string, string>, args: string[]): string {
  const hash = createHash('sha256').update(JSON.stringify({ env, args }));
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!name.startsWith('.') || name === '.env.emulators') walk(join(path, name));
    } else if (stat.size > 1_000_000) {
      // Model weights and media: their name, size and date are enough.
      hash.update(`${relative(ROOT, path)}:${stat.size}:${stat.mtimeMs}`);
    } else {
      hash.update(relative(ROOT, path)).update(readFileSync(path));
    }
  };
  for (const path of BUILD_INPUTS) walk(join(ROOT, path));
  return hash.digest('hex');
}

const run = promisify(execFile);

/** `vite build <args> --outDir outDir` with `env` (NODE_ENV=production), skipped when unchanged;
 * says what it does, since it takes a minute on a busy machine. The build runs in a child process
 * without blocking this one: the test services start the emulators and the seed meanwhile. */
export async function buildAppOnce(outDir: string, env: Record<string, string>, args: string[] = [], log: (line: string) => void = console.log): Promise<void> {
  const stamp = join(outDir, '.source-digest');
  const digest = sourceDigest(env, args);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log(`building the app for production (${args.join(' ') || 'default target'}) into ${relative(ROOT, outDir)}`);
  try {
    await run(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...args, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', ...env },
      timeout: 300_000,
      maxBuffer: 16 * 2 ** 20,
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`build failed:\n${failed.stdout ?? ''}\n${failed.stderr || failed.message}`);
  }
  writeFileSync(stamp, digest);
}
