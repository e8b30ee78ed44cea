// The acceptance of the practice loop's judges (targets: docs/engineer/judge.md, "Figures"), measured by replaying real
// frames through the engine's own practice loop: references built from data/asl-alphabet's middle
// halves by the engine's builder, then
//   - each letter's held-out frames (the recording's first and last quarters, which no reference
//     saw) against its own reference, at 8, 15 and 30 judged frames per second: the seconds to
//     complete (the practice timing table);
//   - the same frames perturbed (bench/acceptance/perturb.ts: other finger proportions, the hand
//     turned in and out of the image plane, a left hand, nearer and farther): own letter still
//     completes?
//   - every letter's held-out frames against every other letter's reference for 10 s (650 pairs);
//   - the non-sign corpus (data/non-signs: people and hands not signing) against every letter;
// in each matching mode (handshape, the default; the angle rule; precise) and, as an anchor, npm
// fingerpose's frame judge with letter descriptions written from the manual alphabet, run through
// the same practice session. Writes bench/acceptance.md and bench/practice-timing.md (committed)
// and their JSON into the bench's output folder.
//
//   node --import tsx bench/acceptance/run_acceptance.ts [--quick] [--out DIR] [--judge handshape] [--schedule]
// (`--judge`: one judge only, all letters, tables written to --out: a quicker check of one judge;
// `--schedule`: every replay as a tracker on a held letter's schedule delivers it, as_scheduled.ts.)
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAngleFrame, type AngleFrame } from '../../engine/src/core/angle_frame.ts';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { HANDSHAPE_JUDGE } from '../../engine/src/handshape/handshape_judge_settings.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { compileLesson } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { createMatchModeRuntime, type MatchMode } from '../../engine/src/practice/match_mode.ts';
import type { CompiledMovement } from '../../engine/src/movement/compiled_movement.ts';
import { PracticeLoop, prepareAngleFrame } from '../../engine/src/practice/practice_loop.ts';
import { PracticeSession } from '../../engine/src/practice/practice_session.ts';
import { buildAlphabetReferences } from '../../engine/src/recordings/build_alphabet_references.ts';
import { fixtureFrameToLandmarks } from '../../engine/src/recordings/fixture_frame_to_landmarks.ts';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import { alphabetSource, RECORDING_FPS } from '../../engine/src/recordings/landmark_source.ts';
import { agreesWithDefinition, HANDSHAPE_MODEL_BUILD } from '../../engine/src/handshape/build_handshape_models.ts';
import { MANUAL_ALPHABET, type LetterDefinition } from '../../engine/src/handshape/manual_alphabet.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { ALPHABET_DIR, PEOPLE_HANDS_FILE, ROOT } from '../../server/paths.ts';
import { loadPeopleHands } from '../../engine/src/node/load_people_hands.ts';
import type { TrackingSchedule } from '../../engine/src/tracker/tracker_options.ts';
import { HELD_SIGN_SCHEDULE } from '../../engine/src/practice/tracking_schedule_for_sign.ts';
import { asScheduled } from './as_scheduled.ts';
import { createFingerposeJudge } from './fingerpose_judge.ts';
import { filmedFps, NON_SIGN_SOURCES } from './non_sign_sources.ts';
import { nonSignAsFilmed } from './non_sign_timeline.ts';
import { PERTURBATIONS } from './perturb.ts';

export const NON_SIGN_DIR = join(ROOT, 'data', 'non-signs');
export const MODES: readonly MatchMode[] = ['handshape', 'spec', 'precise'];
export type Judge = MatchMode | 'fingerpose';
export const JUDGES: readonly Judge[] = [...MODES, 'fingerpose'];
export const FIST_GROUP = ['A', 'E', 'M', 'N', 'S', 'T'];
/** How long a learner is replayed against a reference before it counts as not completing. */
export const REPLAY_SECONDS = 10;
export const RATES = [8, 15, 30] as const;
/** The practice timing targets (docs/engineer/judge.md, "Figures"): seconds of correct signing, and the rates' spread. */
export const TIMING_TARGETS = { seconds: 2.5, spread: 0.2 } as const;

