// One line per phase of `npm start` and `npm test`, with its elapsed time, worded the same
// everywhere: `» typecheck 38.1 s: passed`. Node built-ins only (ensure-setup runs before
// `npm install`); TypeScript callers get its types from phase-log.d.mts.

/** 0.4 s, 38.1 s, 4 min 52 s */
export function formatDuration(ms) {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  // Whole seconds first, so that 479.6 s reads 8 min 0 s, not 7 min 60 s.
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export function phaseLine(name, ms, detail) {
  return `» ${name} ${formatDuration(ms)}${detail ? `: ${detail}` : ''}`;
}

/** Prints the phase line of something that started at `startedAt` (performance.now()). */
export function logPhase(name, startedAt, detail) {
  console.log(phaseLine(name, performance.now() - startedAt, detail));
}
