// `npm start`: the local emulators (data kept in .data/), seeded content, and the app with its
// feedback endpoints on http://learn.localhost:5173. Ctrl-C stops everything. Nothing waits for
// a clean stop to be saved: every acknowledged write and account change is on disk already
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
import { ROOT } from './paths.ts';
import { seedDatabase } from './seed.ts';

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

try {
  let appEnv: Record<string, string> = {};
  if (production) {
    console.log(`backend: production Firebase project ${env.VITE_FIREBASE_PROJECT_ID ?? ''}`);
  } else {
    let seeded = { levels: 0, signs: 0 };
    emulators = await startEmulators({
      ports,
      dataDir,
      lock,
      log: (line) => console.log(line),
      // Seeding is idempotent and never touches user data, so every start brings content up to date.
      onDatabaseReady: async (databaseUrl) => {
        seeded = await seedDatabase({ databaseUrl, accessToken: 'owner' });
      },
    });
    console.log(`backend: Auth emulator ${emulators.authHost}, database (${emulators.databaseKind}) ${emulators.databaseHost}, seeded ${seeded.levels} levels and ${seeded.signs} signs; data in ${dataDir}`);
    appEnv = emulatorEnv(emulators.authHost, emulators.databaseHost);
  }
  if (!withApp) {
    // The crash tests and the bench need the backend only; the banner below is for people.
    console.log('backend ready (--no-app: the app is not served)');
    await new Promise(() => undefined);
  }
  app = await startAppServer({ port: APP_PORT, env: appEnv, stdio: 'inherit', lock });
  app.child.once('exit', (code) => {
    if (!stopping) void stop(code ?? 1);
  });
  console.log(`\n  SignLearn is running:\n    learning app   http://learn.localhost:${APP_PORT}\n    landing page   http://localhost:${APP_PORT}\n  Press Ctrl-C to stop.\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