export interface AcceptanceResult {
  schema: 'signlearn-acceptance/1';
  quick: boolean;
  signs: string[];
  judges: Judge[];
  settings: { replaySeconds: number; rates: readonly number[]; handshapeJudge: typeof HANDSHAPE_JUDGE };
  /** own[judge][sign][rate]: seconds to complete on the held-out frames, null when not in REPLAY_SECONDS. */
  own: Record<string, Record<string, Record<string, number | null>>>;
  /** signing[judge][sign][rate]: the same on the letter's held-out signing only (heldOutSigning). */
  signing: Record<string, Record<string, Record<string, number | null>>>;
  /** speeds[sign][rate]: the hand speed the judges read (palm lengths a second) over the whole recording replayed at that rate: median and 95th percentile. */
  speeds: Record<string, Record<string, { median: number; p95: number }>>;
  /** Per letter: its held-out frames, and how many of them are its held-out signing. */
  signingFrames: Record<string, { heldOut: number; signing: number }>;
  /** perturbed[judge][sign][perturbation]: seconds at 30 fps, or null. */
  perturbed: Record<string, Record<string, Record<string, number | null>>>;
  /** wrong[judge]: pairs "tested>reference" that completed, with their seconds. */
  wrong: Record<string, Record<string, number>>;
  /** nonSign[judge][file]: letters that completed on that file. */
  nonSign: Record<string, Record<string, string[]>>;
  nonSignFiles: string[];
  perturbations: { name: string; description: string }[];
  durationS: number;
}

/** `frames` as a learner at `fps` judged frames per second would show them: the frame of the cycled recording at each judged moment (30 fps recordings). */
function* judgedFrames(frames: readonly LandmarkFrame[], fps: number, seconds: number): Generator<{ frame: LandmarkFrame; nowMs: number }> {
  const count = Math.round(seconds * fps);
  for (let i = 1; i <= count; i++) {
    const nowMs = (i * 1000) / fps;
    const frame = frames[Math.floor((nowMs * RECORDING_FPS) / 1000) % frames.length]!;
    frame.timestampMs = nowMs;
    yield { frame, nowMs };
  }
}

/** Seconds until the loop completes `sign` on `frames`, or null within `seconds`. */
function completes(frames: readonly LandmarkFrame[], name: string, sign: CompiledSign, mode: MatchMode, fps: number, schedule: TrackingSchedule | null, seconds = REPLAY_SECONDS): number | null {
  const judged = judgedFrames(frames, fps, seconds);
  return secondsToComplete(schedule ? asScheduled(judged, schedule) : judged, name, sign, mode);
}

/**
 * Seconds until the practice loop, fed `judged` frames in order, completes `sign` (its own clock),
 * or null once they run out. Shared with the other languages' acceptance (fingerspelling_acceptance.ts)
 * and the moving-signs stage, which passes the other moving signs the learner might be making.
 */
export function secondsToComplete(judged: Iterable<{ frame: LandmarkFrame; nowMs: number }>, name: string, sign: CompiledSign, mode: MatchMode, otherMovingSigns: readonly CompiledMovement[] = []): number | null {
  let doneAt: number | null = null;
  const loop = new PracticeLoop([{ name, compiled: sign }], {
    mode,
    otherMovingSigns,
    onEvent: (event) => {
      if (event.type === 'signComplete' && !event.skipped) doneAt = event.atMs;
    },
  });
  loop.start(0);
  for (const { frame, nowMs } of judged) {
    loop.onLandmarks(frame, nowMs);
    if (doneAt !== null) return Math.round(doneAt) / 1000;
  }
  return null;
}

const NO_ANGLES = createAngleFrame();

/** The same with fingerpose as the frame judge, through the same practice session (a held letter's time). */
function completesByFingerpose(accepted: readonly boolean[], frames: readonly LandmarkFrame[], sign: CompiledSign, fps: number, seconds = REPLAY_SECONDS): number | null {
  let doneAt: number | null = null;
  let current = false;
  const session = new PracticeSession([{ name: sign.reference.signName, compiled: sign }], {
    matcher: (_learner, _sign, _frame, report) => {
      report.matched = current;
      return current;
    },
    // Timed with the free first 10%, as this row always was (the session's default judge, the
    // handshape judge, has none).
    freeStartWindow: () => true,
    onEvent: (event) => {
      if (event.type === 'signComplete' && !event.skipped) doneAt = event.atMs;
    },
  });
  session.start(0);
  const count = Math.round(seconds * fps);
  for (let i = 1; i <= count; i++) {
    const nowMs = (i * 1000) / fps;
    current = accepted[Math.floor((nowMs * RECORDING_FPS) / 1000) % frames.length]!;
    // The judgement is precomputed from the frame's landmarks; the session reads no angles.
    session.onFrame(NO_ANGLES, nowMs);
    if (doneAt !== null) return Math.round(doneAt) / 1000;
  }
  return null;
}

