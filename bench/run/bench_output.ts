// bench.json: every figure of one run, stage by stage.
import type { AccuracyOutput } from '../accuracy/run_accuracy.ts';
import type { AcceptanceResult } from '../acceptance/run_acceptance.ts';
import type { FirstSkeletonRow } from '../first-skeleton/run_first_skeleton.ts';
import type { Ratio, ReportHeader, RunSummary } from '../lib/report.ts';
import type { MovingSignsTotals } from '../moving-signs/moving_signs_markdown.ts';
import type { RuntimesResult } from '../runtimes/run_runtimes.ts';
import type { ServeBenchResult } from '../serve/run_serve.ts';

/** What the stages measure; each stage fills its own fields (bench/run/stages.ts). */
export interface BenchResults {
  clips: unknown[];
  engineHotPath: { status: string; reason?: string; result?: unknown; table?: string };
  runs: RunSummary[];
  ratios: Ratio[];
  practiceLoop: Record<string, unknown> & { status: string };
  /** bench/backend/classroom.ts (absent in results written before it existed). */
  classroom?: { status: string; reason?: string; result?: unknown; table?: string };
  /** The built app on the production server (bench/serve/run_serve.ts). */
  serve?: ServeBenchResult | { status: 'skipped'; reason: string };
  /** Landmarks against MediaPipe Holistic's (bench/accuracy/); absent in results written before it. */
  accuracy?: AccuracyOutput;
  /** TF.js and LiteRT.js in Node, WebGPU lever by lever (bench/runtimes/). */
  runtimes?: RuntimesResult;
  /** The practice loop's judges (bench/acceptance/): absent in results written before it. */
  acceptance?: AcceptanceResult;
  /** Real signers' photographs through the tracker and the judge (bench/signers/): only when named. */
  signers?: { status: 'ok' | 'error'; reason?: string; table?: string };
  /** Real signers' moving signs through the judge of moving signs (bench/moving-signs/): only when named. */
  movingSigns?: { status: 'ok' | 'error'; reason?: string; totals?: MovingSignsTotals };
  /** Time to the first skeleton, first and second visit (bench/first-skeleton/; docs/engineer/first-skeleton.md). */
  firstSkeleton?: { status: string; reason?: string; rows?: FirstSkeletonRow[] };
}

export interface BenchOutput extends ReportHeader, BenchResults {
  schema: string;
  finishedAt: string;
  settings: Record<string, unknown>;
}
