// Runs the production build of the app, configured for a set of emulators, as a child process
// serving it the way `npm run serve` does (server/serve.ts: its headers, compression, feedback
// endpoints). The test services use it: the browser tests then load what learners load (bundled,
// minified, React's production build) instead of Vite's dev server, whose per-module requests and
// React's development checks cost the renderer about half a core on a practice screen (measured:
// docs/engineer/app.md, "Tests"). The build is kept in TEST_BUILD_DIR and redone only when its
// sources or settings change (build-once.ts).
import { join } from 'node:path';
import { buildAppOnce } from './build-once.ts';
import { appServerWhenListening, emulatorEnv, type AppServer } from './app-server.ts';
import { assertPortsFree, spawnGroup, type ServiceLock } from './processes.ts';
import { ROOT } from './paths.ts';

/** The build every browser test of a run shares: the test services' app and the built-app tests
 * (tests/e2e/serve/built-app.ts) name the same folder and settings, so it is built once. */
export const TEST_BUILD_DIR = join(ROOT, '.cache', 'e2e-built-app');
export const TEST_BUILD_ARGS = ['--mode', 'emulators'];

/** The build's settings for a run's emulators (`npm start`'s), with the test-only landmark source
 * (docs/engineer/app.md). */
export function testBuildEnv(authHost: string, databaseHost: string): Record<string, string> {
  return { ...emulatorEnv(authHost, databaseHost), VITE_TEST_LANDMARKS: 'true' };
}

export async function startBuiltAppServer(options: {
  port: number;
  /** What the build reads (testBuildEnv). */
  buildEnv: Record<string, string>;
  /** What the server reads besides (e.g. SIGNLEARN_FEEDBACK_RATE_LIMIT). */
  serverEnv?: Record<string, string>;
  lock?: ServiceLock;
  log?: (line: string) => void;
}): Promise<AppServer> {
  await assertPortsFree([options.port]);
  await buildAppOnce(TEST_BUILD_DIR, options.buildEnv, TEST_BUILD_ARGS, options.log);
  // '::' takes IPv6 and IPv4 loopback alike: 'localhost' may resolve to either.
  const child = spawnGroup(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...options.buildEnv, ...options.serverEnv, PORT: String(options.port), HOST: '::', SIGNLEARN_DIST_DIR: TEST_BUILD_DIR },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return appServerWhenListening(child, options.port, options.lock);
}