/** A held letter's held-out signing is made of holds: runs of at least this many frames (0.5 s at the recordings' 30 fps); a lone frame among others that are not the letter (Q's middle finger flickering across the band) is no hold. */
const MIN_HOLD_FRAMES = 15;

/**
 * A letter's held-out signing: the held-out frames (recording frame indices, in order) that show
 * the letter as the manual alphabet defines it (handshape/manual_alphabet.ts), judged from the
 * recording itself and not by any judge under test:
 *   - a held letter: its holds (MIN_HOLD_FRAMES or more consecutive frames) in which its fingers
 *     (and X's hooked index) agree with the letter's definition by the builder's own training test (agreesWithDefinition,
 *     stricter than any judge's bands) and the hand is not moving (below the moving letters'
 *     speed). The recordings also hold frames that are not the letter:
 *     Q's first quarter reads its middle finger straight (as a P's is), its last quarter the hand
 *     dropping;
 *   - a moving letter: its tracing, in each stretch of held-out frames the frames from the first
 *     to the last in which the hand moves at the moving letters' speed. J's held-out frames are
 *     2.5 s of a still I (the signer waiting before the one tracing), which J's judge must refuse.
 * Timing a judge on frames that are not the letter times the recording, not the signing; issue
 * 11's target is seconds of correct signing.
 */
function heldOutSigning(angleFrames: readonly AngleFrame[], training: ReadonlySet<number>, definition: LetterDefinition): number[] {
  const moving = (i: number) => (angleFrames[i]!.handSpeed?.[1] ?? 0) >= HANDSHAPE_MODEL_BUILD.movingSpeed;
  const frames: number[] = [];
  let i = 0;
  while (i < angleFrames.length) {
    if (training.has(i)) {
      i++;
      continue;
    }
    let end = i;
    while (end < angleFrames.length && !training.has(end)) end++;
    if (definition.movement === 'moving') {
      let first = -1;
      let last = -1;
      for (let k = i; k < end; k++) {
        if (!moving(k)) continue;
        if (first < 0) first = k;
        last = k;
      }
      if (first >= 0) for (let k = first; k <= last; k++) frames.push(k);
    } else {
      let run: number[] = [];
      for (let k = i; k <= end; k++) {
        const a = angleFrames[k];
        const shows = k < end && a !== undefined && a.descriptorsPresent?.[1] === 1 && a.rightHandDescriptors !== undefined && agreesWithDefinition(a.rightHandDescriptors, definition.fingers, definition.hook, definition.crossing) && !moving(k);
        if (shows) {
          run.push(k);
          continue;
        }
        if (run.length >= MIN_HOLD_FRAMES) frames.push(...run);
        run = [];
      }
    }
    i = end;
  }
  return frames;
}

/** The sustained hand speed the handshape judge reads on `source` replayed at `fps` (the frame of the 30 fps recording at each judged moment): median and 95th percentile. */
function speedAtRate(source: ReturnType<typeof alphabetSource>, fps: number): { median: number; p95: number } {
  // The handshape judge's own frame step, as the practice loop runs it.
  const runtime = createMatchModeRuntime('handshape');
  const frame = createLandmarkFrame();
  const angles = createAngleFrame();
  const speeds: number[] = [];
  for (let i = 1; ; i++) {
    const nowMs = (i * 1000) / fps;
    const k = Math.floor((nowMs * RECORDING_FPS) / 1000);
    if (k >= source.frameCount) break;
    source.read(k, frame);
    frame.timestampMs = nowMs;
    prepareAngleFrame(frame, angles, runtime);
    if (angles.descriptorsPresent![1] === 1) speeds.push(angles.handSpeed![1]!);
  }
  speeds.sort((a, b) => a - b);
  const at = (q: number) => Math.round(100 * (speeds[Math.floor(q * (speeds.length - 1))] ?? 0)) / 100;
  return { median: at(0.5), p95: at(0.95) };
}

