// Brotli and gzip copies of a build's compressible files, written beside them at build time
// (`x.js` -> `x.js.br`, `x.js.gz`) so the server (server/serve.ts) sends them as they are, with no
// compression work per request. Run by the build (server/vite-production-build.ts). The copies are
// kept by content between builds (server/compression-cache.ts).
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { cachedCompression, COMPRESSION_CACHE_DIR, pruneCompressionCache } from './compression-cache.ts';

/** Text and WebAssembly, and the models' weights (float32 arrays: about a third smaller). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.wasm', '.txt', '.ico', '.bin', '.webmanifest']);
/** Below this a file fits in one packet anyway. */
const MIN_BYTES = 1024;
/** A copy is kept only when it is at least this much smaller. */
const MIN_SAVING = 0.05;
/** Brotli's best quality costs about 2.5 s a megabyte: worth it for code, not for model weights,
 * where quality 5 compresses within 2% of it, 15 times faster. */
const BEST_QUALITY_MAX_BYTES = 4 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PrecompressedFile {
  path: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

function compressibleFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) found.push(path);
    }
  };
  walk(dir);
  return found;
}

async function compressOne(dir: string, path: string, cacheDir: string | null): Promise<PrecompressedFile> {
  const data = await readFile(path);
  const weights = extname(path) === '.bin';
  const quality = !weights && data.length <= BEST_QUALITY_MAX_BYTES ? constants.BROTLI_MAX_QUALITY : 5;
  const level = weights ? 6 : 9;
  const compress = (settings: string, run: () => Promise<Buffer>) => (cacheDir === null ? run() : cachedCompression(cacheDir, data, settings, run));
  const [br, gzipped] = await Promise.all([
    compress(`brotli quality ${quality}`, () => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })),
    compress(`gzip level ${level}`, () => gz(data, { level })),
  ]);
  const keep = async (copy: Buffer, suffix: string): Promise<number | null> => {
    if (copy.length > data.length * (1 - MIN_SAVING)) return null;
    await writeFile(`${path}${suffix}`, copy);
    return copy.length;
  };
  return { path: relative(dir, path), bytes: data.length, br: await keep(br, '.br'), gzip: await keep(gzipped, '.gz') };
}

/** Writes the .br and .gz copies under `dir`; returns what was written. `cacheDir`: where copies
 * are kept by content between builds (null: compress every file afresh). */
export async function precompressFolder(dir: string, cacheDir: string | null = COMPRESSION_CACHE_DIR): Promise<PrecompressedFile[]> {
  const files = compressibleFiles(dir);
  // A few at a time: zlib's work runs on libuv's thread pool.
  const results: PrecompressedFile[] = [];
  for (let i = 0; i < files.length; i += 4) results.push(...(await Promise.all(files.slice(i, i + 4).map((path) => compressOne(dir, path, cacheDir)))));
  if (cacheDir !== null) pruneCompressionCache(cacheDir);
  return results;
}
