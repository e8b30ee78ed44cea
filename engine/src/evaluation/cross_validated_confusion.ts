import type { AngleFrame } from '../core/angle_frame.ts';
import type { AlphabetRecording } from '../recordings/alphabet_recording_schema.ts';
import { alphabetSource } from '../recordings/landmark_source.ts';
import { createMatcher, type FrameMatcher, type MatchMode } from '../practice/match_mode.ts';
import { createMatchReport, type MatchReport } from '../match/match_report.ts';
import { buildReferenceSign } from '../reference/build_reference_sign.ts';
import { compileLesson } from '../practice/compile_lesson.ts';
import type { CompiledSign } from '../practice/compiled_sign.ts';
import { sourceToAngleFrames } from '../recordings/source_to_angle_frames.ts';

/**
 * How a recording's frames are split into folds:
 *   'contiguous': K consecutive runs (fold k = frames k/K .. (k+1)/K of the recording). The
 *     strictest: a held-out quarter is a stretch of time the reference never saw, often with the
 *     hand placed or turned differently.
 *   'blocks': blocks of `blockFrames` consecutive frames (1 s at 30 fps by default) dealt to the K
 *     folds in turn (block b -> fold b mod K). Every fold spans the whole recording; adjacent-frame
 *     leakage is limited to the frames at block edges.
 */
export type FoldScheme = 'contiguous' | 'blocks';

export interface ConfusionOptions {
  mode: MatchMode;
  folds: number;
  scheme: FoldScheme;
  blockFrames: number;
}

export const DEFAULT_CONFUSION_OPTIONS: Omit<ConfusionOptions, 'mode'> = { folds: 4, scheme: 'contiguous', blockFrames: 30 };

export interface ConfusionSummary {
  /** Mean over letters of the own-letter acceptance, and the lowest one. */
  ownMean: number;
  ownMin: number;
  ownMinSign: string;
  /** Letters whose own acceptance is at least 95%. */
  ownAtLeast95: number;
  /** Mean over the ordered pairs (tested letter, other reference letter) of the acceptance. */
  wrongMean: number;
  wrongMax: number;
  /** The worst pair: frames of `tested` accepted by the reference of `reference`. */
  wrongMaxPair: { tested: string; reference: string };
  pairsOver50: number;
  pairsOver30: number;
}

export interface ConfusionResult {
  options: ConfusionOptions;
  signs: string[];
  /** Held-out frames tested per sign (every frame once over the K folds). */
  tested: number[];
  /** accepted[t][r]: how many held-out frames of sign t the reference of sign r accepted. */
  accepted: number[][];
  summary: ConfusionSummary;
}

export function foldOf(index: number, frameCount: number, options: Pick<ConfusionOptions, 'folds' | 'scheme' | 'blockFrames'>): number {
  if (options.scheme === 'blocks') return Math.floor(index / options.blockFrames) % options.folds;
  return Math.min(options.folds - 1, Math.floor((index * options.folds) / frameCount));
}

function validate(options: ConfusionOptions): void {
  if (!Number.isInteger(options.folds) || options.folds < 2) throw new Error(`folds must be an integer of at least 2, got ${options.folds}`);
  if (!Number.isInteger(options.blockFrames) || options.blockFrames < 1) throw new Error(`blockFrames must be a positive integer, got ${options.blockFrames}`);
  if (options.scheme !== 'contiguous' && options.scheme !== 'blocks') throw new Error(`unknown fold scheme "${String(options.scheme)}"`);
}

/** Does any frame of `reference` accept the learner frame? */
function accepts(matcher: FrameMatcher, learner: AngleFrame, sign: CompiledSign, report: MatchReport): boolean {
  for (let r = 0; r < sign.reference.frameCount; r++) if (matcher(learner, sign, r, report)) return true;
  return false;
}

/**
 * Cross-validated confusion of a matching mode on hand recordings (one per sign, as the asl-alphabet
 * data). For each fold k: every sign's reference record is built (buildReferenceSign) from that
 * sign's frames outside fold k, in recording order, and the records are compiled together as a set
 * (compileLesson: each calibrates precise mode from its own frames, then precise tolerances
 * are narrowed against the other signs' references, so from training frames only); each held-out
 * frame of every sign is then tested against every sign's reference, and counts as accepted by a
 * sign when it matches at least one of its reference frames (as seen or mirrored, with the mode's
 * matcher). The reference's practised frames are all its
 * training frames (not the practice session's middle half: every training frame is a frame the
 * signer really made). Angle, shape and motion features are computed over the whole recording in
 * order, so a held-out frame's motion comes from the frames just before it, as live.
 */
