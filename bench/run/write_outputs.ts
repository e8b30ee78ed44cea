// Writes one run's bench.json (every figure), bench.md (each stage's section, numbered in the
// order the stages run) and bench.svg (ms per frame per stage and runtime).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toMarkdown, toSvg, type ReportSection } from '../lib/report.ts';
import type { BenchOutput } from './bench_output.ts';
import { STAGES } from './stages.ts';

export function reportSections(output: BenchOutput): ReportSection[] {
  return STAGES.flatMap((stage, i) => {
    const lines = stage.report(output);
    return lines ? [{ number: i + 1, title: stage.title, lines }] : [];
  });
}

export function writeOutputs(output: BenchOutput, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'bench.json'), JSON.stringify(output, null, 2) + '\n');
  writeFileSync(join(outDir, 'bench.md'), toMarkdown(output, reportSections(output)));
  writeFileSync(join(outDir, 'bench.svg'), toSvg(output));
}
