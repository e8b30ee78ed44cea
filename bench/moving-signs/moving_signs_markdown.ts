// bench/moving-signs.md from a moving-signs stage result: totals against the targets, per signer
// (each judged against the references of all the others), per sign, the references, non-signs.
import { MOVEMENT_LIMITS } from '../../engine/src/movement/movement_verdict.ts';
import { END_LATEST_MS, END_LOST_MS, END_STILL_MS } from '../../engine/src/movement/movement_end.ts';
import { MAX_FILLED_POSES, MAX_KEY_STEP, MOVEMENT_FRAME_LIMIT } from '../../engine/src/movement/follow_movement.ts';
import { MOVEMENT_KEY_COUNT } from '../../engine/src/movement/build_movement_model.ts';
import { TAIL_SECONDS } from './choose_reference.ts';
import { MIN_FRAMES, SIGN_NAMES } from './performances.ts';
import { NON_SIGN_SECONDS, STILL_SECONDS, type Judgement, type MovingSignsResult } from './run_moving_signs.ts';

const name = (sign: string) => SIGN_NAMES[sign] ?? sign;
const done = (list: readonly { seconds: number | null }[]) => list.filter((x) => x.seconds !== null).length;
const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
const cell = (list: readonly { seconds: number | null }[]) => `${done(list)} / ${list.length} (${pct(done(list), list.length)})`;
const speedName = (speed: number) => `${speed}x`;

/** When a completion came, as a share of the performance's own length at its speed (its limit
 * less the TAIL_SECONDS allowed after it). */
export function completionShare(j: Judgement): number {
  return j.seconds! / (j.limit - TAIL_SECONDS);
}

function median(values: number[]): string {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!.toFixed(2);
}

export interface MovingSignsTotals {
  /** Per speed: own-sign completions, and when they came (median completionShare; null when none). */
  own: Record<string, { completed: number; of: number; medianShare: number | null }>;
  other: { completed: number; of: number };
  still: { completed: number; of: number };
  nonSigns: { completed: number; of: number };
}

/** A judgement of a performance against a reference of its own sign (else: of the other sign). */
const own = (j: Judgement) => j.sign === j.refSign;

export function movingSignsTotals(r: MovingSignsResult): MovingSignsTotals {
  return {
    own: Object.fromEntries(r.speeds.map((speed) => {
      const list = r.judgements.filter((j) => own(j) && j.speed === speed);
      const shares = list.filter((j) => j.seconds !== null).map(completionShare).sort((a, b) => a - b);
      return [speedName(speed), { completed: done(list), of: list.length, medianShare: shares.length > 0 ? Math.round(shares[Math.floor(shares.length / 2)]! * 100) / 100 : null }];
    })),
    other: { completed: done(r.judgements.filter((j) => !own(j))), of: r.judgements.filter((j) => !own(j)).length },
    still: { completed: done(r.still), of: r.still.length },
    nonSigns: { completed: done(r.nonSigns), of: r.nonSigns.length },
  };
}

/** The bands of `byHeightFromReference`: how far apart, in shoulder widths, the performance's and
 * the reference take's highest palms are (each band's upper bound). */
export const HEIGHT_BANDS = [0.1, 0.2, 0.3, 0.4, 0.6, Infinity] as const;

/** The judgements by how far the performance's highest palm lies from its reference take's
 * (highest_palm.ts): where people make a sign is what they differ in most, and it is what tells
 * HELLO from THANK YOU. */