/** Every file of data/non-signs as landmark frames, a video's on its clip's clock (the acceptance stage and the other languages' script). */
export function loadNonSigns(): { file: string; frames: LandmarkFrame[]; letterIn: Readonly<Record<string, string>> }[] {
  return readdirSync(NON_SIGN_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const fixture = landmarkFixtureSchema.parse(JSON.parse(readFileSync(join(NON_SIGN_DIR, name), 'utf8')));
      const kept = fixture.frames.map((f) => {
        const frame = createLandmarkFrame();
        fixtureFrameToLandmarks(fixture, f, frame);
        return frame;
      });
      const file = name.replace(/\.json$/, '');
      const source = NON_SIGN_SOURCES.find((s) => s.name === file);
      if (!source) throw new Error(`data/non-signs/${name}: not one of bench/acceptance/non_sign_sources.ts's sources (its frame rate is unknown)`);
      // A video's kept frames on the clip's clock (non_sign_timeline.ts), at the recordings' rate the replays read.
      return { file, frames: nonSignAsFilmed(kept, filmedFps(source.input), RECORDING_FPS), letterIn: source.letterIn ?? {} };
    });
}

export async function runAcceptance(options: {
  quick: boolean;
  log?: (line: string) => void;
  judges?: readonly Judge[];
  /** Replay every recording as a tracker on this schedule delivers it (as_scheduled.ts; not the fingerpose anchor's precomputed frames). */
  schedule?: TrackingSchedule | null;
}): Promise<AcceptanceResult> {
  const judges = options.judges ?? JUDGES;
  const log = options.log ?? console.log;
  const started = Date.now();
  const recordings = await loadAlphabetFolder(ALPHABET_DIR);
  // As the app's seed builds them: with other people's hands as prototypes (server/seed.ts).
  const built = buildAlphabetReferences(recordings, existsSync(PEOPLE_HANDS_FILE) ? { people: await loadPeopleHands(PEOPLE_HANDS_FILE) } : {});
  const allSigns = [...built.keys()].sort();
  // The quick run (CI): the fist group and a few others (Q and R: the letters precise mode once
  // refused its own signer), every judge, fewer perturbations.
  const signs = options.quick ? ['A', 'B', 'E', 'L', 'Q', 'R', 'S', 'T', 'Z'] : allSigns;
  const compiledAll = compileLesson(allSigns.map((name) => ({ name, record: built.get(name)!.record })));
  const compiled = new Map(allSigns.map((s, i) => [s, compiledAll[i]!]));
  const heldOut = new Map<string, LandmarkFrame[]>();
  const signing = new Map<string, LandmarkFrame[]>();
  const signingFrames: AcceptanceResult['signingFrames'] = {};
  const speeds: AcceptanceResult['speeds'] = {};
  for (const sign of signs) {
    const training = new Set(built.get(sign)!.training);
    const source = alphabetSource(sign, recordings.get(sign)!);
    const frame = createLandmarkFrame();
    const read = (i: number) => {
      source.read(i, frame);
      return cloneLandmarkFrame(frame);
    };
    const frames: LandmarkFrame[] = [];
    for (let i = 0; i < source.frameCount; i++) if (!training.has(i)) frames.push(read(i));
    heldOut.set(sign, frames);
    const shown = heldOutSigning(sourceToAngleFrames(source), training, MANUAL_ALPHABET[sign]!);
    signing.set(sign, shown.map(read));
    speeds[sign] = Object.fromEntries(RATES.map((fps) => [String(fps), speedAtRate(source, fps)]));
    signingFrames[sign] = { heldOut: frames.length, signing: shown.length };
  }
  const perturbations = options.quick ? PERTURBATIONS.filter((p) => ['fingers +15%', 'yaw +20', 'left hand', 'farther'].includes(p.name)) : PERTURBATIONS;
  const nonSigns = options.quick ? loadNonSigns().filter((n) => ['messi5', 'handSrc', 'raised-open-hand'].includes(n.file)) : loadNonSigns();
  const fingerpose = createFingerposeJudge();
  const fingerposeAccepts = (frames: readonly LandmarkFrame[], letter: string) =>
    frames.map((f) =>
      f.present[Part.rightHand] === 1
        ? fingerpose.accepts(f.rightHand, f.imageWidth, f.imageHeight, false, letter)
        : f.present[Part.leftHand] === 1 && fingerpose.accepts(f.leftHand, f.imageWidth, f.imageHeight, true, letter),
    );
  const run = (judge: Judge, frames: readonly LandmarkFrame[], letter: string, fps: number) =>
    judge === 'fingerpose' ? completesByFingerpose(fingerposeAccepts(frames, letter), frames, compiled.get(letter)!, fps) : completes(frames, letter, compiled.get(letter)!, judge, fps, options.schedule ?? null);

  const result: AcceptanceResult = {
    schema: 'signlearn-acceptance/1',
    quick: options.quick,
    signs,
    judges: [...judges],
    settings: { replaySeconds: REPLAY_SECONDS, rates: RATES, handshapeJudge: HANDSHAPE_JUDGE },
    own: {},
    signing: {},
    signingFrames,
    speeds,
    perturbed: {},
    wrong: {},
    nonSign: {},
    nonSignFiles: nonSigns.map((n) => n.file),
    perturbations: perturbations.map(({ name, description }) => ({ name, description })),
    durationS: 0,
  };
  for (const judge of judges) {
    log(`acceptance: ${judge}`);
    result.own[judge] = {};
    result.signing[judge] = {};
    result.perturbed[judge] = {};
    result.wrong[judge] = {};
    result.nonSign[judge] = {};
    for (const sign of signs) {
      const frames = heldOut.get(sign)!;
      result.own[judge]![sign] = Object.fromEntries(RATES.map((fps) => [String(fps), run(judge, frames, sign, fps)]));
      const shown = signing.get(sign)!;
      result.signing[judge]![sign] = Object.fromEntries(RATES.map((fps) => [String(fps), shown.length > 0 ? run(judge, shown, sign, fps) : null]));
      result.perturbed[judge]![sign] = Object.fromEntries(perturbations.map((p) => [p.name, run(judge, frames.map(p.apply), sign, 30)]));
      for (const other of signs) {
        if (other === sign) continue;
        const seconds = run(judge, frames, other, 30);
        if (seconds !== null) result.wrong[judge]![`${sign}>${other}`] = seconds;
      }
    }
    for (const { file, frames } of nonSigns) {
      result.nonSign[judge]![file] = allSigns.filter((letter) => run(judge, frames, letter, 30) !== null);
    }
  }
  result.durationS = Math.round((Date.now() - started) / 100) / 10;
  return result;
}

