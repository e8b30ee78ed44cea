// A classroom on the embedded default (bench/backend/classroom.ts; about 2.5 minutes: full runs
// and `--only classroom`).
import type { BenchStage } from './stage.ts';

export const classroomStage: BenchStage = {
  title: 'Classroom on the embedded default (`npm run bench -- --only classroom`)',
  wanted: ({ options, wants }) => wants('classroom') && !options.quick,
  async run({ log, results }) {
    log('bench: classroom on the embedded default (30 learners, 60 s, then SIGKILL and restart)');
    try {
      const { runClassroomBench, formatClassroom } = await import('../backend/classroom.ts');
      const result = await runClassroomBench(undefined, log);
      results.classroom = { status: 'ok', result, table: formatClassroom(result) };
    } catch (error) {
      log(`bench: classroom failed: ${(error as Error).message}`);
      results.classroom = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  },
  report: ({ classroom: c }) => (c?.status === 'ok' && c.table ? [c.table] : [`${c?.status ?? 'skipped'}: ${c?.reason ?? ''}`]),
};
