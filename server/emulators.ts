// Starts the local backend: Firebase's Auth emulator (firebase-tools) and the Realtime Database:
// the official emulator when this machine has Java 21+ and its jar cached, otherwise the
// stand-in (database-standin.ts). With a data folder, both keep everything they acknowledged
// through a crash: the stand-in's journal (database-store.ts) and the Auth journal written by
// the proxy on the Auth port (auth-proxy.ts, auth-store.ts); on every start the two are then
// reconciled (reconcile.ts), so no user record outlives its account nor the reverse.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { startAuthProxy, currentAuthState, loadAuthState, type AuthEmulatorAdmin, type AuthProxy } from './auth-proxy.ts';
import { openAuthStore, recoverAuth, type AuthStore } from './auth-store.ts';
import { startDatabaseStandIn, type DatabaseStandIn } from './database-standin.ts';
import { assertPortsFree, spawnGroup, stopGroup, waitForPort, type ServiceLock } from './processes.ts';
import { reconcileAccounts } from './reconcile.ts';
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
  /** Folder kept between runs (auth/, database.json and their journals); omitted: nothing persists. */
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

/** A port nobody listens on now (the Auth emulator's own, behind the proxy on `ports.auth`). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
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
  // Clients reach the Auth emulator through the proxy on ports.auth; the emulator itself listens
  // on a private port.
  const authPort = await freePort();
  const config = {
    database: { rules: join(ROOT, 'database.rules.json') },
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
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
  // Accounts are kept by the Auth journal (auth/), never by firebase-tools' export. The official
  // database emulator has no journal: it keeps its data through firebase-tools' export on exit
  // (a clean stop only), with the export's auth part ignored.
  const legacyExport = options.dataDir ? join(options.dataDir, 'firebase-export') : undefined;
  if (legacyExport && useOfficial) {
    mkdirSync(legacyExport, { recursive: true });
    const metadataFile = join(legacyExport, 'firebase-export-metadata.json');
    if (existsSync(metadataFile)) {
      const metadata = JSON.parse(readFileSync(metadataFile, 'utf8')) as Record<string, unknown>;
      if (metadata.auth) {
        delete metadata.auth;
        writeFileSync(metadataFile, JSON.stringify(metadata, null, 2));
      }
      if (metadata.database) args.push('--import', legacyExport);
    }
    args.push('--export-on-exit', legacyExport);
  }
  const authState = options.dataDir ? recoverAuth(join(options.dataDir, 'auth'), legacyExport) : null;
  if (authState && (authState.replayed > 0 || authState.droppedLines > 0)) {
    log(`auth: replayed ${authState.replayed} journalled account changes${authState.droppedLines ? ` (dropped ${authState.droppedLines} line(s) a crash cut off, never acknowledged)` : ''}`);
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

  const authAdmin: AuthEmulatorAdmin = { baseUrl: `http://127.0.0.1:${authPort}`, projectId: PROJECT_ID };
  const databaseUrl = `http://127.0.0.1:${ports.database}?ns=${PROJECT_ID}`;
  let standIn: DatabaseStandIn | null = null;
  let authStore: AuthStore | null = null;
  let proxy: AuthProxy | null = null;
  try {
    if (!useOfficial) {
      standIn = await startDatabaseStandIn({
        port: ports.database,
        rulesFile: join(ROOT, 'database.rules.json'),
        dataFile: options.dataDir ? join(options.dataDir, 'database.json') : undefined,
        log,
      });
    }
    const database = (async () => {
      if (useOfficial) await waitForPort(ports.database, 90_000, child);
      await options.onDatabaseReady?.(databaseUrl);
    })();
    await Promise.all([waitForPort(authPort, 120_000, child), database]);
    if (authState && options.dataDir) {
      await loadAuthState(authAdmin, authState);
      authStore = openAuthStore(join(options.dataDir, 'auth'));
      const store = authStore;
      const plan = await reconcileAccounts({
        database: { databaseUrl, accessToken: 'owner' },
        auth: authAdmin,
        recordAuthDeletes: (uids) => store.append({ del: uids }),
        log,
      });
      if (plan.notes.length > 0) log(`reconcile: Auth and the database agree again (${plan.notes.length} change(s))`);
    }
    proxy = await startAuthProxy({ host: '127.0.0.1', port: ports.auth, admin: authAdmin, store: authStore ?? undefined, log });
  } catch (error) {
    stopping = true;
    await proxy?.close();
    await standIn?.close();
    await authStore?.close();
    await stopGroup(child);
    throw error;
  }

  return {
    authHost: `127.0.0.1:${ports.auth}`,
    databaseHost: `127.0.0.1:${ports.database}`,
    databaseUrl,
    databaseKind: useOfficial ? 'official' : 'stand-in',
    async stop() {
      stopping = true;
      await proxy?.close();
      // A clean stop folds the Auth journal into auth/accounts.json (the next start has less to replay).
      if (authStore) {
        await authStore.compact(() => currentAuthState(authAdmin)).catch((error: unknown) => log(`auth: compaction on stop failed (the journal is kept): ${(error as Error).message}`));
        await authStore.close();
      }
      await standIn?.close();
      // SIGINT lets firebase-tools stop cleanly (and, with the official database, export it).
      await stopGroup(child, 'SIGINT', 20_000);
      logStream.end();
    },
  };
}