const fmt = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? 'no' : seconds.toFixed(1));
const JUDGE_NAMES: Record<Judge, string> = {
  handshape: 'handshape (default)',
  spec: 'angle rule (lenient)',
  precise: 'precise',
  fingerpose: 'fingerpose (anchor)',
};

/** One row per judge: own letters, perturbed frames, wrong pairs, the fist group, non-signs. */
export function acceptanceSummary(r: AcceptanceResult): string {
  const pairs = r.signs.length * (r.signs.length - 1);
  const fistPairs = r.signs.filter((s) => FIST_GROUP.includes(s)).length;
  const lines = ['| judge | own letters completing | perturbed frames completing | wrong pairs completing | of them in the fist group | non-sign completions |', '|---|---|---|---|---|---|'];
  for (const judge of r.judges) {
    const own = r.signs.filter((s) => r.own[judge]![s]!['30'] !== null).length;
    const perturbedCells = r.signs.flatMap((s) => Object.values(r.perturbed[judge]![s]!));
    const perturbed = perturbedCells.filter((v) => v !== null).length;
    const wrong = Object.keys(r.wrong[judge]!);
    const fist = wrong.filter((p) => p.split('>').every((s) => FIST_GROUP.includes(s))).length;
    const nonSign = Object.values(r.nonSign[judge]!).reduce((n, letters) => n + letters.length, 0);
    lines.push(`| ${JUDGE_NAMES[judge]} | ${own} / ${r.signs.length} | ${perturbed} / ${perturbedCells.length} | ${wrong.length} / ${pairs} (${((100 * wrong.length) / pairs).toFixed(1)}%) | ${fist} / ${fistPairs * (fistPairs - 1)} | ${nonSign} / ${r.nonSignFiles.length * 26} |`);
  }
  return lines.join('\n');
}