export function byHeightFromReference(r: MovingSignsResult): string[] {
  const take = new Map(r.references.map((ref) => [`${ref.signer}/${ref.sign}`, ref.sequence]));
  const band = (j: Judgement) => {
    const performance = r.highestPalms[j.sequence];
    const reference = r.highestPalms[take.get(`${j.refSigner}/${j.refSign}`) ?? ''];
    if (performance === null || performance === undefined || reference === null || reference === undefined) return -1;
    return HEIGHT_BANDS.findIndex((bound) => Math.abs(performance - reference) < bound);
  };
  const banded = r.judgements.map((j) => ({ j, band: band(j) }));
  const lines = [
    '## By where the sign is made',
    '',
    "The judgements by how far apart the performance's highest palm and its reference take's are (shoulder widths; `highest_palm.ts`).",
    '',
    `| highest palms apart | ${r.speeds.map((s) => `own sign ${speedName(s)}`).join(' | ')} | other sign, all speeds |`,
    `|---|${r.speeds.map(() => '--:|').join('')}--:|`,
  ];
  HEIGHT_BANDS.forEach((bound, i) => {
    const of = banded.filter((b) => b.band === i).map((b) => b.j);
    const from = i === 0 ? 0 : HEIGHT_BANDS[i - 1]!;
    lines.push(`| ${bound === Infinity ? `${from} or more` : `${from} to ${bound}`} | ${r.speeds.map((s) => cell(of.filter((j) => own(j) && j.speed === s))).join(' | ')} | ${cell(of.filter((j) => !own(j)))} |`);
  });
  return lines;
}

