// First: the tools the tests start keep their settings files in the clone (scripts/config-in-clone.mjs).
import './scripts/config-in-clone.mjs';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import StartFirstSequencer from './tests/setup/start-first-sequencer.ts';

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

const workers = (value: string | undefined, count: number) => Math.max(1, Number(value ?? count) || 1);
const E2E_WORKERS = workers(process.env.SIGNLEARN_E2E_WORKERS, 3);
const CPU_WORKERS = workers(process.env.SIGNLEARN_TEST_WORKERS, 2);

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    // The default output, then one line per project with its time (tests/setup/phase-reporter.ts).
    reporters: ['default', './tests/setup/phase-reporter.ts'],
    // Vitest's order, but the few files that take a minute while their own processes work or wait
    // start first in their group, so none runs alone at its end (tests/setup/start-first-sequencer.ts).
    sequence: { sequencer: StartFirstSequencer },
    // The engine, app, tracker and bench files two at a time (SIGNLEARN_TEST_WORKERS sets another
    // count): each keeps one core busy (the judge over hundreds of thousands of frames, WASM models
    // in one thread), so two fill a 2-core machine; the engine project alone took 83 s one at a time
    // and 58 s two at a time. The figures the bench files print then measure each other (they assert
    // none; the published ones come from `npm run bench`). The backend's and then the browser
    // tests' files come after them, each project in a group of its own (sequence.groupOrder).
    maxWorkers: CPU_WORKERS,
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
          // In a group of its own after the CPU-bound files (beside them they took as long: 10 min
          // 52 s against 10 min 29 s after them) and before the browser tests (demo-learner.test.ts
          // changes the demo learner's password, which the browser tests log in with). Two files at
          // a time: most of the group's time is spent waiting for stacks of their own to start
          // (crash.test.ts, crash-faults.test.ts: ports of their own), not on the CPU; one at a time
          // it kept the cores about half busy.
          maxWorkers: 2,
          fileParallelism: true,
          sequence: { groupOrder: 1 },
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
          // Browser test files three at a time, in a group of their own: each keeps most of a core
          // busy (Chromium drawing the page) but also waits (a lesson played in real time, the
          // database, the tracker's start), so two left a 2-core machine 15-25% idle; three take
          // the phase from about 7 min 14 s to 5 min 41 s idle (docs/engineer/app.md, "Three
          // browser test files at a time"). SIGNLEARN_E2E_WORKERS sets another count.
          maxWorkers: E2E_WORKERS,
          fileParallelism: E2E_WORKERS > 1,
          sequence: { groupOrder: 2 },
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
        },
      },
    ],
  },
});
