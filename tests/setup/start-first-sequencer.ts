// The order in which a `vitest run` starts its files: Vitest's own (each group in turn; within it,
// files that failed last time, then the longest last time, and on a clone with no results of its
// own, as on CI, the largest file first), except that the few files that take a minute or more
// while their own processes do the work or wait start first in their group. Left to the size
// rule, a small file that starts a stack of its own (crash-faults.test.ts: 50 s) started last and
// ran alone at the end of the backend group, one of its two workers idle (docs/engineer/app.md,
// "What a run spends").
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Repository paths of the files started first in their group, in this order. */
export const START_FIRST = [
  'tests/backend/crash-faults.test.ts',
];

function startRank(spec: TestSpecification): number {
  const path = spec.moduleId.replaceAll('\\', '/');
  const rank = START_FIRST.findIndex((file) => path.endsWith(`/${file}`));
  return rank === -1 ? START_FIRST.length : rank;
}

export default class StartFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a group every other file keeps Vitest's order.
    return sorted.sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || startRank(a) - startRank(b),
    );
  }
}
