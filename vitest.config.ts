// First: the tools the tests start keep their settings files in the clone (scripts/config-in-clone.mjs).
import './scripts/config-in-clone.mjs';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The CPU-bound projects import their modules natively (Node's loader, TypeScript through tsx)
// instead of through Vite's module runner, whose transformed modules read every imported binding
// through an accessor: in the engine's hot loops (the judge on hundreds of thousands of frames)
// that cost four times the work (the Austrian acceptance subset, fingerspelling_acceptance.ts:
// 96.6 s with the runner, 24.4 s without, in one sitting at load 4-5). These projects mock no module.
const NATIVE_IMPORTS = { experimental: { viteModuleRunner: false, nodeLoader: false }, execArgv: ['--import', 'tsx'] };

// One `vitest run` runs every project. Browser and emulator-backed projects share one global
// setup (tests/setup/global-setup.ts) that starts the local emulators and the app server once;
// only they name it (the natively importing projects would load it, and the server, without tsx).
const SERVICES = ['tests/setup/global-setup.ts'];

const E2E_WORKERS = Math.max(1, Number(process.env.SIGNLEARN_E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // The default output, then one line per project with its time (tests/setup/phase-reporter.ts).
    reporters: ['default', './tests/setup/phase-reporter.ts'],
    // One test file at a time, except the browser tests (below): the engine, tracker, bench and
    // backend files are CPU-bound (WASM models, the judge over hundreds of thousands of frames,
    // stacks started and killed), so two side by side on these 2-core machines take as long as one
    // after the other, and the benches' figures would measure each other.
    maxWorkers: 1,
    projects: [
      {
        extends: true,
        test: { name: 'engine', include: ['tests/engine/**/*.test.ts'], environment: 'node', ...NATIVE_IMPORTS },
      },
      {
        extends: true,
        test: { name: 'app', include: ['tests/app/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'tracker',
          include: ['tests/tracker/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'backend',
          include: ['tests/backend/**/*.test.ts'],
          environment: 'node',
          globalSetup: SERVICES,
          // Refusals these tests provoke on purpose are asserted, not printed.
          setupFiles: ['tests/setup/expected-refusals.ts'],
          testTimeout: 30_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: SERVICES,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A page's event on a loaded machine (a database write seen, a sign shown) can take
          // seconds: expect.poll waits up to 15 s unless a test gives its own limit (1 s by
          // default); it ends as soon as what it waits for is there.
          expect: { poll: { timeout: 15_000 } },
          // Browser test files two at a time, in a group of their own: most of their time is a
          // lesson played in real time, not CPU (docs/engineer/app.md, "Tests": "Two browser test
          // files at a time"). SIGNLEARN_E2E_WORKERS sets another count.
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts'],
          environment: 'node',
          ...NATIVE_IMPORTS,
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
