// Starts what the integration and browser tests need, once per `vitest run`: the Auth emulator,
// the database (official emulator or stand-in), seeded content, and the app with its feedback
// endpoints on port 5273. Vitest calls this once per project in the run; only the `backend` and
// `e2e` projects need the services, so a run of unit projects alone starts nothing.
import type { TestProject } from 'vitest/node';
import { startEmulators, TEST_PORTS, type Emulators } from '../../server/emulators.ts';
import { startAppServer, type AppServer } from '../../server/app-server.ts';
import { startBuiltAppServer, testBuildEnv } from '../../server/built-app-server.ts';
import { seedDatabase } from '../../server/seed.ts';
import { seedDemoLearner } from '../../server/demo-learner.ts';
import { seedDemoTeacher } from '../../server/demo-teacher.ts';
import { PROJECT_ID, ROOT } from '../../server/paths.ts';
import { acquireServiceLock, type ServiceLock } from '../../server/processes.ts';
import { join } from 'node:path';
import { logPhase } from '../../scripts/phase-log.mjs';

// SIGNLEARN_TEST_PORT_OFFSET shifts every test port (to run two suites side by side).
const OFFSET = Number(process.env.SIGNLEARN_TEST_PORT_OFFSET ?? 0) || 0;
export const TEST_APP_PORT = 5273 + OFFSET;
const PORTS = {
  auth: TEST_PORTS.auth + OFFSET,
  database: TEST_PORTS.database + OFFSET,
  hub: TEST_PORTS.hub + OFFSET,
  logging: TEST_PORTS.logging + OFFSET,
};
const NEEDS_SERVICES = new Set(['backend', 'e2e']);

interface Services {
  emulators: Emulators;
  app: AppServer;
  lock: ServiceLock;
  users: number;
}

// The projects' setups may run in separate module instances; the services live on globalThis.
const state = globalThis as typeof globalThis & { __signlearnServices?: Promise<Services> };

/** The app the tests load: the production build (the default), or with SIGNLEARN_TEST_APP=dev Vite's
 * dev server (no build; what `npm start` serves). Why the build: docs/engineer/app.md, "Tests". */
const APP_KIND = process.env.SIGNLEARN_TEST_APP === 'dev' ? 'dev' : 'built';

function startApp(env: Record<string, string>, lock: ServiceLock): Promise<AppServer> {
  // The limit itself is tested on its own instance; here many tests share one client address.
  const serverEnv = { SIGNLEARN_FEEDBACK_RATE_LIMIT: '1000' };
  if (APP_KIND === 'dev') return startAppServer({ port: TEST_APP_PORT, env: { ...env, ...serverEnv }, lock });
  const log = (line: string) => console.log(`» test services/app server: ${line}`);
  return startBuiltAppServer({ port: TEST_APP_PORT, buildEnv: env, serverEnv, lock, log });
}

async function startServices(): Promise<Services> {
  // One test run at a time owns the test ports; a crashed run's processes are cleaned up here.
  const lock = await acquireServiceLock(join(ROOT, '.cache', 'services'), `test-${PORTS.auth}`);
  const started = performance.now();
  // The app, the emulators and the seed start side by side; the app's settings are known ahead.
  // Each prints its line when it is ready, with the time since the services began to start.
  // The camera screen's test-only landmark source is on (docs/engineer/app.md, "Test-only landmarks").
  const env = testBuildEnv(`127.0.0.1:${PORTS.auth}`, `127.0.0.1:${PORTS.database}`);
  const seed = async (databaseUrl: string) => {
    const seedStarted = performance.now();
    const result = await seedDatabase({ databaseUrl, accessToken: 'owner' });
    logPhase('test services/seed', seedStarted, `${result.levels} levels, ${result.signs} signs`);
  };
  const [emulatorsResult, appResult] = await Promise.allSettled([
    startEmulators({ ports: PORTS, lock, onDatabaseReady: seed }).then((emulators) => {
      logPhase('test services/emulators', started, `Auth emulator and database (${emulators.databaseKind}) ready`);
      return emulators;
    }),
    startApp(env, lock).then((app) => {
      logPhase('test services/app server', started, `http://learn.localhost:${TEST_APP_PORT} ready (${APP_KIND === 'dev' ? "Vite's dev server" : 'the production build'})`);
      return app;
    }),
  ]);
  if (emulatorsResult.status === 'rejected' || appResult.status === 'rejected') {
    if (appResult.status === 'fulfilled') await appResult.value.stop();
    if (emulatorsResult.status === 'fulfilled') await emulatorsResult.value.stop();
    lock.release();
    throw emulatorsResult.status === 'rejected' ? emulatorsResult.reason : (appResult as PromiseRejectedResult).reason;
  }
  const emulators = emulatorsResult.value;
  const app = appResult.value;
  // The demo learner, as `npm start` seeds it (the login page offers it on the emulators).
  try {
    const demoStarted = performance.now();
    const backend = { projectId: PROJECT_ID, authHost: emulators.authHost, databaseUrl: emulators.databaseUrl };
    await seedDemoLearner(backend);
    // The demo teacher too: the teacher's page is tried with it (tests/e2e/teacher/teacher.test.ts).
    await seedDemoTeacher(backend);
    logPhase('test services/demo learner', demoStarted, 'seeded, and the demo teacher');
  } catch (error) {
    await stopServices({ emulators, app, lock, users: 0 });
    throw error;
  }
  logPhase('test services', started, 'ready');
  return { emulators, app, lock, users: 0 };
}

async function stopServices(services: Services): Promise<void> {
  try {
    await services.app.stop();
    await services.emulators.stop();
  } finally {
    services.lock.release();
  }
}

export default async function globalSetup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (!NEEDS_SERVICES.has(project.name)) return;
  state.__signlearnServices ??= startServices();
  let services: Services;
  try {
    services = await state.__signlearnServices;
  } catch (error) {
    state.__signlearnServices = undefined;
    throw error;
  }
  services.users += 1;
  project.provide('appUrl', `http://localhost:${TEST_APP_PORT}`);
  project.provide('learnAppUrl', `http://learn.localhost:${TEST_APP_PORT}`);
  project.provide('authEmulatorHost', services.emulators.authHost);
  project.provide('databaseEmulatorHost', services.emulators.databaseHost);
  project.provide('databaseUrl', services.emulators.databaseUrl);
  project.provide('projectId', PROJECT_ID);
  project.provide('databaseKind', services.emulators.databaseKind);
  return async () => {
    services.users -= 1;
    if (services.users > 0) return;
    state.__signlearnServices = undefined;
    await stopServices(services);
  };
}
