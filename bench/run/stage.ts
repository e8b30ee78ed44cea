// What a stage of the bench is: its name, its place in bench.md, when it runs, how it runs and
// what it writes. The stages, in the order they run, are listed in bench/run/stages.ts.
import type { BenchOptions } from './arguments.ts';
import type { BenchOutput, BenchResults } from './bench_output.ts';
import type { BrowserSession } from './browser_session.ts';
import type { BenchSettings } from './settings.ts';

export interface StageContext {
  root: string;
  options: BenchOptions;
  settings: BenchSettings;
  log: (line: string) => void;
  /** Is subject `name` selected (every subject when --only is absent)? */
  wants: (name: string) => boolean;
  /** The shared Chromium, started on the first call (bench/run/browser_session.ts). */
  browser: () => Promise<BrowserSession>;
  /** What the stages have measured so far; a stage fills its own fields. */
  results: BenchResults;
}

export interface BenchStage {
  title: string;
  /** Does this run measure it? */
  wanted(ctx: StageContext): boolean;
  /** Runs in the shared Chromium: the run closes it after the last such stage. */
  inBrowser?: boolean;
  run(ctx: StageContext): Promise<void>;
  /** Its section of bench.md, or null to leave it out. */
  report(out: BenchOutput): string[] | null;
}
