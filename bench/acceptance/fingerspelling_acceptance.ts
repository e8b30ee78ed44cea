// The acceptance of the handshape judge on a second sign language (product.md §4.10 Sign language): references built by
// the engine's builder from a fingerspelling lexicon (data/fingerspelling-<code>: one short clip a
// letter, one signer) with the language's manual alphabet (engine/src/handshape/alphabets), then,
// through the engine's own practice loop, as bench/acceptance/run_acceptance.ts does for American:
//   - each letter's held-out frames (its span's first and last quarters, which no reference saw)
//     against its own reference, cycled for up to 10 s at 8, 15 and 30 judged frames a second at
//     the recording's own speed: seconds to complete;
//   - every letter's held-out frames against every other letter's reference for 10 s (wrong pairs);
//   - the non-sign corpus (data/non-signs) against every letter.
// run_acceptance.ts's replay helpers assume 30 fps recordings and are private to it; the replay
// here is the same PracticeLoop run with the recording's frame rate. A letter's held-out frames
// are two short stretches (its span's first and last quarters, 2-6 frames each): each is replayed
// on its own, back and forth (a stretch cycled, or the two joined, would jump between frames half
// a second apart on every loop, and those jumps read as a moving hand: V's held-out frames
// completed the moving Ü that way). A held letter completes when each of its stretches does (the
// slower counts); a moving letter when one does (its one tracing lies mostly in the middle half,
// the reference's: a held-out quarter shows at most its start or end, the other the hand still
// before or after it); a wrong pair, when either does.
//
//   node --import tsx bench/acceptance/fingerspelling_acceptance.ts <code> [--mode handshape|spec|precise] [--out FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { manualAlphabetOf } from '../../engine/src/handshape/alphabets/manual_alphabets.ts';
import type { LetterDefinition } from '../../engine/src/handshape/manual_alphabet.ts';
import { loadFingerspellingFolder } from '../../engine/src/node/load_fingerspelling_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import type { MatchMode } from '../../engine/src/practice/match_mode.ts';
import { buildAlphabetReferencesFromSources, type AlphabetReference, type AlphabetSource } from '../../engine/src/recordings/build_alphabet_references.ts';
import { holisticAlphabetSources } from '../../engine/src/recordings/holistic_alphabet_sources.ts';
import { ROOT } from '../../server/paths.ts';
import { loadNonSigns, secondsToComplete } from './run_acceptance.ts';

const REPLAY_SECONDS = 10;
const RATES = [8, 15, 30] as const;

/** Frame `k` of `count` played forward, then back, and again (0 1 2 1 0 1 ...): no jump on a loop. */
const backAndForth = (k: number, count: number) => (count < 2 ? 0 : count - 1 - Math.abs((k % (2 * count - 2)) - (count - 1)));

/** Seconds until the practice loop completes `sign` on `frames` (filmed at `filmedFps`, played back and forth, judged at `fps`), or null. */
function completes(frames: readonly LandmarkFrame[], filmedFps: number, name: string, sign: CompiledSign, mode: MatchMode, fps: number): number | null {
  return secondsToComplete(backAndForthFrames(frames, filmedFps, fps), name, sign, mode);
}

/** `frames` filmed at `filmedFps`, judged at `fps` for REPLAY_SECONDS, played forward and back. */
export function* backAndForthFrames(frames: readonly LandmarkFrame[], filmedFps: number, fps: number): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  for (let i = 1; i <= REPLAY_SECONDS * fps; i++) {
    const nowMs = (i * 1000) / fps;
    const frame = frames[backAndForth(Math.floor((nowMs * filmedFps) / 1000), frames.length)]!;
    frame.timestampMs = nowMs;
    yield { frame, nowMs };
  }
}

/** A letter's held-out frames: the runs of its source's frames outside its reference's training frames, in order. */
export function heldOutStretches({ source }: AlphabetSource, reference: AlphabetReference): LandmarkFrame[][] {
  const training = new Set(reference.training);
  const frame = createLandmarkFrame();
  const stretches: LandmarkFrame[][] = [];
  for (let i = 0; i < source.frameCount; i++) {
    if (training.has(i)) continue;
    if (i === 0 || training.has(i - 1)) stretches.push([]);
    source.read(i, frame);
    stretches.at(-1)!.push(cloneLandmarkFrame(frame));
  }
  return stretches;
}

/**
 * How a letter's held-out frames are cut:
 *   'quarters': its span's first and last quarters, outside the served reference's middle half (as
 *     for American), replayed against the served references;
 *   'halves': its span cut in two halves in time, each replayed against references built with the
 *     letter learning from the other half only (buildAlphabetReferencesFromSources' `training`):
 *     two-fold, never a frame the judging reference learned from. For a moving letter, always: its
 *     movement (a tracing, a raise, a shake) lies mostly in the middle half, so its quarters show
 *     the hand still before and after it, and a moving letter tested on them is tested on no
 *     movement (bzs K's one raise is frames 10-12 of 4-21) or on the back-and-forth jitter of a
 *     few still frames (asq ẞ completed that way at 30 judged frames a second, never at 8 or 15).
 *     Each half holds part of the movement. For a held letter whose span is too short to leave
 *     any held-out frame (10 frames or fewer: the reference slice takes them all; bzs B, Y).
 */
