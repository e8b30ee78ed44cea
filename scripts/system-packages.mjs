// The Debian packages the tests need beside npm's, and how setup installs them: as root, through
// apt-get, only the packages named here (and the ones they depend on), never what Debian merely
// recommends with them: without --no-install-recommends, apt added 217 packages to one machine (a
// print system, avahi, upower...) and upgraded systemd, perl and mesa. Setup says what it will
// install and why before it runs anything, and SIGNLEARN_SKIP_APT=1 skips it. .ci/run installs
// the same list the same way (tests/app/setup.test.ts holds the two together). Node built-ins only.
import { execSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export const SKIP_APT_VARIABLE = 'SIGNLEARN_SKIP_APT';

/** Whether a command is on the PATH. */
export const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export const SYSTEM_PACKAGES = [
  { name: 'chromium', why: "the bench's browser pages and audits", present: () => existsSync('/usr/bin/chromium') },
  // The same Chromium without its desktop shell: the browser tests' pages cost about a third
  // less CPU in it (docs/engineer/app.md), and it is what playwright runs headless by default.
  {
    name: 'chromium-headless-shell',
    why: 'the browser tests; without it they run in the desktop chromium, about a third more CPU a page',
    present: () => existsSync('/usr/bin/chromium-headless-shell'),
  },
  { name: 'ffmpeg', why: 'the video clips', present: () => has('ffmpeg') },
  { name: 'strace', why: 'the clone test', present: () => has('strace') },
];

/** apt-get's arguments to install these packages and nothing recommended with them. */
export const aptInstallArguments = (names) => ['install', '-y', '-qq', '--no-install-recommends', ...names];

/** The line printed before anything is installed. */
export const announcement = (packages) =>
  `setup: as root, apt-get will now install ${packages.map((item) => `${item.name} (${item.why})`).join(', ')} ` +
  'with --no-install-recommends: these packages and the ones they depend on, nothing merely recommended. ' +
  `To skip it, run again with ${SKIP_APT_VARIABLE}=1 and install them yourself.`;

/**
 * Installs the missing packages where setup may (root, apt-get, not skipped), else says what to
 * install. `step(name, what, action)` is setup's step runner (one line with its time).
 */
export function ensureSystemPackages(root, step) {
  const missing = SYSTEM_PACKAGES.filter((item) => !item.present());
  if (missing.length === 0) return;
  const names = missing.map((item) => item.name);
  const reasons = missing.map((item) => `${item.name} (${item.why})`).join(', ');
  if (process.env[SKIP_APT_VARIABLE] === '1') {
    console.log(`setup: not installing ${reasons}: ${SKIP_APT_VARIABLE}=1; install them yourself for those tests`);
  } else if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(announcement(missing));
    const log = join(root, '.cache', 'setup', 'apt-get.log');
    step(`apt-get install ${names.join(' ')}`, `installing ${names.join(' ')} with apt-get (about 2 minutes; its output in ${relative(root, log)})`, () =>
      aptGet(names, log),
    );
  } else {
    console.warn(`setup: please install ${reasons} (Debian packages); the browser, video and clone tests need them`);
  }
}

/** apt-get update and install, their output kept in a log (dpkg prints hundreds of lines); what
 * will be installed is counted from apt's own plan first, and the log's end is shown on failure. */
function aptGet(names, logFile) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execSync(['apt-get', ...args].join(' '), { env, stdio: ['ignore', log, log] });
  try {
    apt(['update', '-qq']);
    const plan = execSync(['apt-get', '--simulate', ...aptInstallArguments(names)].join(' '), { env, encoding: 'utf8' });
    writeSync(log, plan);
    const installs = plan.split('\n').filter((line) => line.startsWith('Inst '));
    const upgrades = installs.filter((line) => /^Inst \S+ \[/.test(line)).length;
    console.log(`setup: apt-get's plan: ${installs.length - upgrades} new packages, ${upgrades} upgraded (${names.join(', ')} and what they depend on; the list is in the log)`);
    apt(aptInstallArguments(names));
  } catch (error) {
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    closeSync(log);
  }
}
