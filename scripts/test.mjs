// `npm test`: set up what is missing (scripts/ensure-setup.mjs), type-check, then run every vitest
// project (arguments go to vitest: `npm test -- --project app`). Each phase ends with one line
// and its elapsed time (vitest's is the reporter's `» vitest run` line, after one line per project:
// tests/setup/phase-reporter.ts), and the test services one line each (tests/setup/global-setup.ts).
import './config-in-clone.mjs'; // first: the settings files of the tools it starts stay in the clone
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logPhase } from './phase-log.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();

/** Runs a command with the terminal; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function phase(name, command, args, quiet = false) {
  const phaseStarted = performance.now();
  const code = await run(command, args);
  if (code !== 0 || !quiet) logPhase(name, phaseStarted, code === 0 ? 'passed' : `failed (exit code ${code})`);
  return code;
}

// ensure-setup prints its own lines.
let code = await phase('setup', process.execPath, [join(root, 'scripts', 'ensure-setup.mjs')], true);
if (code === 0) code = await phase('typecheck', 'npm', ['run', '--silent', 'typecheck']);
// Vitest's own last line (`» vitest run`, the phase reporter's) gives the phase's time: this one
// prints a line for it only when it fails.
if (code === 0) code = await phase('vitest', process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], true);
logPhase('npm test', started, code === 0 ? 'passed' : 'failed');
process.exit(code);
