// A vitest reporter beside the default one: when the run ends, one line per project with its
// files, tests and its time from its first file's start to its last file's end (and, where its
// files ran side by side, as the browser tests do, the sum of the files' own times), the slowest
// files (where a faster suite has to look first), then the run's wall time and what it spent
// outside the projects (the test services, start-up). The counts of the whole run are the default
// reporter's summary above, not printed again. `npm test` prints the other phases' lines.
import type { Reporter, TestModule } from 'vitest/node';
import { formatDuration, phaseLine } from '../../scripts/phase-log.mjs';

interface ProjectTally {
  files: number;
  tests: number;
  failed: number;
  skipped: number;
  /** The files' own times, added up. */
  ms: number;
  /** performance.now() when its first file started and its last one ended (as the events came). */
  firstStart: number;
  lastEnd: number;
  /** Its files running now, and the most that ran at once. */
  running: number;
  mostAtOnce: number;
}

/** How many of the slowest files are named at the end. */
export const SLOWEST_SHOWN = 10;

export default class PhaseReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTally>();
  private readonly files: Array<{ name: string; ms: number; failed: boolean }> = [];
  private runStarted = performance.now();

  onTestRunStart(): void {
    this.runStarted = performance.now();
    this.projects.clear();
    this.files.length = 0;
  }

  private tally(module: TestModule): ProjectTally {
    let tally = this.projects.get(module.project.name);
    if (!tally) {
      const now = performance.now();
      tally = { files: 0, tests: 0, failed: 0, skipped: 0, ms: 0, firstStart: now, lastEnd: now, running: 0, mostAtOnce: 0 };
      this.projects.set(module.project.name, tally);
    }
    return tally;
  }

  onTestModuleStart(module: TestModule): void {
    const tally = this.tally(module);
    tally.running += 1;
    tally.mostAtOnce = Math.max(tally.mostAtOnce, tally.running);
  }

  onTestModuleEnd(module: TestModule): void {
    const tally = this.tally(module);
    tally.running = Math.max(0, tally.running - 1);
    tally.lastEnd = performance.now();
    tally.files += 1;
    // The file's own time as its worker measured it: environment, harness, imports, setup
    // files, tests and hooks (events reach the reporter in batches, so no clock is read here).
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    tally.ms += ms;
    let failed = false;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      tally.tests += 1;
      if (state === 'failed') {
        tally.failed += 1;
        failed = true;
      }
      if (state === 'skipped') tally.skipped += 1;
    }
    this.files.push({ name: `${module.project.name} ${module.relativeModuleId}`, ms, failed });
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = [...this.projects].map(([name, t]) => phaseLine(`vitest ${name}`, span(t), summary(t)));
    if (this.files.length > 1) {
      const slowest = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
      lines.push(`  slowest files:`);
      for (const file of slowest) lines.push(`    ${formatDuration(file.ms).padStart(9)}  ${file.name}${file.failed ? '  (failed)' : ''}`);
    }
    const inProjects = [...this.projects.values()].reduce((sum, t) => sum + span(t), 0);
    const wall = performance.now() - this.runStarted;
    lines.push(phaseLine('vitest run', wall, `test services and start-up ${formatDuration(Math.max(0, wall - inProjects))}`));
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}

/** A project's time: its files' own times added up when they ran one at a time (other projects'
 * files may have run between them); from its first file's start to its last one's end when they
 * ran side by side. */
function span(t: ProjectTally): number {
  return t.mostAtOnce > 1 ? t.lastEnd - t.firstStart : t.ms;
}

function summary(t: ProjectTally): string {
  const parts = [`${t.files} files`, `${t.tests} tests`];
  if (t.mostAtOnce > 1) parts.push(`up to ${t.mostAtOnce} at once, their own times adding up to ${formatDuration(t.ms)}`);
  if (t.failed > 0) parts.push(`${t.failed} failed`);
  if (t.skipped > 0) parts.push(`${t.skipped} skipped`);
  return parts.join(', ');
}