/** The acceptance table. */
export function acceptanceMarkdown(r: AcceptanceResult): string {
  const pairs = r.signs.length * (r.signs.length - 1);
  const lines: string[] = [];
  lines.push('# Acceptance of the practice loop\'s judges', '');
  lines.push(`Made by \`npm run bench -- --only acceptance\` (\`bench/acceptance/run_acceptance.ts\`${r.quick ? ', quick run: a subset' : ''}) in ${r.durationS} s. References built by the engine's builder from the middle half of each recording of \`data/asl-alphabet\` (one signer); every replay goes through the engine's practice loop, as the camera screen does. A replay lasts ${r.settings.replaySeconds} s at 30 judged frames per second (the held-out frames cycled); "completes" means the sign's whole slice was done in that time.`, '');
  lines.push('- **own**: the letter\'s held-out frames (the first and last quarters of its recording, which no reference saw) against its own reference;');
  lines.push(`- **perturbed**: the same frames changed one way at a time (${r.perturbations.length} perturbations, below): measured stand-ins for other hands, not other signers;`);
  lines.push(`- **wrong**: every letter's held-out frames against every other letter's reference (${pairs} pairs); the fist group is ${FIST_GROUP.join(' ')};`);
  lines.push(`- **non-signs**: each file of \`data/non-signs\` (people and hands not signing, with their sources) against every letter (${r.nonSignFiles.length} files x 26 letters); a photograph held, a video on its clip's own clock (each frame with a hand shown as long as it was filmed, no hand between: bench/acceptance/non_sign_timeline.ts), cycled.`, '');
  lines.push(acceptanceSummary(r));
  lines.push('', `Targets for the default judge (docs/engineer/judge.md, "Figures"): every own letter completes on held-out and perturbed frames; 0 non-sign completions; wrong pairs at most 1%, none in the fist group. The angle rule is loose by design; fingerpose judges single frames with its own descriptions (J and Z move: it has no description of them).`, '');
  lines.push('## Per letter', '', 'Seconds to complete (own, 30 fps), perturbed frames completing, and the wrong letters whose frames complete this letter\'s reference.', '');
  lines.push(`| letter | ${r.judges.map((j) => `${j}: own s | perturbed | wrong letters accepted`).join(' | ')} |`);
  lines.push(`|---|${r.judges.map(() => '--:|--:|---').join('|')}|`);
  for (const sign of r.signs) {
    const cells = r.judges.map((judge) => {
      const perturbed = Object.values(r.perturbed[judge]![sign]!);
      const accepted = Object.keys(r.wrong[judge]!).filter((p) => p.endsWith(`>${sign}`)).map((p) => p.split('>')[0]);
      return `${fmt(r.own[judge]![sign]!['30'])} | ${perturbed.filter((v) => v !== null).length}/${perturbed.length} | ${accepted.join(' ')}`;
    });
    lines.push(`| **${sign}** | ${cells.join(' | ')} |`);
  }
  lines.push('', '## Perturbed frames, per perturbation (own letters completing)', '');
  lines.push(`| perturbation | what | ${r.judges.join(' | ')} |`);
  lines.push(`|---|---|${r.judges.map(() => '--:').join('|')}|`);
  for (const p of r.perturbations) {
    lines.push(`| ${p.name} | ${p.description} | ${r.judges.map((j) => `${r.signs.filter((s) => r.perturbed[j]![s]![p.name] !== null).length}/${r.signs.length}`).join(' | ')} |`);
  }
  lines.push('', '## Non-signs: the letters each file completes', '');
  lines.push(`| file | ${r.judges.join(' | ')} |`);
  lines.push(`|---|${r.judges.map(() => '---').join('|')}|`);
  for (const file of r.nonSignFiles) lines.push(`| ${file} | ${r.judges.map((j) => r.nonSign[j]![file]!.join(' ') || '-').join(' | ')} |`);
  lines.push('');
  return lines.join('\n');
}

type Cells = Record<string, Record<string, Record<string, number | null>>>;