export type HeldOutProtocol = 'quarters' | 'halves';

export function heldOutProtocol(reference: AlphabetReference, quarters: readonly unknown[]): HeldOutProtocol {
  return reference.movement === 'moving' || quarters.length === 0 ? 'halves' : 'quarters';
}

/** A span of `count` frames as its two halves in time (frame indices); the first the shorter when odd. */
export function spanHalves(count: number): [number[], number[]] {
  const half = Math.floor(count / 2);
  return [Array.from({ length: half }, (_, i) => i), Array.from({ length: count - half }, (_, i) => half + i)];
}

/** A letter's held-out material: its stretches, each with the compiled references (every letter's) it is judged against. */
export interface HeldOutMaterial {
  stretches: { frames: LandmarkFrame[]; compiled: Map<string, CompiledSign | null> }[];
  fps: number;
  protocol: HeldOutProtocol;
}

/**
 * `letter`'s held-out stretches by its protocol (heldOutProtocol): the quarters against the served
 * references (`built`, `compiled`), or each half of its span against references built with the
 * letter learning from the other half.
 */
export function heldOutMaterial(
  letter: string,
  sources: ReadonlyMap<string, AlphabetSource>,
  definitions: Readonly<Record<string, LetterDefinition>>,
  built: ReadonlyMap<string, AlphabetReference>,
  compiled: Map<string, CompiledSign | null>,
): HeldOutMaterial {
  const source = sources.get(letter)!;
  const quarters = heldOutStretches(source, built.get(letter)!);
  const protocol = heldOutProtocol(built.get(letter)!, quarters);
  if (protocol === 'quarters') return { stretches: quarters.map((frames) => ({ frames, compiled })), fps: source.fps, protocol };
  const names = [...built.keys()];
  const stretches = spanHalves(source.source.frameCount).map((half, h, halves) => {
    const fold = buildAlphabetReferencesFromSources(sources, definitions, { training: new Map([[letter, halves[1 - h]!]]) });
    const foldCompiled = compileLesson(names.map((name) => ({ name, record: fold.get(name)!.record })));
    const [frames] = heldOutStretches(source, fold.get(letter)!);
    if (frames?.length !== half.length) throw new Error(`${letter}: a half of its span is not held out whole`);
    return { frames, compiled: new Map(names.map((name, i) => [name, foldCompiled[i]!])) };
  });
  return { stretches, fps: source.fps, protocol };
}

export interface FingerspellingAcceptance {
  language: string;
  mode: MatchMode;
  /** Letters in the language's alphabet (every one is tried on the non-signs). */
  alphabetSize: number;
  /** own[letter][rate]: seconds to complete on its held-out frames, null when not in 10 s or when it has none (heldOutFrames []). */
  own: Record<string, Record<string, number | null>>;
  /** Per letter: the lengths of its held-out stretches. */
  heldOutFrames: Record<string, number[]>;
  /** Per letter: how its held-out frames were cut (heldOutProtocol). */
  protocol: Record<string, HeldOutProtocol>;
  /** "tested>reference" pairs that completed, with their seconds (at 30 judged frames a second). */
  wrong: Record<string, number>;
  /** nonSign[file]: letters that completed on it. */
  nonSign: Record<string, string[]>;
  /** The corpus's files that are this language's letter (non_sign_sources.ts letterIn): file -> letter. That letter completing there is no non-sign completion. */
  letterFiles: Record<string, string>;
}

/** A quicker run (the tests): own and wrong pairs among `letters` only, at `rates`, on the non-sign files named. */
export interface FingerspellingAcceptanceOptions {
  letters?: readonly string[];
  rates?: readonly number[];
  nonSigns?: readonly string[];
}

