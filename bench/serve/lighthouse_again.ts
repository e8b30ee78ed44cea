// Lighthouse now and then loses its own trace of a page load: 'Something went wrong with recording
// the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)' (once in a whole
// npm test on an idle 2-core machine, the page having loaded as always). It asks to be run again,
// and is: up to LIGHTHOUSE_ATTEMPTS runs in all, each retry said. Any other failure is the page's
// or the setup's, and is thrown at once.

export const LIGHTHOUSE_ATTEMPTS = 3;

/** What a failed run said: its output and its message (execFile's error carries both). */
function said(error: unknown): string {
  const { stdout, stderr, message } = error as { stdout?: unknown; stderr?: unknown; message?: unknown };
  return [stdout, stderr, message].filter((part) => typeof part === 'string').join('\n');
}

/** Runs `attempt` (one Lighthouse run of `url`) again while it fails for a lost trace. */
export async function againOnLostTrace<T>(attempt: () => Promise<T>, url: string, log: (line: string) => void): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await attempt();
    } catch (error) {
      const output = said(error);
      if (!/Please run Lighthouse again/.test(output) || run >= LIGHTHOUSE_ATTEMPTS) throw error;
      const code = /\(([A-Z_]+)\)/.exec(output)?.[1] ?? 'no code';
      log(`bench:   Lighthouse lost its trace of ${url} (${code}) on run ${run} of ${LIGHTHOUSE_ATTEMPTS}: running it again, as it asks`);
    }
  }
}