/** One timing table (a row per letter, 8 / 15 / 30 fps per mode, and with `wrong` the wrong letters that complete it) and its summary against TIMING_TARGETS. */
function timingTables(r: AcceptanceResult, cells: Cells, modes: readonly MatchMode[], frames?: (sign: string) => string, wrong = false): string[] {
  const lines: string[] = [];
  // The wrong letters that complete a letter's reference (every other letter's held-out frames, 10 s at 30 fps), per mode.
  const wrongFor = (m: MatchMode, sign: string) => Object.keys(r.wrong[m]!).filter((pair) => pair.endsWith(`>${sign}`)).map((pair) => pair.split('>')[0]!);
  const wrongHeader = wrong ? ` ${modes.join(' / ')}: wrong letters completing |` : '';
  lines.push(`| letter | ${frames ? 'frames | ' : ''}${modes.map((m) => `${m}: 8 / 15 / 30 fps`).join(' | ')} |${wrongHeader}`);
  lines.push(`|---|${frames ? '--:|' : ''}${modes.map(() => '---').join('|')}|${wrong ? '---|' : ''}`);
  for (const sign of r.signs) {
    const wrongCell = wrong ? ` ${modes.map((m) => wrongFor(m, sign).join(' ') || '-').join(' / ')} |` : '';
    lines.push(`| **${sign}** | ${frames ? `${frames(sign)} | ` : ''}${modes.map((m) => RATES.map((fps) => fmt(cells[m]![sign]![String(fps)])).join(' / ')).join(' | ')} |${wrongCell}`);
  }
  lines.push('', `| mode | letters completing at every rate | within ${TIMING_TARGETS.seconds} s at every rate | rates within ${TIMING_TARGETS.spread * 100}% | slowest (s) | letters missing a target |`, '|---|--:|--:|--:|--:|---|');
  for (const m of modes) {
    const times = r.signs.map((s) => RATES.map((fps) => cells[m]![s]![String(fps)] ?? null));
    const completes = (t: (number | null)[]): t is number[] => t.every((v) => v !== null);
    const fast = (t: (number | null)[]) => completes(t) && t.every((v) => v <= TIMING_TARGETS.seconds);
    const close = (t: (number | null)[]) => completes(t) && Math.max(...t) <= (1 + TIMING_TARGETS.spread) * Math.min(...t);
    const slowest = Math.max(...times.flat().map((v) => v ?? Infinity));
    const missing = r.signs.filter((_, i) => !fast(times[i]!) || !close(times[i]!));
    lines.push(`| ${m} | ${times.filter(completes).length} / ${r.signs.length} | ${times.filter(fast).length} / ${r.signs.length} | ${times.filter(close).length} / ${r.signs.length} | ${Number.isFinite(slowest) ? slowest.toFixed(1) : 'never'} | ${missing.join(' ') || '-'} |`);
  }
  return lines;
}

