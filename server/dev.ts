// `npm start`: the local emulators (data kept in .data/), seeded content, and the app with its
// feedback endpoints on http://learn.localhost:5173. Ctrl-C stops everything; the Auth
// emulator exports its accounts on the way out and the database stand-in writes its file.
// With a production Firebase config (VITE_FIREBASE_API_KEY and VITE_FIREBASE_DATABASE_URL, and
// VITE_USE_EMULATORS not "true"), only the app is started.
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { startAppServer, emulatorEnv, type AppServer } from './app-server.ts';
import { DEV_PORTS, startEmulators, type Emulators } from './emulators.ts';
import { acquireServiceLock } from './processes.ts';
import { ROOT } from './paths.ts';
import { seedDatabase } from './seed.ts';

const APP_PORT = Number(process.env.PORT ?? 5173);
const env = { ...loadEnv('development', ROOT, 'VITE_'), ...process.env };
const production = env.VITE_USE_EMULATORS !== 'true' && !!env.VITE_FIREBASE_API_KEY && !!env.VITE_FIREBASE_DATABASE_URL;

let emulators: Emulators | null = null;
let app: AppServer | null = null;
let stopping = false;
const lock = await acquireServiceLock(join(ROOT, '.cache', 'services'), 'dev', 5_000);

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
    const dataDir = join(ROOT, '.data');
    let seeded = { levels: 0, signs: 0 };
    emulators = await startEmulators({
      ports: DEV_PORTS,
      dataDir,
      lock,
      log: (line) => console.log(line),
      // Seeding is idempotent and never touches user data, so every start brings content up to date.
      onDatabaseReady: async (databaseUrl) => {
        seeded = await seedDatabase({ databaseUrl, accessToken: 'owner' });
      },
    });
    console.log(`backend: Auth emulator ${emulators.authHost}, database (${emulators.databaseKind}) ${emulators.databaseHost}, seeded ${seeded.levels} levels and ${seeded.signs} signs; data in .data/`);
    appEnv = emulatorEnv(emulators.authHost, emulators.databaseHost);
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