export function crossValidatedConfusion(recordings: ReadonlyMap<string, AlphabetRecording>, options: ConfusionOptions): ConfusionResult {
  validate(options);
  const signs = [...recordings.keys()].sort();
  if (signs.length < 2) throw new Error('a confusion table needs at least two signs');
  const framesBySign = signs.map((sign) => sourceToAngleFrames(alphabetSource(sign, recordings.get(sign)!)));
  for (const [s, frames] of framesBySign.entries()) {
    if (frames.length < options.folds) throw new Error(`sign "${signs[s]}" has ${frames.length} frames, fewer than ${options.folds} folds`);
  }
  const matcher = createMatcher(options.mode);
  const report = createMatchReport();
  const tested = signs.map(() => 0);
  const accepted = signs.map(() => signs.map(() => 0));

  for (let k = 0; k < options.folds; k++) {
    const references = compileLesson(
      signs.map((sign, s) => {
        const frames = framesBySign[s]!;
        const training = frames.filter((_, i) => foldOf(i, frames.length, options) !== k);
        return { name: sign, record: buildReferenceSign(training, `${sign}.gif`) };
      }),
    ) as CompiledSign[];
    for (let t = 0; t < signs.length; t++) {
      const frames = framesBySign[t]!;
      for (let i = 0; i < frames.length; i++) {
        if (foldOf(i, frames.length, options) !== k) continue;
        tested[t]!++;
        for (let r = 0; r < signs.length; r++) if (accepts(matcher, frames[i]!, references[r]!, report)) accepted[t]![r]!++;
      }
    }
  }
  return { options, signs, tested, accepted, summary: summarize(signs, tested, accepted) };
}

export function summarize(signs: readonly string[], tested: readonly number[], accepted: readonly (readonly number[])[]): ConfusionSummary {
  let ownSum = 0;
  let ownMin = Infinity;
  let ownMinSign = '';
  let ownAtLeast95 = 0;
  let wrongSum = 0;
  let wrongMax = -1;
  let wrongMaxPair = { tested: '', reference: '' };
  let pairsOver50 = 0;
  let pairsOver30 = 0;
  for (let t = 0; t < signs.length; t++) {
    const n = tested[t]!;
    const own = n === 0 ? 0 : accepted[t]![t]! / n;
    ownSum += own;
    if (own >= 0.95) ownAtLeast95++;
    if (own < ownMin) {
      ownMin = own;
      ownMinSign = signs[t]!;
    }
    for (let r = 0; r < signs.length; r++) {
      if (r === t) continue;
      const rate = n === 0 ? 0 : accepted[t]![r]! / n;
      wrongSum += rate;
      if (rate > wrongMax) {
        wrongMax = rate;
        wrongMaxPair = { tested: signs[t]!, reference: signs[r]! };
      }
      if (rate > 0.5) pairsOver50++;
      if (rate > 0.3) pairsOver30++;
    }
  }
  const pairs = signs.length * (signs.length - 1);
  return { ownMean: ownSum / signs.length, ownMin, ownMinSign, ownAtLeast95, wrongMean: wrongSum / pairs, wrongMax, wrongMaxPair, pairsOver50, pairsOver30 };
}

const pct = (value: number, digits = 1) => (value * 100).toFixed(digits);

/** A result as markdown: the summary line, own acceptance per sign, and the full table (percent). */
export function formatConfusionMarkdown(result: ConfusionResult): string {
  const { signs, tested, accepted, summary: s, options } = result;
  const scheme = options.scheme === 'blocks' ? `${options.folds} folds of ${options.blockFrames}-frame blocks dealt in turn` : `${options.folds} contiguous folds`;
  const lines: string[] = [];
  lines.push(`### Mode \`${options.mode}\`, ${scheme}`);
  lines.push('');
  lines.push(
    `- own letter accepted: mean ${pct(s.ownMean)}%, lowest ${pct(s.ownMin)}% (${s.ownMinSign}), ${s.ownAtLeast95} of ${signs.length} letters at 95% or more`,
  );
  lines.push(`- other letters accepted: mean ${pct(s.wrongMean, 2)}%, worst pair ${pct(s.wrongMax)}% (${s.wrongMaxPair.tested} frames accepted as ${s.wrongMaxPair.reference})`);
  lines.push(`- ordered pairs above 50%: ${s.pairsOver50}; above 30%: ${s.pairsOver30} (of ${signs.length * (signs.length - 1)})`);
  lines.push('');
  lines.push(`Own acceptance: ${signs.map((sign, t) => `${sign} ${Math.round((accepted[t]![t]! / tested[t]!) * 100)}`).join(', ')}`);
  lines.push('');
  lines.push('Rows: the letter whose held-out frames are tested; columns: the letter whose reference accepts them; percent of the row\'s frames (blank: no frame; 0: under 0.5%).');
  lines.push('');
  lines.push(`| tested \\ ref | ${signs.join(' | ')} | frames |`);
  lines.push(`|---|${signs.map(() => '--:').join('|')}|--:|`);
  for (let t = 0; t < signs.length; t++) {
    const cells = signs.map((_, r) => {
      const value = Math.round((accepted[t]![r]! / tested[t]!) * 100);
      const text = accepted[t]![r]! === 0 ? '' : String(value);
      return r === t ? `**${text || 0}**` : text;
    });
    lines.push(`| **${signs[t]}** | ${cells.join(' | ')} | ${tested[t]} |`);
  }
  lines.push('');
  return lines.join('\n');
}