/** The practice timing tables. */
export function timingMarkdown(r: AcceptanceResult): string {
  const modes = r.judges.filter((j): j is MatchMode => j !== 'fingerpose');
  const pairs = r.signs.length * (r.signs.length - 1);
  const lines: string[] = [];
  lines.push('# Practice timing: seconds to complete a letter at 8, 15 and 30 judged frames per second', '');
  lines.push(`Made by \`npm run bench -- --only acceptance\` (\`bench/acceptance/run_acceptance.ts\`${r.quick ? ', quick run: a subset' : ''}), with bench/acceptance.md. A letter's frames are replayed at the given judged frame rate, as a learner whose tracker processes that many camera frames a second would show them (the frame of the 30 fps recording at each judged moment, cycled), through the engine's practice loop, for up to ${r.settings.replaySeconds} s. The session advances by time (docs/engineer/engine.md, Practice), so a held letter needs its natural hold of 1.5 s of correct signing at any rate; frames that do not match add nothing, except one missed frame between two matches (a tracker blink, MISS_BRIDGE_MS).`, '');
  lines.push(`Targets (docs/engineer/judge.md, "Figures"): every letter completes in every mode at every rate, in at most ${TIMING_TARGETS.seconds} s of correct signing, the three rates within ${TIMING_TARGETS.spread * 100}% of each other.`, '');
  lines.push('## On each letter\'s held-out signing', '');
  lines.push(`The held-out frames (the first and last quarters of the recording, outside the frames its reference was built from) that show the letter as the manual alphabet defines it, judged from the recording and by no judge under test (\`heldOutSigning\`): for a held letter, its holds, runs of at least ${MIN_HOLD_FRAMES} frames (${(MIN_HOLD_FRAMES / 30).toFixed(1)} s) whose four fingers agree with the letter's definition by the reference builder's own training test (stricter bands than any judge's) and whose hand is not moving (under ${HANDSHAPE_MODEL_BUILD.movingSpeed} palm lengths a second); for a moving letter (J, Z), its tracing, from the first to the last held-out frame in which the hand moves at that speed. "frames": the letter's held-out signing, of its held-out frames. These are the seconds of correct signing that the targets count. The last column: the other letters whose held-out frames complete the letter's reference in 10 s at 30 fps, per mode (precise mode: none may; the angle rule is loose by design).`, '');
  lines.push(...timingTables(r, r.signing, modes, (s) => `${r.signingFrames[s]!.signing} / ${r.signingFrames[s]!.heldOut}`, true));
  lines.push('', '## On all held-out frames', '');
  lines.push('The same on every held-out frame, also those that are not the letter: J\'s 2.5 s of a still I before its tracing (the letter I: J\'s judge must refuse it), Q\'s middle finger read straight (as a P\'s is) and its hand dropping. These seconds are the recording\'s, not the signing\'s; they are kept to show what the judges refuse.', '');
  lines.push(...timingTables(r, r.own, modes));
  lines.push('', '## Hand speed by judged frame rate', '');
  lines.push(`The sustained hand speed the handshape judge reads (palm lengths a second; \`motion/hand_motion.ts\`: the net displacement of the wrist and index tip over the last 180 ms, smoothed over 300 ms) over each whole recording replayed at 8, 15 and 30 judged frames per second. A held letter must stay under its limit (at least 2.5), a moving one reach ${HANDSHAPE_MODEL_BUILD.movingSpeed}: the reading must not depend on the rate.`, '');
  lines.push('| letter | median: 8 / 15 / 30 fps | 95th percentile: 8 / 15 / 30 fps |', '|---|---|---|');
  for (const sign of r.signs) {
    const v = r.speeds[sign]!;
    lines.push(`| **${sign}** | ${RATES.map((fps) => v[String(fps)]!.median.toFixed(2)).join(' / ')} | ${RATES.map((fps) => v[String(fps)]!.p95.toFixed(2)).join(' / ')} |`);
  }
  lines.push('', `Wrong letters completing, every other letter's held-out frames against each reference for 10 s at 30 fps (the pairs are listed in bench/acceptance.md): ${modes.map((m) => `${m} ${Object.keys(r.wrong[m]!).length} / ${pairs}`).join(', ')}. Precise mode: none may complete; the angle rule is loose by design.`, '');
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick');
  const outIndex = process.argv.indexOf('--out');
  const outDir = outIndex >= 0 ? process.argv[outIndex + 1]! : join(ROOT, 'bench', 'results');
  const judgeIndex = process.argv.indexOf('--judge');
  const only = judgeIndex >= 0 ? (process.argv[judgeIndex + 1] as Judge) : undefined;
  if (only !== undefined && !JUDGES.includes(only)) throw new Error(`--judge: one of ${JUDGES.join(', ')}`);
  // `--schedule`: every replay as the tracker delivers it on a held letter's schedule (HELD_SIGN_SCHEDULE).
  const scheduled = process.argv.includes('--schedule');
  const result = await runAcceptance({ quick, judges: only ? [only] : JUDGES, schedule: scheduled ? HELD_SIGN_SCHEDULE : null });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'acceptance.json'), JSON.stringify(result, null, 2));
  if (scheduled) console.log(acceptanceSummary(result));
  // The committed tables are the full run's (every judge, no schedule).
  const tables = quick || only || scheduled ? outDir : join(ROOT, 'bench');
  writeFileSync(join(tables, 'acceptance.md'), acceptanceMarkdown(result));
  writeFileSync(join(tables, 'practice-timing.md'), timingMarkdown(result));
  console.log(`acceptance: wrote ${join(tables, 'acceptance.md')} and practice-timing.md in ${result.durationS} s`);
}
