// Makes a fresh machine ready to run the app and the tests: npm dependencies, the model files,
// and (as root, through apt) Debian's Chromium for browser tests and ffmpeg for video clips.
// Idempotent: does nothing that is already done. Uses Node built-ins only, so it runs before
// `npm install`.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const modules = join(root, 'node_modules');
const lock = join(root, 'package-lock.json');
const installed = join(modules, '.package-lock.json');
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('setup: installing npm dependencies');
  run('npm ci --no-audit --no-fund');
}

const aptNeeds = [];
if (!existsSync('/usr/bin/chromium')) aptNeeds.push('chromium');
if (!has('ffmpeg')) aptNeeds.push('ffmpeg');
if (aptNeeds.length > 0) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`setup: installing ${aptNeeds.join(' ')} with apt-get`);
    run('apt-get update -qq');
    run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${aptNeeds.join(' ')}`);
  } else {
    console.warn(`setup: please install ${aptNeeds.join(' ')} (Debian packages); browser and video tests need them`);
  }
}

if (!existsSync(join(root, 'public', 'models', 'blazepose-full.bin'))) run('node scripts/copy-models.mjs');

// Guide GIFs of the 26 alphabet letters, rendered from the recorded hand landmarks (a few seconds,
// no network). public/gifs/ is not committed.
const alphabet = join(root, 'data', 'asl-alphabet');
if (!existsSync(join(root, 'public', 'gifs', 'american', 'Z.gif'))) {
  run(`npm run --silent engine -- render-guides --in "${alphabet}" --out "${join(root, 'public', 'gifs', 'american')}"`);
}
