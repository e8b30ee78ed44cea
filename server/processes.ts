// Child processes and ports for the local services: spawn in a process group so the whole tree
// can be stopped, wait for a port to answer, and free a port a crashed run left occupied.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Spawns a child as the leader of its own process group. Whatever is still running when this
 * process exits (a crash, an uncaught error) is killed with its whole group. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const leftover of running) {
        try {
          process.kill(-leftover.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    });
  }
  return child;
}

/** Sends a signal to the child's process group; resolves when it exited (or after timeoutMs,
 * when it is killed). */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT', timeoutMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  kill(signal);
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    kill('SIGKILL');
    await exited;
  }
}

export function portIsOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs: number, child?: ChildProcess, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portIsOpen(port, host)) return;
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before port ${port} opened`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
}

/**
 * A lock for one set of local services (ports), in `.cache/services/<name>.json`: the pid of the
 * process that owns them and the process groups it started. A later run that finds the owner
 * dead (a crash) stops exactly those recorded groups; one that finds the owner alive (another
 * run using the same ports) waits for it to finish. Nothing else is ever killed.
 */
export interface ServiceLock {
  addChild(child: ChildProcess): void;
  release(): void;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export async function acquireServiceLock(dir: string, name: string, waitMs = 10 * 60_000, log: (line: string) => void = console.log): Promise<ServiceLock> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  const deadline = Date.now() + waitMs;
  let announced = false;
  for (;;) {
    let record: { owner: number; groups: number[] } | null = null;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as { owner: number; groups: number[] };
    } catch {
      record = null;
    }
    if (record && record.owner !== process.pid && alive(record.owner)) {
      if (Date.now() > deadline) throw new Error(`services "${name}" are held by process ${record.owner}; stop it or wait`);
      if (!announced) log(`services "${name}" are in use by process ${record.owner}; waiting for it to finish`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    if (record && record.owner !== process.pid) {
      for (const group of record.groups) {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      // Wait until the killed groups are gone (their ports close with them).
      const until = Date.now() + 10_000;
      while (record.groups.some((group) => alive(-group)) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    try {
      // 'wx' fails if another process created the file between our read and now.
      if (record) unlinkSync(file);
      writeFileSync(file, JSON.stringify({ owner: process.pid, groups: [] }), { flag: 'wx' });
    } catch {
      continue;
    }
    break;
  }
  const groups: number[] = [];
  const save = () => writeFileSync(file, JSON.stringify({ owner: process.pid, groups }));
  return {
    addChild(child) {
      if (child.pid !== undefined) groups.push(child.pid);
      save();
    },
    release() {
      try {
        const record = JSON.parse(readFileSync(file, 'utf8')) as { owner: number };
        if (record.owner === process.pid) unlinkSync(file);
      } catch {
        /* already gone */
      }
    },
  };
}

/** Fails with a clear message when a port is taken by a program this project did not start. */
export async function assertPortsFree(ports: number[], graceMs = 5_000): Promise<void> {
  const deadline = Date.now() + graceMs;
  for (const port of ports) {
    // A port of a process that was just stopped can take a moment to close.
    while (await portIsOpen(port)) {
      if (Date.now() > deadline) throw new Error(`port ${port} is in use by another program; stop it and try again`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
