// A vitest reporter beside the default one: when the run ends, one line per project with its
// files, tests and the time its files took (files run one at a time here, so the times add up
// to nearly the run's), then one line for the whole run. `npm test` prints the other phases' lines.
import type { Reporter, TestModule } from 'vitest/node';
import { formatDuration, phaseLine } from '../../scripts/phase-log.mjs';

interface ProjectTally {
  files: number;
  tests: number;
  failed: number;
  skipped: number;
  ms: number;
}

export default class PhaseReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTally>();
  private runStarted = performance.now();

  onTestRunStart(): void {
    this.runStarted = performance.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const tally = this.projects.get(module.project.name) ?? { files: 0, tests: 0, failed: 0, skipped: 0, ms: 0 };
    tally.files += 1;
    // The file's own time as its worker measured it: environment, harness, imports, setup
    // files, tests and hooks (events reach the reporter in batches, so no clock is read here).
    const d = module.diagnostic();
    tally.ms += d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      tally.tests += 1;
      if (state === 'failed') tally.failed += 1;
      if (state === 'skipped') tally.skipped += 1;
    }
    this.projects.set(module.project.name, tally);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = [...this.projects].map(([name, t]) => phaseLine(`vitest ${name}`, t.ms, summary(t)));
    const total = [...this.projects.values()].reduce<ProjectTally>(
      (sum, t) => ({ files: sum.files + t.files, tests: sum.tests + t.tests, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped, ms: sum.ms + t.ms }),
      { files: 0, tests: 0, failed: 0, skipped: 0, ms: 0 },
    );
    const wall = performance.now() - this.runStarted;
    lines.push(phaseLine('vitest run', wall, `${summary(total)}; test services and start-up ${formatDuration(wall - total.ms)}`));
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}

function summary(t: ProjectTally): string {
  const parts = [`${t.files} files`, `${t.tests} tests`];
  if (t.failed > 0) parts.push(`${t.failed} failed`);
  if (t.skipped > 0) parts.push(`${t.skipped} skipped`);
  return parts.join(', ');
}
