// The BUILT app as production serves it, for the browser tests of the production build: the test
// services' build (server/built-app-server.ts: `vite build --mode emulators` for this run's
// emulators, with the test-only landmark source), served here by server/serve.ts's server of this
// file's own on a free port, with a CSP report address the tests read.
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { buildAppOnce } from '../../../server/build-once.ts';
import { TEST_BUILD_ARGS, TEST_BUILD_DIR, testBuildEnv } from '../../../server/built-app-server.ts';
import { createAppServer } from '../../../server/serve.ts';

export interface BuiltApp {
  /** http://learn.localhost:PORT and http://localhost:PORT */
  learnUrl: string;
  marketingUrl: string;
  /** Every host the app may contact: its own two and the emulators'. */
  allowedHosts: string[];
  stop(): Promise<void>;
}

export async function startBuiltApp(): Promise<BuiltApp> {
  const authHost = inject('authEmulatorHost');
  const databaseHost = inject('databaseEmulatorHost');
  // The test services' build (server/built-app-server.ts): the same folder and settings, so it is
  // already there; served here by a server of this file's own, with a CSP report address.
  const env = testBuildEnv(authHost, databaseHost);
  await buildAppOnce(TEST_BUILD_DIR, env, TEST_BUILD_ARGS, (line) => console.log(`[built-app] ${line}`));
  const server = createAppServer(TEST_BUILD_DIR, { ...env, SIGNLEARN_FEEDBACK_RATE_LIMIT: '1000', SIGNLEARN_CSP_REPORT_URI: '/csp-report' }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    learnUrl: `http://learn.localhost:${port}`,
    marketingUrl: `http://localhost:${port}`,
    allowedHosts: [`learn.localhost:${port}`, `localhost:${port}`, authHost, databaseHost],
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The Content-Security-Policy the server sends with `url` ('' when none). */
export async function readPolicy(url: string): Promise<string> {
  return (await fetch(url)).headers.get('content-security-policy') ?? '';
}

/** Every sign of a Content-Security-Policy violation from now on: the document's
 * securitypolicyviolation events, the console of the page and of its workers, and the reports
 * the browser sends to the policy's report-uri (which covers workers, nested ones included). */
export async function recordCspViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const fromConsole = (where: string) => (message: { text(): string }) => {
    const text = message.text();
    if (/securitypolicyviolation|Content Security Policy|Refused to (load|execute|connect|compile|create|apply|evaluate|frame)/i.test(text)) violations.push(`${where}: ${text}`);
  };
  page.on('console', fromConsole('page'));
  page.on('worker', (worker) => worker.on('console', fromConsole(`worker ${worker.url()}`)));
  await context.route('**/csp-report', async (route) => {
    violations.push(`report: ${route.request().postData() ?? ''}`);
    await route.fulfill({ status: 204 });
  });
  return violations;
}

/** Signs in through the built app's login page and waits for the learning home. */
export async function logInTo(app: BuiltApp, page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${app.learnUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${app.learnUrl}/`);
  await page.getByRole('button', { name: /Level \d+/ }).waitFor({ timeout: 20_000 });
}
