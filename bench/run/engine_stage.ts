// The engine hot path on landmark fixtures (bench/engine/hot_path.ts): angles + match per frame.
import type { BenchStage } from './stage.ts';

export const engineStage: BenchStage = {
  title: 'Engine hot path (landmark fixtures)',
  wanted: (ctx) => ctx.wants('engine'),
  async run({ options, log, results }) {
    log('bench: engine hot path');
    try {
      // Loaded here, so that a stage that fails to load is reported as this stage's error.
      const { formatEngineHotPath, runEngineHotPathBench } = await import('../engine/hot_path.ts');
      const result = await runEngineHotPathBench({ quick: options.quick });
      const table = formatEngineHotPath(result);
      log(table.split('\n').map((l) => `bench:   ${l}`).join('\n'));
      results.engineHotPath = { status: 'ok', result, table };
    } catch (error) {
      log(`bench: engine hot path failed: ${(error as Error).message}`);
      results.engineHotPath = { status: 'error', reason: String((error as Error).stack ?? error) };
    }
  },
  report: ({ engineHotPath: e }) => (e.status === 'ok' && e.table ? [e.table] : [`${e.status}: ${e.reason ?? ''}`]),
};
