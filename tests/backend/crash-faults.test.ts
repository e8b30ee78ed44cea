// The fault test: the `npm start` stack (server/dev.ts, on its own ports and data folder, not
// crash.test.ts's, so the two files run side by side) is SIGKILLed at random moments during a
// stream of sign-ups and progress writes, and restarted; nothing acknowledged may be lost or
// orphaned. Each restart of the Auth emulator takes 5-30 s on these machines, so the run here makes
// 2 kills (with crash.test.ts's one, three kills a run); `npm run crash-faults -- --kills 20` makes
// the full 20 (docs/engineer/backend.md, "Durability").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCrashFaults } from '../../bench/backend/crash_faults.ts';

const OFFSET = Number(process.env.SIGNLEARN_TEST_PORT_OFFSET ?? 0) || 0;
// Ports of its own (stackPorts in bench/backend/stack.ts), clear of crash.test.ts's 400: every
// stack port (Auth, database, hub, logging, app) differs from the other file's.
const PORT_OFFSET = 550 + OFFSET;
// runCrashFaults starts, kills and stops its stacks itself; the data folder is this file's.
const dataDir = mkdtempSync(join(tmpdir(), 'signlearn-crash-faults-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SIGKILL of the whole stack', () => {
  test('fault run: killed at random moments during a stream of sign-ups and progress writes, nothing acknowledged is lost and nothing is orphaned', { timeout: 900_000 }, async () => {
    const lines: string[] = [];
    const report = await runCrashFaults({ kills: 2, portOffset: PORT_OFFSET, dataDir, log: (line) => lines.push(line) });
    console.log(lines.join('\n'));
    expect(report.failures).toEqual([]);
    expect(report.kills).toBe(2);
    expect(report.signUpsAcknowledged).toBeGreaterThan(0);
    expect(report.writesAcknowledged).toBeGreaterThan(0);
    expect(report.signUpsLost).toBe(0);
    expect(report.writesLost).toBe(0);
    expect(report.orphans).toBe(0);
  });
});
