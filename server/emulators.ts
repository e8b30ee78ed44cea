// Starts the local backend: Firebase's Auth emulator (firebase-tools) and the Realtime Database:
// the official emulator when this machine has Java 21+ and its jar cached, otherwise the
// stand-in (database-standin.ts). Both keep their data under one folder between runs.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startDatabaseStandIn, type DatabaseStandIn } from './database-standin.ts';
import { assertPortsFree, spawnGroup, stopGroup, waitForPort, type ServiceLock } from './processes.ts';
import { ROOT, PROJECT_ID } from './paths.ts';

export interface EmulatorPorts {
  auth: number;
  database: number;
  /** firebase-tools' hub and logging ports (kept apart for dev and tests). */
  hub: number;
  logging: number;
}

export const DEV_PORTS: EmulatorPorts = { auth: 9099, database: 9000, hub: 4400, logging: 4500 };
export const TEST_PORTS: EmulatorPorts = { auth: 9199, database: 9100, hub: 4410, logging: 4510 };

export interface Emulators {
  authHost: string;
  databaseHost: string;
  /** For the client SDK and REST: http://127.0.0.1:PORT?ns=PROJECT */
  databaseUrl: string;
  databaseKind: 'official' | 'stand-in';
  stop(): Promise<void>;
}

export interface StartEmulatorsOptions {
  ports: EmulatorPorts;
  /** Folder kept between runs (Auth export, database file); omitted: nothing persists. */
  dataDir?: string;
  log?: (line: string) => void;
  /** Records the started processes so a later run can clean up after a crash. */
  lock?: ServiceLock;
  /** Runs as soon as the database answers, while the Auth emulator is still starting. */
  onDatabaseReady?: (databaseUrl: string) => Promise<unknown>;
}

/** The official database emulator needs Java 21 or later and its jar in firebase-tools' cache. */
export function officialDatabaseEmulatorAvailable(): boolean {
  return javaMajorVersion() >= 21 && databaseJarCached();
}

function javaMajorVersion(): number {
  try {
    const result = execFileSync('sh', ['-c', 'java -version 2>&1'], { encoding: 'utf8' });
    const match = /version "(\d+)(?:\.(\d+))?/.exec(result);
    if (!match) return 0;
    const major = Number(match[1]);
    return major === 1 ? Number(match[2]) : major;
  } catch {
    return 0;
  }
}

function databaseJarCached(): boolean {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  return existsSync(dir) && readdirSync(dir).some((name) => /^firebase-database-emulator-v.*\.jar$/.test(name));
}

export async function startEmulators(options: StartEmulatorsOptions): Promise<Emulators> {
  const { ports } = options;
  const log = options.log ?? (() => undefined);
  await assertPortsFree([ports.auth, ports.database, ports.hub, ports.logging]);
  const useOfficial = process.env.SIGNLEARN_DATABASE !== 'stand-in' && officialDatabaseEmulatorAvailable();

  const cacheDir = join(ROOT, '.cache', 'firebase', `${ports.auth}`);
  mkdirSync(cacheDir, { recursive: true });
  // firebase-tools records running emulators in a per-project file in the temp folder; a
  // separate temp folder per port set lets `npm start` and the tests run side by side.
  const tmpDir = join(cacheDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const config = {
    database: { rules: join(ROOT, 'database.rules.json') },
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      database: { host: '127.0.0.1', port: ports.database },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configFile = join(cacheDir, 'firebase.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const only = useOfficial ? 'auth,database' : 'auth';
  const args = [join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'), 'emulators:start', '--only', only, '--project', PROJECT_ID, '--config', configFile];
  const exportDir = options.dataDir ? join(options.dataDir, 'firebase-export') : undefined;
  if (exportDir) {
    mkdirSync(exportDir, { recursive: true });
    if (existsSync(join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  const logFile = join(cacheDir, 'emulators.log');
  const logStream = createWriteStream(logFile);
  const child: ChildProcess = spawnGroup(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: tmpDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.lock?.addChild(child);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`auth emulator exited unexpectedly (${signal ?? code}); its log: ${logFile}`);
  });
  child.stdout?.pipe(logStream);
  child.stderr?.pipe(logStream);
  log(`auth emulator: starting (${useOfficial ? 'with the official database emulator' : 'database: stand-in'}), log ${logFile}`);

  let standIn: DatabaseStandIn | null = null;
  try {
    if (!useOfficial) {
      standIn = await startDatabaseStandIn({
        port: ports.database,
        rulesFile: join(ROOT, 'database.rules.json'),
        dataFile: options.dataDir ? join(options.dataDir, 'database.json') : undefined,
      });
    }
    const databaseUrl = `http://127.0.0.1:${ports.database}?ns=${PROJECT_ID}`;
    const database = (async () => {
      if (useOfficial) await waitForPort(ports.database, 90_000, child);
      await options.onDatabaseReady?.(databaseUrl);
    })();
    await Promise.all([waitForPort(ports.auth, 90_000, child), database]);
  } catch (error) {
    stopping = true;
    await standIn?.close();
    await stopGroup(child);
    throw error;
  }

  return {
    authHost: `127.0.0.1:${ports.auth}`,
    databaseHost: `127.0.0.1:${ports.database}`,
    databaseUrl: `http://127.0.0.1:${ports.database}?ns=${PROJECT_ID}`,
    databaseKind: useOfficial ? 'official' : 'stand-in',
    async stop() {
      stopping = true;
      await standIn?.close();
      // SIGINT lets firebase-tools write its export before it exits.
      await stopGroup(child, 'SIGINT', 20_000);
      logStream.end();
    },
  };
}