export async function runFingerspellingAcceptance(code: string, mode: MatchMode, options: FingerspellingAcceptanceOptions = {}): Promise<FingerspellingAcceptance> {
  const lexicon = await loadFingerspellingFolder(join(ROOT, 'data', `fingerspelling-${code}`));
  const definitions = manualAlphabetOf(lexicon.language);
  const sources = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, definitions);
  const built = buildAlphabetReferencesFromSources(sources, definitions);
  const allLetters = [...built.keys()];
  const letters = options.letters ?? allLetters;
  const rates = options.rates ?? RATES;
  const compiledAll = compileLesson(allLetters.map((name) => ({ name, record: built.get(name)!.record })));
  const compiled = new Map(allLetters.map((s, i) => [s, compiledAll[i]!]));
  const heldOut = new Map(letters.map((letter) => [letter, heldOutMaterial(letter, sources, definitions, built, compiled)]));
  // Each stretch on its own: the slowest, or null when one does not complete; `any`: the fastest.
  const run = (letter: string, reference: string, rate: number, any: boolean) => {
    const { stretches, fps } = heldOut.get(letter)!;
    const times = stretches.map(({ frames, compiled: references }) => completes(frames, fps, reference, references.get(reference)!, mode, rate));
    const done = times.filter((t): t is number => t !== null);
    if (times.length === 0) return null;
    if (any) return done.length > 0 ? Math.min(...done) : null;
    return done.length === times.length ? Math.max(...done) : null;
  };
  const result: FingerspellingAcceptance = { language: lexicon.language, mode, alphabetSize: allLetters.length, own: {}, heldOutFrames: {}, protocol: {}, wrong: {}, nonSign: {}, letterFiles: {} };
  for (const letter of letters) {
    result.heldOutFrames[letter] = heldOut.get(letter)!.stretches.map((s) => s.frames.length);
    result.protocol[letter] = heldOut.get(letter)!.protocol;
    const moving = built.get(letter)!.movement === 'moving';
    result.own[letter] = Object.fromEntries(rates.map((rate) => [String(rate), run(letter, letter, rate, moving)]));
    for (const other of letters) {
      if (other === letter) continue;
      const seconds = run(letter, other, 30, true);
      if (seconds !== null) result.wrong[`${letter}>${other}`] = seconds;
    }
  }
  for (const { file, frames, letterIn } of loadNonSigns().filter((n) => !options.nonSigns || options.nonSigns.includes(n.file))) {
    result.nonSign[file] = allLetters.filter((letter) => completes(frames, 30, letter, compiled.get(letter)!, mode, 30) !== null);
    const letter = letterIn[lexicon.language];
    if (letter !== undefined) result.letterFiles[file] = letter;
  }
  return result;
}

export function fingerspellingSummary(r: FingerspellingAcceptance): string {
  const letters = Object.keys(r.own);
  const rates = Object.keys(r.own[letters[0]!] ?? {});
  const tested = letters.filter((l) => r.heldOutFrames[l]!.length > 0);
  const ownAt = (rate: string) => tested.filter((l) => r.own[l]![rate] !== null).length;
  const nonSignCompletions = nonSignsCompleted(r);
  const nonSignPairs = Object.values(nonSignCompletions).reduce((n, l) => n + l.length, 0);
  const letterFiles = Object.entries(r.letterFiles);
  const pairs = Object.keys(r.nonSign).length * r.alphabetSize - letterFiles.length;
  return [
    `${r.language} (${r.mode}): own letters complete ${rates.map((rate) => `${ownAt(rate)}/${tested.length} at ${rate} fps`).join(', ')}`,
    `  not completing at every rate: ${tested.filter((l) => rates.some((rate) => r.own[l]![rate] === null)).map((l) => `${l} (${rates.filter((rate) => r.own[l]![rate] === null).join('/')} fps)`).join(' ') || 'none'}`,
    `  tested on the halves of their span (heldOutProtocol): ${letters.filter((l) => r.protocol[l] === 'halves').join(' ') || 'none'}`,
    `  no held-out frames (the whole span went to the reference): ${letters.filter((l) => r.heldOutFrames[l]!.length === 0).join(' ') || 'none'}`,
    `  wrong pairs completed: ${Object.keys(r.wrong).length}/${letters.length * (letters.length - 1)}${Object.keys(r.wrong).length ? ` (${Object.entries(r.wrong).map(([p, s]) => `${p} ${s}s`).join(', ')})` : ''}`,
    `  non-sign pairs completed: ${nonSignPairs}/${pairs}${nonSignPairs ? ` (${Object.entries(nonSignCompletions).filter(([, l]) => l.length).map(([f, l]) => `${f}: ${l.join(' ')}`).join('; ')})` : ''}`,
    ...(letterFiles.length
      ? [`  the corpus's hands that are this language's letter (non_sign_sources.ts letterIn): ${letterFiles.map(([f, letter]) => `${f} is ${letter}: ${r.nonSign[f]!.includes(letter) ? 'completes it' : 'does not complete it'}`).join('; ')}`]
      : []),
  ].join('\n');
}

/** Per non-sign file, the letters that completed on it, less the letter the file is in this language (letterFiles). */
export function nonSignsCompleted(r: FingerspellingAcceptance): Record<string, string[]> {
  return Object.fromEntries(Object.entries(r.nonSign).map(([file, letters]) => [file, letters.filter((l) => l !== r.letterFiles[file])]));
}

if (process.argv[1]?.endsWith('fingerspelling_acceptance.ts')) {
  const args = process.argv.slice(2);
  const code = args[0];
  if (!code || code.startsWith('--')) throw new Error('usage: fingerspelling_acceptance.ts <code> [--mode handshape|spec|precise] [--out FILE]');
  const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const mode = (flag('--mode') ?? 'handshape') as MatchMode;
  const started = Date.now();
  const result = await runFingerspellingAcceptance(code, mode);
  console.log(fingerspellingSummary(result));
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const out = flag('--out');
  if (out) writeFileSync(out, JSON.stringify(result, null, 2));
}
