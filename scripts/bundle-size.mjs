// Prints the landing page's first-load JavaScript, gzipped: the entry chunk, the landing chunk
// it loads at once on the marketing host, and their static imports. Fails above the budget.
// Usage: node scripts/bundle-size.mjs [--no-build]   (builds into .cache/bundle-size)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.cache', 'bundle-size');

if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/landing-page.tsx'));
if (!entryKey || !landingKey) throw new Error('bundle-size: entry or landing chunk not found in the manifest');

const files = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(landingKey);

const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
let total = 0;
for (const file of files) {
  const size = gz(file);
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const cssTotal = [...css].reduce((sum, file) => sum + gz(file), 0);
const kb = total / 1024;
console.log(`landing first-load JS: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB); CSS ${(cssTotal / 1024).toFixed(1)} KB gzipped`);
const forbidden = [...files].filter((file) => /firebase|engine|tfjs|tracker|client-/i.test(file));
if (forbidden.length > 0) console.log(`note: first-load chunks with suspicious names: ${forbidden.join(', ')}`);
if (kb > BUDGET_KB) {
  console.error(`bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
