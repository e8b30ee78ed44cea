// Makes a fresh machine ready to run the app and the tests: npm dependencies, the model files,
// the guide GIFs, and (as root, through apt, unless SIGNLEARN_SKIP_APT=1) Debian's Chromium for
// browser tests, ffmpeg for video clips and strace for the clone test. Idempotent: does nothing
// that is already done, says what it will install before it does, and how long each step took.
// Uses Node built-ins only, so it runs before `npm install`.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logPhase } from './phase-log.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

const started = performance.now();
const done = [];
/** Runs one step and prints its line. */
const step = (name, what, action) => {
  const stepStarted = performance.now();
  console.log(`setup: ${what}…`);
  action();
  logPhase(`setup/${name}`, stepStarted);
  done.push(name);
};

const modules = join(root, 'node_modules');
const lock = join(root, 'package-lock.json');
const installed = join(modules, '.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  step('npm ci', 'installing npm dependencies (about 5 minutes the first time on 2 cores)', () => run('npm ci --no-audit --no-fund'));
}

// Debian's chromium, ffmpeg and strace: only those, said first, skippable (system-packages.mjs).
ensureSystemPackages(root, step);

if (!existsSync(join(root, 'public', 'models', 'blazepose-full.bin'))) {
  step('models', 'copying the model files into public/models', () => run('node scripts/copy-models.mjs'));
}

// Guide GIFs of the 26 alphabet letters, rendered from the recorded hand landmarks (a few seconds,
// no network). public/gifs/ is not committed.
const alphabet = join(root, 'data', 'asl-alphabet');
if (!existsSync(join(root, 'public', 'gifs', 'american', 'Z.gif'))) {
  step('guide GIFs', 'rendering the 26 guide GIFs into public/gifs/american', () =>
    run(`npm run --silent engine -- render-guides --in "${alphabet}" --out "${join(root, 'public', 'gifs', 'american')}"`),
  );
}
// The other languages' guide GIFs, from their fingerspelling lexicons (docs/engineer/second-language.md),
// into public/gifs/{ISO 639-3 code}; Z is a letter of both.
for (const code of ['asq', 'bzs']) {
  if (!existsSync(join(root, 'public', 'gifs', code, 'Z.gif'))) {
    step(`guide GIFs (${code})`, `rendering the guide GIFs into public/gifs/${code}`, () =>
      run(`npm run --silent engine -- render-guides --in "${join(root, 'data', `fingerspelling-${code}`)}" --out "${join(root, 'public', 'gifs', code)}"`),
    );
  }
}

logPhase('setup', started, done.length > 0 ? done.join(', ') : 'nothing to install');
