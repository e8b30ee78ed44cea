// The acceptance of the handshape judge on a second sign language (issue 30): references built by
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
import { loadFingerspellingFolder } from '../../engine/src/node/load_fingerspelling_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import type { MatchMode } from '../../engine/src/practice/match_mode.ts';
import { buildAlphabetReferencesFromSources } from '../../engine/src/recordings/build_alphabet_references.ts';
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
function* backAndForthFrames(frames: readonly LandmarkFrame[], filmedFps: number, fps: number): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  for (let i = 1; i <= REPLAY_SECONDS * fps; i++) {
    const nowMs = (i * 1000) / fps;
    const frame = frames[backAndForth(Math.floor((nowMs * filmedFps) / 1000), frames.length)]!;
    frame.timestampMs = nowMs;
    yield { frame, nowMs };
  }
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
  /** "tested>reference" pairs that completed, with their seconds (at 30 judged frames a second). */
  wrong: Record<string, number>;
  /** nonSign[file]: letters that completed on it. */
  nonSign: Record<string, string[]>;
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
  const heldOut = new Map<string, { stretches: LandmarkFrame[][]; fps: number }>();
  for (const letter of letters) {
    const { source, fps } = sources.get(letter)!;
    const training = new Set(built.get(letter)!.training);
    const frame = createLandmarkFrame();
    const stretches: LandmarkFrame[][] = [];
    for (let i = 0; i < source.frameCount; i++) {
      if (training.has(i)) continue;
      if (i === 0 || training.has(i - 1)) stretches.push([]);
      source.read(i, frame);
      stretches.at(-1)!.push(cloneLandmarkFrame(frame));
    }
    heldOut.set(letter, { stretches, fps });
  }
  // Each stretch on its own: the slowest, or null when one does not complete; `any`: the fastest.
  const run = (letter: string, reference: string, rate: number, any: boolean) => {
    const { stretches, fps } = heldOut.get(letter)!;
    const times = stretches.map((frames) => completes(frames, fps, reference, compiled.get(reference)!, mode, rate));
    const done = times.filter((t): t is number => t !== null);
    if (times.length === 0) return null;
    if (any) return done.length > 0 ? Math.min(...done) : null;
    return done.length === times.length ? Math.max(...done) : null;
  };
  const result: FingerspellingAcceptance = { language: lexicon.language, mode, alphabetSize: allLetters.length, own: {}, heldOutFrames: {}, wrong: {}, nonSign: {} };
  for (const letter of letters) {
    result.heldOutFrames[letter] = heldOut.get(letter)!.stretches.map((s) => s.length);
    const moving = built.get(letter)!.movement === 'moving';
    result.own[letter] = Object.fromEntries(rates.map((rate) => [String(rate), run(letter, letter, rate, moving)]));
    for (const other of letters) {
      if (other === letter) continue;
      const seconds = run(letter, other, 30, true);
      if (seconds !== null) result.wrong[`${letter}>${other}`] = seconds;
    }
  }
  for (const { file, frames } of loadNonSigns().filter((n) => !options.nonSigns || options.nonSigns.includes(n.file))) {
    result.nonSign[file] = allLetters.filter((letter) => completes(frames, 30, letter, compiled.get(letter)!, mode, 30) !== null);
  }
  return result;
}

export function fingerspellingSummary(r: FingerspellingAcceptance): string {
  const letters = Object.keys(r.own);
  const rates = Object.keys(r.own[letters[0]!] ?? {});
  const tested = letters.filter((l) => r.heldOutFrames[l]!.length > 0);
  const ownAt = (rate: string) => tested.filter((l) => r.own[l]![rate] !== null).length;
  const nonSigns = Object.values(r.nonSign);
  const nonSignPairs = nonSigns.reduce((n, l) => n + l.length, 0);
  const alphabetSize = r.alphabetSize;
  return [
    `${r.language} (${r.mode}): own letters complete ${rates.map((rate) => `${ownAt(rate)}/${tested.length} at ${rate} fps`).join(', ')}`,
    `  not completing at ${rates.at(-1)} fps: ${letters.filter((l) => r.heldOutFrames[l]!.length > 0 && r.own[l]![rates.at(-1)!] === null).join(' ') || 'none'}`,
    `  no held-out frames (the whole span went to the reference): ${letters.filter((l) => r.heldOutFrames[l]!.length === 0).join(' ') || 'none'}`,
    `  wrong pairs completed: ${Object.keys(r.wrong).length}/${letters.length * (letters.length - 1)}${Object.keys(r.wrong).length ? ` (${Object.entries(r.wrong).map(([p, s]) => `${p} ${s}s`).join(', ')})` : ''}`,
    `  non-sign pairs completed: ${nonSignPairs}/${nonSigns.length * alphabetSize}${nonSignPairs ? ` (${Object.entries(r.nonSign).filter(([, l]) => l.length).map(([f, l]) => `${f}: ${l.join(' ')}`).join('; ')})` : ''}`,
  ].join('\n');
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
