// Runs the app's Vite dev server as a child process, configured for a set of emulators; used by
// `npm start` and by the test setup. The feedback endpoints ride along (vite-plugin.ts).
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { assertPortsFree, spawnGroup, stopGroup, waitForPort, type ServiceLock } from './processes.ts';
import { ROOT, PROJECT_ID } from './paths.ts';

export interface AppServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function emulatorEnv(authHost: string, databaseHost: string): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_AUTH_EMULATOR_HOST: authHost,
    VITE_DATABASE_EMULATOR_HOST: databaseHost,
  };
}

export async function startAppServer(options: {
  port: number;
  env: Record<string, string>;
  stdio?: 'inherit' | 'ignore';
  /** Receives Vite's standard output line by line (instead of `stdio`). */
  onOutput?: (line: string) => void;
  lock?: ServiceLock;
}): Promise<AppServer> {
  await assertPortsFree([options.port]);
  const stdout = options.onOutput ? 'pipe' : (options.stdio ?? 'ignore');
  const child = spawnGroup(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', String(options.port), '--strictPort'], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', stdout, options.stdio ?? 'inherit'],
  });
  if (options.onOutput && child.stdout) {
    const onOutput = options.onOutput;
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => onOutput(line));
  }
  return appServerWhenListening(child, options.port, options.lock);
}

/** The app server a child process runs, once it listens on `port` (stopped if it never does). */
export async function appServerWhenListening(child: ChildProcess, port: number, lock?: ServiceLock): Promise<AppServer> {
  lock?.addChild(child);
  try {
    await waitForPort(port, 60_000, child);
  } catch (error) {
    await stopGroup(child, 'SIGTERM');
    throw error;
  }
  return {
    url: `http://localhost:${port}`,
    child,
    stop: () => stopGroup(child, 'SIGTERM', 5_000),
  };
}
