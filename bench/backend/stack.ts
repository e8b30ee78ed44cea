// The `npm start` stack (server/dev.ts) as a child process on its own ports and data folder, for
// the crash tests and the classroom bench: start it, SIGKILL its whole process tree at once (as
// a power cut or `kill -9` would), start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFirebaseClient, type FirebaseClient } from '../../src/lib/firebase/client.ts';
import { readFirebaseSettings } from '../../src/lib/firebase/config.ts';
import { DEV_PORTS } from '../../server/emulators.ts';
import { PROJECT_ID, ROOT } from '../../server/paths.ts';

export interface StackOptions {
  /** Added to every `npm start` port (Auth 9099, database 9000, hub 4400, logging 4500, app 5173). */
  portOffset: number;
  dataDir: string;
  /** Serve the app too (the whole `npm start` stack); default: the backend only. */
  app?: boolean;
  log?: (line: string) => void;
  /** How long a start may take (the Auth emulator alone takes 5-60 s on a busy 2-core machine). */
  timeoutMs?: number;
}

export interface Stack {
  pid: number;
  authHost: string;
  databaseHost: string;
  databaseUrl: string;
  appUrl: string | null;
  /** Time from spawn to ready. */
  startMs: number;
  /** The stack's output so far (for a failure message). */
  output(): string;
  /** A new client of the app's own Firebase setup against this stack. */
  client(name: string): FirebaseClient;
  /** SIGKILL to every process of the tree at the same moment. */
  kill(): Promise<void>;
  /** Ctrl-C: the orderly stop. */
  stop(): Promise<void>;
  /** Every process of the tree (for CPU and memory figures). */
  processes(): number[];
}

export function stackPorts(portOffset: number) {
  return {
    auth: DEV_PORTS.auth + portOffset,
    database: DEV_PORTS.database + portOffset,
    app: 5173 + portOffset,
  };
}

/** Child processes of `pid`, recursively, from /proc (Linux). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: fields after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (!existsSync(`/proc/${next}`)) continue;
    tree.push(next);
    queue.push(...(parents.get(next) ?? []));
  }
  return tree;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    /* already gone */
  }
};

/** Freezes the whole tree (so nothing runs between the first and the last kill), then kills it. */
export async function killTree(pid: number): Promise<void> {
  const frozen = new Set<number>();
  for (let round = 0; round < 5; round += 1) {
    const found = processTree(pid).filter((p) => !frozen.has(p));
    if (found.length === 0) break;
    for (const p of found) {
      signal(p, 'SIGSTOP');
      frozen.add(p);
    }
  }
  for (const p of frozen) signal(p, 'SIGKILL');
  const deadline = Date.now() + 10_000;
  while ([...frozen].some((p) => existsSync(`/proc/${p}`) && !readFileSync(`/proc/${p}/stat`, 'utf8').includes(') Z ')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const ports = stackPorts(options.portOffset);
  const started = Date.now();
  const args = ['--import', 'tsx', join(ROOT, 'server', 'dev.ts'), '--port-offset', String(options.portOffset), '--data-dir', options.dataDir];
  if (!options.app) args.push('--no-app');
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  let output = '';
  const ready = options.app ? 'SignLearn is running' : 'backend ready';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack did not start within ${options.timeoutMs ?? 240_000} ms:\n${output.slice(-3000)}`)), options.timeoutMs ?? 240_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line.trim()) options.log?.(`  stack: ${line.trim()}`);
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack exited (${code}) before it was ready:\n${output.slice(-3000)}`));
    });
  });
  child.removeAllListeners('exit');
  const settings = readFirebaseSettings({
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    VITE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.database}`,
  });
  const pid = child.pid!;
  return {
    pid,
    authHost: `127.0.0.1:${ports.auth}`,
    databaseHost: `127.0.0.1:${ports.database}`,
    databaseUrl: `http://127.0.0.1:${ports.database}?ns=${PROJECT_ID}`,
    appUrl: options.app ? `http://learn.localhost:${ports.app}` : null,
    startMs: Date.now() - started,
    output: () => output,
    client: (name) => createFirebaseClient(settings, name),
    kill: () => killTree(pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      signal(pid, 'SIGINT');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 60_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') await killTree(pid);
    },
    processes: () => processTree(pid),
  };
}
