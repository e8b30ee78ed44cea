// `npm start`: the local emulators (data kept in .data/), seeded content and the demo learner,
// and the app with its feedback endpoints on http://learn.localhost:5173; one line per phase
// with its time, then the banner (start-banner.ts). Ctrl-C stops everything. Nothing waits for a
// clean stop to be saved: every acknowledged write and account change is on disk already
// (emulators.ts), and the next start reconciles Auth with the database.
// With a production Firebase config (VITE_FIREBASE_API_KEY and VITE_FIREBASE_DATABASE_URL, and
// VITE_USE_EMULATORS not "true"), only the app is started.
//
// Options (for the crash tests and the classroom bench, which run this same stack beside a
// developer's `npm start`): --port-offset N shifts every port (Auth, database, hub, logging, app)
// by N; --data-dir DIR keeps the data there instead of .data/; --no-app starts the backend only.
import { join, resolve } from 'node:path';
import { loadEnv } from 'vite';
import { startAppServer, emulatorEnv, type AppServer } from './app-server.ts';
import { DEV_PORTS, startEmulators, type Emulators } from './emulators.ts';
import { acquireServiceLock } from './processes.ts';
import { PROJECT_ID, ROOT } from './paths.ts';
import { seedDatabase } from './seed.ts';
import { seedDemoLearner } from './demo-learner.ts';
import { seedDemoTeacher } from './demo-teacher.ts';
import { startBanner } from './start-banner.ts';
import { viteLineForLearners } from './vite-output.ts';
import { logPhase, phaseLine } from '../scripts/phase-log.mjs';

// scripts/start.mjs passes the time it started (ms since the epoch), so the last line counts the
// setup too.
const STARTED_AT = Number(process.env.SIGNLEARN_START_TIME) || Date.now();

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const portOffset = Number(option('port-offset') ?? 0) || 0;
const dataDir = resolve(option('data-dir') ?? join(ROOT, '.data'));
const withApp = !process.argv.includes('--no-app');
const ports = Object.fromEntries(Object.entries(DEV_PORTS).map(([name, port]) => [name, port + portOffset])) as typeof DEV_PORTS;
const APP_PORT = Number(process.env.PORT ?? 5173) + portOffset;
const env = { ...loadEnv('development', ROOT, 'VITE_'), ...process.env };
const production = env.VITE_USE_EMULATORS !== 'true' && !!env.VITE_FIREBASE_API_KEY && !!env.VITE_FIREBASE_DATABASE_URL;

let emulators: Emulators | null = null;
let app: AppServer | null = null;
let stopping = false;
const lock = await acquireServiceLock(join(ROOT, '.cache', 'services'), portOffset ? `dev-${portOffset}` : 'dev', 5_000);

async function stop(code = 0): Promise<void> {
  // Ctrl-C may arrive more than once (from the terminal and forwarded by npm); stop once.
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await app?.stop().catch(() => undefined);
  await emulators?.stop().catch(() => undefined);
  lock.release();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** The emulators, the seed and the demo learner; resolves true when the demo learner is there. */
async function startBackend(): Promise<boolean> {
  const emulatorsStarted = performance.now();
  emulators = await startEmulators({
    ports,
    dataDir,
    lock,
    log: (line) => console.log(line),
    // Seeding is idempotent and never touches user data, so every start brings content up to date.
    onDatabaseReady: async (databaseUrl) => {
      const seedStarted = performance.now();
      const seeded = await seedDatabase({ databaseUrl, accessToken: 'owner' });
      logPhase('seed', seedStarted, `${seeded.levels} levels, ${seeded.signs} signs`);
    },
  });
  logPhase('emulators', emulatorsStarted, `Auth ${emulators.authHost}, database (${emulators.databaseKind}) ${emulators.databaseHost}; data in ${dataDir}`);
  const demoStarted = performance.now();
  try {
    const backend = { projectId: PROJECT_ID, authHost: emulators.authHost, databaseUrl: emulators.databaseUrl };
    const demo = await seedDemoLearner(backend);
    logPhase('demo learner', demoStarted, demo.created ? 'created' : 'ready');
    await seedDemoTeacher(backend);
    return true;
  } catch (error) {
    // The app works without it; say why it is missing.
    console.warn(error instanceof Error ? error.message : error);
    return false;
  }
}

try {
  if (production) console.log(`backend: production Firebase project ${env.VITE_FIREBASE_PROJECT_ID ?? ''} (no emulators, no demo learner)`);
  if (!withApp) {
    // The crash tests and the bench need the backend only; the banner is for people.
    if (!production) await startBackend();
    console.log('backend ready (--no-app: the app is not served)');
    await new Promise(() => undefined);
  }
  // The app server starts beside the emulators: its settings (the emulators' ports) are known ahead.
  const appEnv = production ? {} : emulatorEnv(`127.0.0.1:${ports.auth}`, `127.0.0.1:${ports.database}`);
  const learningUrl = `http://learn.localhost:${APP_PORT}`;
  const appStarted = performance.now();
  const [demoLearner] = await Promise.all([
    production ? Promise.resolve(false) : startBackend(),
    startAppServer({
      port: APP_PORT,
      env: { ...appEnv, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
      stdio: 'inherit',
      onOutput: (line) => console.log(viteLineForLearners(line, learningUrl)),
      lock,
    }).then((started) => {
      app = started;
      app.child.once('exit', (code) => {
        if (!stopping) void stop(code ?? 1);
      });
      logPhase('app server', appStarted, 'Vite dev server ready');
    }),
  ]);
  console.log(phaseLine('npm start', Date.now() - STARTED_AT, 'ready'));
  console.log(startBanner({ learningUrl, landingUrl: `http://localhost:${APP_PORT}`, demoLearner }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
