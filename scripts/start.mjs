// `npm start`: set up if needed, then run server/dev.ts: the local emulators with seeded content
// and the demo learner (data kept in .data/) and the app at http://learn.localhost:5173. Every
// phase prints one line with its time. Ctrl-C stops all. Options after `--` go to dev.ts
// (`--data-dir DIR`, `--port-offset N`, `--no-app`).
import './config-in-clone.mjs'; // first: the settings files of the tools it starts stay in the clone
import { spawn, execSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const startedAt = Date.now();
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execSync('node scripts/ensure-setup.mjs', { cwd: root, stdio: 'inherit' });
const dev = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'dev.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SIGNLEARN_START_TIME: String(startedAt) },
});
// dev.ts does the orderly shutdown (once, however many signals arrive); this one waits for it.
const forward = (signal) => () => {
  if (dev.exitCode === null) dev.kill(signal);
};
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
dev.on('exit', (code) => process.exit(code ?? 0));
