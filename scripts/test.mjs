// `npm test`: set up what is missing (scripts/ensure-setup.mjs), then type-check beside one vitest
// run of every project (arguments go to vitest: `npm test -- --project app`). Each phase ends with one line
// and its elapsed time (vitest's is the reporter's `» vitest run` line, after one line per project:
// tests/setup/phase-reporter.ts), and the test services one line each (tests/setup/global-setup.ts).
import './config-in-clone.mjs'; // first: the settings files of the tools it starts stay in the clone
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logPhase, phaseLine } from './phase-log.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();

/** Runs a command with its output kept; resolves with its exit code and the output. */
function runKept(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

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
if (code === 0) {
  // The type check runs beside the tests, not before them: it keeps one core busy for about 13 s
  // while the test services start (the app's build, the emulators, the seed), which leave the
  // machine part idle; before the tests it added its whole time to every run. Its output and
  // its line come after vitest's, and a type error fails the run as before.
  const typecheckStarted = performance.now();
  const typecheck = runKept('npm', ['run', '--silent', 'typecheck']).then((result) => ({ ...result, ms: performance.now() - typecheckStarted }));
  // Vitest's own last line (`» vitest run`, the phase reporter's) gives the phase's time: this one
  // prints a line for it only when it fails.
  const vitestCode = await phase('vitest', process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], true);
  const checked = await typecheck;
  if (checked.output.trim()) process.stdout.write(checked.output.endsWith('\n') ? checked.output : `${checked.output}\n`);
  console.log(phaseLine('typecheck', checked.ms, checked.code === 0 ? 'passed' : `failed (exit code ${checked.code})`));
  code = vitestCode || checked.code;
}
logPhase('npm test', started, code === 0 ? 'passed' : 'failed');
process.exit(code);
