// Prints the landing page's first-load JavaScript, gzipped: the entry chunk, the landing chunk
// it loads at once on the marketing host, and their static imports. Fails above the budget.
// Usage: node scripts/bundle-size.mjs [--no-build]   (builds for the emulators into .cache/bundle-size)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, '.cache', 'bundle-size');

if (!process.argv.includes('--no-build')) {
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'emulators', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // A caller's NODE_ENV (vitest sets 'test') would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/landing-page.tsx'));
if (!entryKey || !landingKey) throw new Error('bundle-size: entry or landing chunk not found in the manifest');

/** The chunk files loaded at once for these manifest entries: them and their static imports. */
function closure(keys) {
  const files = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { files, css };
}

/** The source modules bundled into these chunks, read from their source maps. */
function sourcesOf(files) {
  const sources = new Set();
  for (const file of files) {
    try {
      const map = JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8'));
      for (const source of map.sources ?? []) sources.add(source);
    } catch {
      // no source map: nothing to check
    }
  }
  return [...sources];
}

const key = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
const { files, css } = closure([entryKey, landingKey]);
const loginKeys = [entryKey, key('src/app/router.tsx'), key('features/auth/login-page.tsx')].filter(Boolean);
const login = closure(loginKeys);
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
// The engine and the models never load with the landing or login page, nor Firebase: the login
// form loads it when submitted (src/lib/firebase/on-demand.ts).
const heavy = /(^|\/)engine\/|@tensorflow|@mediapipe|@vladmandic|node_modules\/(@firebase|firebase)\//;
const landingLeaks = sourcesOf(files).filter((source) => heavy.test(source));
const loginLeaks = sourcesOf(login.files).filter((source) => heavy.test(source));
const loginKb = [...login.files].reduce((sum, file) => sum + gz(file), 0) / 1024;
console.log(`login first-load JS: ${loginKb.toFixed(1)} KB gzipped; checked ${sourcesOf(files).length} landing and ${sourcesOf(login.files).length} login modules: no engine, models or Firebase`);
if (landingLeaks.length > 0 || loginLeaks.length > 0) {
  console.error(`bundle-size: heavy modules in first-load bundles:\n  landing: ${landingLeaks.join(', ') || 'none'}\n  login: ${loginLeaks.join(', ') || 'none'}`);
  process.exit(1);
}
if (kb > BUDGET_KB) {
  console.error(`bundle-size: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
