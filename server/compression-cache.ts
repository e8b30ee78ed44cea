// The build's compressed copies kept by content (.cache/precompress/): a build compresses the same
// models, WebAssembly and unchanged chunks as the build before it (Brotli at its best quality
// costs about 2.5 s a megabyte; a whole build's copies about a minute on two cores), and the
// tests build the app several times a run. Brotli and gzip are deterministic for the same bytes,
// settings and library: the key holds all three, so a kept copy is byte for byte what compressing
// again would give. Entries unused for PRUNE_AFTER_DAYS are removed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export const COMPRESSION_CACHE_DIR = join(ROOT, '.cache', 'precompress');
const PRUNE_AFTER_DAYS = 14;

/** The copy of `data` that `compress` makes with `settings` (a name for them: the algorithm and its parameters), from `dir` when kept there. */
export async function cachedCompression(dir: string, data: Buffer, settings: string, compress: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256').update(`${settings} zlib ${process.versions.zlib} brotli ${process.versions.brotli}\n`).update(data).digest('hex');
  const path = join(dir, key);
  try {
    const kept = await readFile(path);
    const now = new Date();
    utimesSync(path, now, now);
    return kept;
  } catch {
    // not kept yet
  }
  const copy = await compress();
  mkdirSync(dir, { recursive: true });
  // Written aside, then renamed: a build reading at the same time sees the whole copy or none.
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, copy);
  renameSync(partial, path);
  return copy;
}

/** Removes the copies in `dir` no build has used for PRUNE_AFTER_DAYS. */
export function pruneCompressionCache(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  const before = Date.now() - PRUNE_AFTER_DAYS * 24 * 3600 * 1000;
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < before) unlinkSync(path);
    } catch {
      // removed by another build meanwhile
    }
  }
}
