// A clone is the whole product: the repository is cloned into an empty temporary folder (nothing
// beside it: no workspace folder next to the clone), and the seed runs there as `npm start` runs
// it: the reference builder on the clone's own recordings (data/asl-alphabet), then the content
// written to a database of its own. Under strace, every file the seed and its child processes open is checked:
// the clone, the installed packages, and the system; never the checkout it was cloned from, and
// never a `shared` folder anywhere.
//
// The tools the tests, the bench and `npm start` run (firebase-tools, lighthouse) write a settings
// file each; run in the clone as those entry points run them, they write nothing outside it.
//
// The clone is of the checkout's HEAD commit: what is not committed is not in it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseReferenceSign } from '@signlearn/engine/reference/reference_sign_schema';
import { adminGet } from '../../server/admin-rest.ts';
import { startDatabaseStandIn, type DatabaseStandIn } from '../../server/database-standin.ts';
import { PROJECT_ID, ROOT } from '../../server/paths.ts';
import { freePort } from './helpers.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
/** The curriculum's signs that move (src/lib/data/moving-signs.ts). */
const MOVING = ['HELLO', 'THANK YOU'];

let outer: string;
let clone: string;
let database: DatabaseStandIn | undefined;

function has(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Runs a command to its end; resolves with its exit code and output. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

beforeAll(() => {
  if (!has('git')) throw new Error('the clone test needs git');
  if (!has('strace')) throw new Error("the clone test needs strace (Debian package 'strace'; scripts/ensure-setup.mjs installs it as root)");
  const head = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  outer = realpathSync(mkdtempSync(join(tmpdir(), 'signlearn-clone-')));
  clone = join(outer, 'signlearn');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', head]);
  // The installed packages are lent to the clone (an `npm ci` would take minutes), except the
  // workspace package, which is the clone's own engine.
  const modules = join(clone, 'node_modules');
  mkdirSync(join(modules, '@signlearn'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@signlearn') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync(join('..', '..', 'engine'), join(modules, '@signlearn', 'engine'));
});

afterAll(async () => {
  await database?.close();
  if (outer) rmSync(outer, { recursive: true, force: true });
});

describe('a clone with nothing beside it', () => {
  test('carries its content: the seed builds the 26 letters there and fills a database, reading nothing outside', async () => {
    expect(readdirSync(outer)).toEqual(['signlearn']);
    expect(existsSync(join(clone, 'data', 'asl-alphabet', 'LICENSE')) || existsSync(join(clone, 'data', 'asl-alphabet', 'README.md'))).toBe(true);

    const port = await freePort();
    database = await startDatabaseStandIn({ port, rulesFile: join(ROOT, 'database.rules.json') });
    const databaseUrl = `http://127.0.0.1:${port}?ns=${PROJECT_ID}`;

    const trace = join(outer, 'seed.strace');
    const temp = join(clone, '.cache', 'tmp'); // tsx's cache too stays inside the clone
    mkdirSync(temp, { recursive: true });
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: temp, NODE_ENV: 'production' };
    const seed = await run('strace', ['-f', '-qq', '-e', 'trace=%file', '-o', trace, process.execPath, '--import', 'tsx', 'server/seed.ts', '--database-url', databaseUrl], { cwd: clone, env });
    // First what was read (it explains a failure below best), then what was made.
    const { opened, shared } = filesTouched(readFileSync(trace, 'utf8'));
    const nodePrefix = dirname(dirname(realpathSync(process.execPath)));
    const allowed = [clone, realpathSync(join(ROOT, 'node_modules')), nodePrefix, '/usr', '/lib', '/lib64', '/etc', '/proc', '/sys', '/dev'].map((root) => root + sep);
    const outside = [...opened].filter((file) => !allowed.some((root) => file.startsWith(root)));
    expect(outside, 'files opened outside the clone, its packages and the system').toEqual([]);
    expect([...shared], 'attempts to reach a shared folder').toEqual([]);
    // 10 levels a language (letters, then words), American's 26 letters and 2 signs that move
    // (HELLO, THANK YOU: built from data/popsign-hello-thankyou) and asq's 31 and bzs's 27.
    expect(seed.output).toMatch(/seed: .*: 30 levels, 86 signs \(american, asq, bzs\)/);
    expect(seed.code).toBe(0);

    // The records the clone's builder made from the clone's recordings: one valid record a letter.
    const references = join(clone, '.cache', 'references');
    expect(readdirSync(references).filter((file) => file.endsWith('.json')).sort()).toEqual([...LETTERS, ...MOVING].sort().map((sign) => `${sign}.json`));
    for (const letter of LETTERS) expect(() => parseReferenceSign(letter, JSON.parse(readFileSync(join(references, `${letter}.json`), 'utf8')))).not.toThrow();
    // ... and what the database holds.
    const admin = { databaseUrl, accessToken: 'owner' };
    expect(Object.keys((await adminGet(admin, 'signs')) as object).sort()).toEqual([...LETTERS, ...MOVING].sort());
    expect([...opened].some((file) => file.startsWith(join(clone, 'data', 'popsign-hello-thankyou') + sep))).toBe(true);
    expect(((await adminGet(admin, 'levels')) as unknown[]).length).toBe(10);
    // Every language is seeded from the clone's lexicons (data/fingerspelling-{asq,bzs}).
    expect(Object.keys((await adminGet(admin, 'language/asq/signs')) as object)).toHaveLength(31);
    expect(Object.keys((await adminGet(admin, 'language/bzs/signs')) as object)).toHaveLength(27);
    expect([...opened].some((file) => file.startsWith(join(clone, 'data', 'fingerspelling-asq') + sep))).toBe(true);

    // The check sees the reads that matter: the clone's recordings were opened.
    expect([...opened].some((file) => file.startsWith(join(clone, 'data', 'asl-alphabet') + sep))).toBe(true);
  }, 300_000);
});

describe('the tools the tests start, in a clone', () => {
  test('keep their settings files in the clone: nothing written outside it and its temporary folder', async () => {
    const trace = join(outer, 'tools.strace');
    const temp = join(clone, '.cache', 'tmp');
    mkdirSync(temp, { recursive: true });
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: temp };
    // What the settings files are written by: firebase-tools' command line (as the emulators run
    // it) and lighthouse's error-reporting question (asked by every lighthouse run of the bench).
    const tools = [
      "import { execFileSync } from 'node:child_process';",
      "execFileSync(process.execPath, ['node_modules/firebase-tools/lib/bin/firebase.js', '--version'], { stdio: 'inherit' });",
      "const { askPermission } = await import(new URL('node_modules/lighthouse/cli/sentry-prompt.js', `file://${process.cwd()}/`).href);",
      "console.log('lighthouse error reporting:', await askPermission());",
    ].join('\n');
    // As the npm scripts that start these tools run node (package.json "bench", "crash-faults";
    // vitest.config.ts, scripts/start.mjs and scripts/test.mjs import the same module first).
    const result = await run('strace', ['-f', '-qq', '-e', 'trace=%file', '-o', trace, process.execPath, '--import', './scripts/config-in-clone.mjs', '--input-type=module', '-e', tools], { cwd: clone, env });
    expect(result.output).toMatch(/lighthouse error reporting: false/);
    expect(result.code).toBe(0);
    const allowed = [clone, '/dev'].map((root) => root + sep);
    const outside = [...filesWritten(readFileSync(trace, 'utf8'))].filter((file) => !allowed.some((root) => file.startsWith(root)));
    expect(outside, 'files written outside the clone').toEqual([]);
    const settings = join(clone, '.cache', 'config', 'configstore');
    expect(readdirSync(settings).filter((file) => file.endsWith('.json')).sort()).toEqual(expect.arrayContaining(['firebase-tools.json', 'lighthouse.json']));
  }, 120_000);
});

/** From an strace log of the %file calls: every absolute path a successful call created, opened
 * for writing, renamed, linked or removed. */
function filesWritten(log: string): Set<string> {
  const written = new Set<string>();
  const writes = /^\d+ +(?:(?:open|openat|openat2)\(.*O_(?:WRONLY|RDWR|CREAT)|(?:creat|mkdir|mkdirat|rename|renameat|renameat2|unlink|unlinkat|rmdir|symlink|symlinkat|link|linkat|truncate)\()/;
  for (const line of log.split('\n')) {
    if (!writes.test(line) || / = -1 /.test(line)) continue;
    for (const [, path] of line.matchAll(/"(\/[^"]*)"/g)) written.add(path as string);
  }
  return written;
}

/**
 * From an strace log of the %file calls: every file successfully opened or executed (absolute
 * path), and every path of any call, successful or not, that goes through a folder named
 * `shared` outside node_modules (the workspace folder the product must never need).
 */
function filesTouched(log: string): { opened: Set<string>; shared: Set<string> } {
  const opened = new Set<string>();
  const shared = new Set<string>();
  const call = /^\d+ +(\w+)\((?:AT_FDCWD, )?"([^"]*)"/;
  for (const line of log.split('\n')) {
    const match = call.exec(line);
    if (!match) continue;
    const [, name, path] = match as unknown as [string, string, string];
    if (/(^|\/)shared(\/|$)/.test(path) && !path.includes('/node_modules/')) shared.add(path);
    if (!/^(open|openat|openat2|execve)$/.test(name) || / = -1 /.test(line)) continue;
    if (path.startsWith('/')) opened.add(path);
  }
  return { opened, shared };
}
