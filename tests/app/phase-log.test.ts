// The times `npm test` and its phases print (scripts/phase-log.mjs): read by people, so never "7 min 60 s".
import { describe, expect, it } from 'vitest';
import { formatDuration, phaseLine } from '../../scripts/phase-log.mjs';

describe('formatDuration', () => {
  it('gives seconds with a tenth under a minute, whole minutes and seconds above, and never 60 s', () => {
    expect(formatDuration(3000)).toBe('3.0 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min 0 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(479_600)).toBe('8 min 0 s');
    expect(formatDuration(-5)).toBe('0.0 s');
  });

  it('makes the phase line', () => {
    expect(phaseLine('vitest engine', 166_000, '23 files')).toBe('» vitest engine 2 min 46 s: 23 files');
  });
});