export function movingSignsMarkdown(r: MovingSignsResult, made: { command: string; date: string }): string {
  const lines: string[] = [];
  const totalIn = r.performances.reduce((n, p) => n + p.total, 0);
  const measured = r.performances.reduce((n, p) => n + p.measured, 0);
  lines.push('# Moving signs: HELLO and THANK YOU by real signers, cross-validated by signer', '');
  lines.push(
    `Made by \`${made.command}\` (\`bench/moving-signs/\`) on ${made.date} in ${r.durationS} s. ${r.signers.length} signers' performances of ${r.signs.map(name).join(' and ')} from PopSign ASL v1.0 (\`data/popsign-hello-thankyou\`: MediaPipe Holistic landmarks of phone videos, CC BY 4.0; its README gives the source and the attribution): ${totalIn} performances, ${measured} measured (at least ${MIN_FRAMES} frames, a hand found in at least half of them; the source cuts many to 6 frames, 0.2 s).`,
    '',
  );
  lines.push(
    '- **the references**: each signer in turn makes the reference of each sign from one of their own performances, as a teacher would: of their measured performances that make one (the movement builder refuses a clip whose hand hardly moves), the one that passes the teacher\'s page\'s checks best on the same signer\'s other performances (signing the sign again: it must complete; making the other sign: it must not). No other signer is looked at (`bench/moving-signs/choose_reference.ts`);',
    `- **judged**: every measured performance of every other signer, of both signs, through the practice loop as the camera screen runs it (the engine's \`PracticeLoop\`, the sign's movement judged whatever the mode), at the performance's own speed, at half it (0.5x: each frame seen twice) and at twice it (2x: every other frame), at 30 judged frames a second, then its last frame held for 1 s; a performance completes when the sign completes within its own length plus 1 s. The same signer's reference of the other sign is followed alongside, as in a lesson of both signs: the sign completes only while that one does not fit the learner better. The reference's signer never judges their own reference: each figure is about people the reference never saw;`,
    ...(r.camera.fps || r.camera.schedule
      ? [
          `- **the camera's path**: ${r.camera.fps ? `${r.camera.fps} of the camera's 30 frames a second tracked and judged, the others dropped (a busy laptop)` : 'every camera frame tracked'}${r.camera.schedule ? `; the tracker on a tracking schedule, the body every ${r.camera.schedule.poseEvery} tracked frames and the other hand every ${r.camera.schedule.otherHandEvery} (the body's and the skipped hand's landmarks of their last run on the frames that skip them: bench/acceptance/as_scheduled.ts)` : ''}; for the teacher's checks, the judged performances, the still hands and the non-signs alike;`,
        ]
      : []),
    `- **still handshape**: each other signer's performance of the reference's sign, its middle frame with a hand held still for ${STILL_SECONDS} s (the right handshape in the right place, not moving);`,
    `- **non-signs**: every file of \`data/non-signs\` (people and hands not signing) cycled for ${NON_SIGN_SECONDS} s against every reference;`,
    `- **the judge** (\`engine/src/movement/\`): ${MOVEMENT_KEY_COUNT} key poses, up to ${MAX_KEY_STEP} passed in one pose, each reached by a pose within ${MOVEMENT_FRAME_LIMIT} scales of it; where the hand moved between two frames further than the reference's hand goes in that time, the poses in between filled in at the reference's pace (at most ${MAX_FILLED_POSES}); limits mean ${MOVEMENT_LIMITS.mean}, single feature ${MOVEMENT_LIMITS.feature} scales, travel at least ${MOVEMENT_LIMITS.extentShare} of the reference's and ${MOVEMENT_LIMITS.extentFloor} scales; no other sign of the lesson fitting better, on either hand; once matched, the sign completes when the movement has ended (the hand at rest ${END_STILL_MS} ms, unseen ${END_LOST_MS} ms, or ${END_LATEST_MS / 1000} s after the match) ([docs/engineer/moving-signs.md](../docs/engineer/moving-signs.md)).`,
    '',
  );

  const totals = movingSignsTotals(r);
  lines.push('## Totals', '', '| measure | result | target |', '|---|--:|---|');
  for (const speed of r.speeds) {
    const t = totals.own[speedName(speed)]!;
    lines.push(`| own sign completes, ${speedName(speed)} | ${t.completed} / ${t.of} (${pct(t.completed, t.of)}) | at least 85% |`);
  }
  const allOwn = r.judgements.filter(own);
  lines.push(`| own sign completes, all speeds | ${cell(allOwn)} | at least 85% |`);
  lines.push(`| other sign completes, all speeds | ${totals.other.completed} / ${totals.other.of} (${pct(totals.other.completed, totals.other.of)}) | at most 1% |`);
  const otherAt = (speed: number) => cell(r.judgements.filter((j) => !own(j) && j.speed === speed));
  lines.push(`| other sign completes, ${r.speeds.map(speedName).join(' / ')} | ${r.speeds.map(otherAt).join(' / ')} | |`);
  lines.push(`| still handshape held ${STILL_SECONDS} s completes | ${totals.still.completed} / ${totals.still.of} | 0 |`);
  lines.push(`| non-signs complete | ${totals.nonSigns.completed} / ${totals.nonSigns.of} | 0 |`);
  const share = (speed: number) => median(allOwn.filter((j) => j.speed === speed && j.seconds !== null).map(completionShare));
  lines.push(`| own sign completes at, median share of the performance's own length, ${r.speeds.map(speedName).join(' / ')} | ${r.speeds.map(share).join(' / ')} | |`, '');
  const late = allOwn.filter((j) => j.seconds !== null && j.seconds > j.limit + 1e-6).length;
  const unmeasured = r.unmeasured.filter(own);
  if (unmeasured.length > 0) {
    lines.push(`Not in the figures: the performances not measured but with a hand in at least one frame (shorter than ${MIN_FRAMES} frames, or the hand found in under half of them), at their own speed, complete their own sign ${cell(unmeasured)} and the other sign ${cell(r.unmeasured.filter((j) => !own(j)))}.`, '');
  }
  if (r.judgeCost) {
    lines.push(`The judge's cost per camera frame (both hands' features, alignments and verdict, \`MovementJudge\`, over ${r.judgeCost.frames} frames): ${r.judgeCost.nsPerFrame} ns of CPU time, ${r.judgeCost.heapBytesPerFrame ?? '(not measured: no --expose-gc)'} bytes of heap a frame; load ${r.load ?? '?'} at the time.`, '');
  }
  lines.push(`Seconds to complete the own sign, median: ${r.speeds.map((s) => `${speedName(s)} ${median(allOwn.filter((j) => j.speed === s && j.seconds !== null).map((j) => j.seconds!))} s`).join(', ')}; completions later than the performance's length plus 1 s: ${late}.`, '');

  lines.push('## Per signer', '', `Each signer's performances against the references of all the other signers, and where the signer makes each sign: the highest place of the signing hand's palm in a performance, shoulder widths below the nose (negative: above it), the median of the signer's measured performances (\`highest_palm.ts\`).`, '');
  lines.push(`| signer | performances measured / in the folder | ${r.speeds.map((s) => `own sign ${speedName(s)}`).join(' | ')} | other sign | still | no reference made | highest palm: ${r.signs.map(name).join(' / ')} |`);
  lines.push(`|---|--:|${r.speeds.map(() => '--:|').join('')}--:|--:|---|--:|`);
  for (const signer of r.signers) {
    const mine = r.judgements.filter((j) => j.signer === signer);
    const perf = r.performances.filter((p) => p.signer === signer);
    const noRef = r.noReference.filter((n) => n.signer === signer).map((n) => name(n.sign)).join(', ') || '-';
    lines.push(`| ${signer} | ${perf.reduce((n, p) => n + p.measured, 0)} / ${perf.reduce((n, p) => n + p.total, 0)} | ${r.speeds.map((s) => cell(mine.filter((j) => own(j) && j.speed === s))).join(' | ')} | ${cell(mine.filter((j) => !own(j)))} | ${cell(r.still.filter((x) => x.signer === signer))} | ${noRef} | ${r.signs.map((sign) => perf.find((p) => p.sign === sign)?.highestPalm?.toFixed(2) ?? '-').join(' / ')} |`);
  }
  lines.push('');

  lines.push('## Per sign', '', 'Performances of the sign against the references of that sign (own) and of the other sign (other), all signers.', '');
  lines.push(`| sign performed | ${r.speeds.map((s) => `own ${speedName(s)}`).join(' | ')} | completes the other sign | still |`);
  lines.push(`|---|${r.speeds.map(() => '--:|').join('')}--:|--:|`);
  for (const sign of r.signs) {
    const of = r.judgements.filter((j) => j.sign === sign);
    lines.push(`| ${name(sign)} | ${r.speeds.map((s) => cell(of.filter((j) => own(j) && j.speed === s))).join(' | ')} | ${cell(of.filter((j) => !own(j)))} | ${cell(r.still.filter((x) => x.refSign === sign))} |`);
  }
  lines.push('');

  lines.push(...byHeightFromReference(r), '');

  lines.push('## References', '', 'Per reference: the other signers\' performances of the sign (own) and of the other sign (other) completing, all speeds.', '');
  lines.push('| signer | sign | take | frames | movement s | checks on own takes: sign again | other sign refused | own | other |', '|---|---|---|--:|--:|--:|--:|--:|--:|');
  for (const ref of r.references) {
    const of = r.judgements.filter((j) => j.refSigner === ref.signer && j.refSign === ref.sign);
    lines.push(`| ${ref.signer} | ${name(ref.sign)} | ${ref.sequence} | ${ref.frames} | ${ref.seconds} | ${ref.check.own} / ${ref.check.ownOf} | ${ref.check.otherRefused} / ${ref.check.otherOf} | ${cell(of.filter(own))} | ${cell(of.filter((j) => !own(j)))} |`);
  }
  for (const n of r.noReference) lines.push(`| ${n.signer} | ${name(n.sign)} | none: no measured take makes a movement reference | | | | | | |`);
  lines.push('');

  const wrong = r.judgements.filter((j) => !own(j) && j.seconds !== null);
  if (wrong.length > 0) {
    const counts = new Map<string, number>();
    for (const j of wrong) counts.set(`${j.signer}/${j.sequence} (${name(j.sign)})`, (counts.get(`${j.signer}/${j.sequence} (${name(j.sign)})`) ?? 0) + 1);
    lines.push('Other-sign completions by performance (references x speeds): ' + [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') + '.', '');
  }

  if (r.nonSigns.length > 0) {
    lines.push('## Non-signs', '', '| file | references completed |', '|---|--:|');
    for (const file of [...new Set(r.nonSigns.map((n) => n.file))]) {
      const of = r.nonSigns.filter((n) => n.file === file);
      lines.push(`| ${file} | ${done(of)} / ${of.length} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
