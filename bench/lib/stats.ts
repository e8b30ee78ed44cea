/** Median and spread of a series of samples (milliseconds, or any unit). */
export interface Stat {
  n: number;
  median: number;
  p10: number;
  p90: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
  mean: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function summarize(samples: readonly number[]): Stat {
  const s = samples.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: s.length,
    median: round(quantile(s, 0.5)),
    p10: round(quantile(s, 0.1)),
    p90: round(quantile(s, 0.9)),
    q1: round(quantile(s, 0.25)),
    q3: round(quantile(s, 0.75)),
    min: round(s[0] ?? NaN),
    max: round(s[s.length - 1] ?? NaN),
    mean: round(s.reduce((a, b) => a + b, 0) / (s.length || NaN)),
  };
}
