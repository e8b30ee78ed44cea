// The default judge's targets (docs/engineer/judge.md, "Figures") on the acceptance bench's quick subset (the fist group
// and a few others, four perturbations, three non-sign files): the same code as
// `npm run bench -- --only acceptance`, asserted here so that a change that breaks them fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { FIST_GROUP, runAcceptance, timingMarkdown, type AcceptanceResult } from '../../bench/acceptance/run_acceptance.ts';

let r: AcceptanceResult;
beforeAll(async () => {
  r = await runAcceptance({ quick: true, log: () => {} });
}, 300_000);

describe('the default judge on the acceptance subset', () => {
  it('completes every own letter on its held-out frames, at 8, 15 and 30 judged frames per second', () => {
    for (const sign of r.signs) for (const fps of ['8', '15', '30']) expect(r.own.handshape![sign]![fps], `${sign} at ${fps} fps`).not.toBeNull();
  });
  it('takes about the same time at every rate (within 20%)', () => {
    for (const sign of r.signs) {
      const times = ['8', '15', '30'].map((fps) => r.own.handshape![sign]![fps]!);
      expect(Math.max(...times) / Math.min(...times), sign).toBeLessThanOrEqual(1.2);
    }
  });
  it('completes each letter on its held-out signing in at most 2.5 s at every rate, and that signing is most of its held-out frames', () => {
    for (const sign of r.signs) {
      for (const fps of ['8', '15', '30']) expect(r.signing.handshape![sign]![fps], `${sign} at ${fps} fps`).not.toBeNull();
      for (const fps of ['8', '15', '30']) expect(r.signing.handshape![sign]![fps]!, `${sign} at ${fps} fps`).toBeLessThanOrEqual(2.5);
      const { heldOut, signing } = r.signingFrames[sign]!;
      // Q's first quarter reads its middle finger straight (as a P's is) and its last has the
      // hand dropping: under a third of its held-out frames show a Q (bench/practice-timing.md).
      expect(signing / heldOut, sign).toBeGreaterThan(sign === 'Q' ? 0.25 : 0.6);
    }
  });
  it('the angle rule too completes each letter on its held-out signing in at most 2.5 s at every rate, within 20% (Z: its folded fingers read both ways)', () => {
    for (const sign of r.signs) {
      const times = ['8', '15', '30'].map((fps) => r.signing.spec![sign]![fps]);
      for (const seconds of times) expect(seconds, `${sign}: ${times.join(' / ')}`).not.toBeNull();
      for (const seconds of times) expect(seconds!, `${sign}: ${times.join(' / ')}`).toBeLessThanOrEqual(2.5);
      expect(Math.max(...(times as number[])) / Math.min(...(times as number[])), sign).toBeLessThanOrEqual(1.2);
    }
  });
  it('precise mode completes each letter on its held-out signing in at most 2.5 s at every rate, within 20% (calibrated on the signer\'s performance: Q and R took 2.5-6.3 s on the natural hold\'s)', () => {
    for (const sign of r.signs) {
      const times = ['8', '15', '30'].map((fps) => r.signing.precise![sign]![fps]);
      for (const seconds of times) expect(seconds, `${sign}: ${times.join(' / ')}`).not.toBeNull();
      for (const seconds of times) expect(seconds!, `${sign}: ${times.join(' / ')}`).toBeLessThanOrEqual(2.5);
      expect(Math.max(...(times as number[])) / Math.min(...(times as number[])), `${sign}: ${times.join(' / ')}`).toBeLessThanOrEqual(1.2);
    }
  });
  it('the timing table names, per letter, the wrong letters that complete its reference in each mode (its wrong-letter column)', () => {
    const table = timingMarkdown(r).split('## On all held-out frames')[0]!;
    for (const sign of r.signs) {
      const row = table.split('\n').find((line) => line.startsWith(`| **${sign}** |`))!;
      const cells = row.split('|').map((c) => c.trim());
      const [handshape, spec, precise] = cells[cells.length - 2]!.split(' / ');
      const expected = (mode: string) => Object.keys(r.wrong[mode]!).filter((pair) => pair.endsWith(`>${sign}`)).map((pair) => pair.split('>')[0]).join(' ') || '-';
      expect([handshape, spec, precise], sign).toEqual([expected('handshape'), expected('spec'), expected('precise')]);
      expect(precise, sign).toBe('-');
    }
  });
  it('reads the same hand speed at 8 judged frames per second as at 30 (median over each recording, within 25%)', () => {
    for (const sign of r.signs) {
      const [slow, fast] = [r.speeds[sign]!['8']!.median, r.speeds[sign]!['30']!.median];
      expect(Math.max(slow, fast) / Math.min(slow, fast), `${sign}: ${slow} at 8, ${fast} at 30`).toBeLessThanOrEqual(1.25);
    }
  });
  it('completes the own letter on every perturbed frame', () => {
    for (const sign of r.signs) for (const [name, seconds] of Object.entries(r.perturbed.handshape![sign]!)) expect(seconds, `${sign}, ${name}`).not.toBeNull();
  });
  it('completes no wrong letter in the fist group, and no letter on a non-sign', () => {
    const fist = Object.keys(r.wrong.handshape!).filter((pair) => pair.split('>').every((s) => FIST_GROUP.includes(s)));
    expect(fist).toEqual([]);
    for (const [file, letters] of Object.entries(r.nonSign.handshape!)) expect(letters, file).toEqual([]);
  });
  it('precise mode completes no wrong letter; the angle rule is as loose as the bench says', () => {
    expect(Object.keys(r.wrong.precise!)).toEqual([]);
    expect(Object.keys(r.wrong.spec!).length).toBeGreaterThan(0);
  });
});
