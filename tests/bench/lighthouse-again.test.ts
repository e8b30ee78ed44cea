// The serve bench runs Lighthouse again when Lighthouse lost its trace of the page load and asks to
// be run again (bench/serve/lighthouse_again.ts); every other failure stops the bench at once.
import { describe, expect, it } from 'vitest';
import { againOnLostTrace, LIGHTHOUSE_ATTEMPTS } from '../../bench/serve/lighthouse_again.ts';

const LOST = 'Runtime error encountered: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)';

/** A run that fails as execFile does (the output on the error) for the first `failures` calls. */
function runs(failures: number, output: string) {
  let calls = 0;
  const attempt = async () => {
    calls++;
    if (calls <= failures) throw Object.assign(new Error('Command failed: lighthouse http://localhost/'), { stdout: '', stderr: output });
    return { stdout: '{"categories":{}}' };
  };
  return { attempt, calls: () => calls };
}

describe('Lighthouse run again on a lost trace', () => {
  it('runs again, saying so, when the trace was lost, and returns the run that worked', async () => {
    const lines: string[] = [];
    const { attempt, calls } = runs(2, LOST);
    await expect(againOnLostTrace(attempt, 'http://localhost/', (line) => lines.push(line))).resolves.toEqual({ stdout: '{"categories":{}}' });
    expect(calls()).toBe(3);
    expect(lines).toEqual([
      `bench:   Lighthouse lost its trace of http://localhost/ (NO_NAVSTART) on run 1 of ${LIGHTHOUSE_ATTEMPTS}: running it again, as it asks`,
      `bench:   Lighthouse lost its trace of http://localhost/ (NO_NAVSTART) on run 2 of ${LIGHTHOUSE_ATTEMPTS}: running it again, as it asks`,
    ]);
  });

  it(`gives up after ${LIGHTHOUSE_ATTEMPTS} runs that all lost the trace`, async () => {
    const { attempt, calls } = runs(LIGHTHOUSE_ATTEMPTS, LOST);
    await expect(againOnLostTrace(attempt, 'http://localhost/', () => {})).rejects.toThrow('Command failed');
    expect(calls()).toBe(LIGHTHOUSE_ATTEMPTS);
  });

  it('stops at once on any other failure', async () => {
    const { attempt, calls } = runs(1, 'Runtime error encountered: Chrome prevented page load with an interstitial.');
    await expect(againOnLostTrace(attempt, 'http://localhost/', () => {})).rejects.toThrow('Command failed');
    expect(calls()).toBe(1);
  });
});
