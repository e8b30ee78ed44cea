// What the handshape judge costs per camera frame: matchHandshape timed on real people's hands
// (our tracker's still frames of data/real-photos) against every letter's compiled model, one call
// at a time, as the practice loop calls it once a frame for the sign being practised. Process
// timing on a shared machine: read the median and the 99th percentile side by side, from one run.
import type { AngleFrame } from '../../engine/src/core/angle_frame.ts';
import type { CompiledHandshape } from '../../engine/src/handshape/compiled_handshape.ts';
import { matchHandshape } from '../../engine/src/handshape/match_handshape.ts';
import { createMatchReport } from '../../engine/src/match/match_report.ts';

export interface JudgeCost {
  /** Calls timed (frames x letters x passes). */
  calls: number;
  medianMs: number;
  p99Ms: number;
  /** Prototypes per letter, on average (own and confusable letters'): what a call compares with. */
  prototypesPerLetter: number;
}

const PASSES = 5;

/** Times matchHandshape over `frames` x `models`, PASSES passes (the first, a warm-up, not counted). */
export function judgeCost(frames: readonly AngleFrame[], models: readonly CompiledHandshape[]): JudgeCost {
  const report = createMatchReport();
  const times: number[] = [];
  for (let pass = 0; pass <= PASSES; pass++) {
    for (const frame of frames) {
      for (const model of models) {
        const start = process.hrtime.bigint();
        matchHandshape(frame, model, report);
        const ns = Number(process.hrtime.bigint() - start);
        if (pass > 0) times.push(ns);
      }
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]! / 1e6;
  const prototypes = models.reduce((n, m) => n + m.prototypeCount + m.contrastCount, 0) / Math.max(1, models.length);
  return { calls: times.length, medianMs: at(0.5), p99Ms: at(0.99), prototypesPerLetter: Math.round(prototypes) };
}
