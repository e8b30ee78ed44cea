import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { alphabetSource, fixtureSource } from '../../engine/src/recordings/landmark_source.ts';
import { buildPracticeFixture, heldOutFrameIndices } from '../../engine/src/recordings/build_practice_fixture.ts';
import { landmarkFixtureSchema } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import type { AlphabetRecording } from '../../engine/src/recordings/alphabet_recording_schema.ts';
import { loadAlphabetFolder } from '../../engine/src/node/load_alphabet_folder.ts';
import { buildReferenceSign } from '../../engine/src/reference/build_reference_sign.ts';
import { compileSign } from '../../engine/src/practice/compile_lesson.ts';
import type { CompiledSign } from '../../engine/src/practice/compiled_sign.ts';
import { parseReferenceSign, type ReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { replayLesson } from '../../engine/src/replay/replay_lesson.ts';
import { ALPHABET_DIR } from '../../server/paths.ts';

const root = join(import.meta.dirname, '..', '..');
const alphabetFolder = ALPHABET_DIR;
const run = promisify(execFile);
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cli = (args: string[]) => run(tsx, [join(root, 'engine', 'src', 'cli', 'main.ts'), ...args], { cwd: root });
/** One `build-references` of the recorded alphabet for the command-line tests that read its
 * records (the first checks what it writes); made by whichever of them runs first. */
let builtByCli: Promise<string> | undefined;
const cliReferences = () =>
  (builtByCli ??= mkdtemp(join(tmpdir(), 'refs-')).then(async (out) => {
    await cli(['build-references', '--in', alphabetFolder, '--out', out]);
    return out;
  }));

let recordings: Map<string, AlphabetRecording>;
const records = new Map<string, ReferenceSign>();
const compiled = new Map<string, CompiledSign>();

beforeAll(async () => {
  recordings = await loadAlphabetFolder(alphabetFolder);
  for (const [sign, recording] of recordings) {
    const record = buildReferenceSign(sourceToAngleFrames(alphabetSource(sign, recording)), `${sign}.gif`);
    records.set(sign, record);
    compiled.set(sign, compileSign(sign, record));
  }
});

describe('reference builder on the 26 recorded letters', () => {
  it('builds one valid signs/{signName} record per letter, every frame with a right hand of 16 angles and no pose', () => {
    expect([...records.keys()].sort().join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    for (const [sign, record] of records) {
      const parsed = parseReferenceSign(sign, JSON.parse(JSON.stringify(record)));
      const frames = parsed.configs[`${sign}.gif`]!;
      expect(frames.length).toBe(recordings.get(sign)!.frames.length);
      for (const frame of frames) {
        expect(frame.right_hand?.angles).toHaveLength(16);
        expect(frame.left_hand).toBeUndefined();
        expect(frame.pose).toBeUndefined();
      }
    }
  });

  it('gives held handshapes a degreesOfFreedom under 75 (the angle rule tolerance stays 75) and the moving Z more', () => {
    const dof = (sign: string) => records.get(sign)!.configs[`${sign}.gif`]![0]!.right_hand!.config.degreesOfFreedom;
    for (const sign of 'ABCDEFGHIKLMNOPRSTUVWXY') expect(dof(sign)).toBeLessThan(75);
    expect(dof('Z')).toBeGreaterThan(75);
  });

  it('reads a flat B as straight fingers and a fist A as bent ones', () => {
    const meanOf = (sign: string, joint: number) => {
      const frames = records.get(sign)!.configs[`${sign}.gif`]!;
      return frames.reduce((sum, f) => sum + f.right_hand!.angles[joint]!, 0) / frames.length;
    };
    for (const pip of [4, 7, 10, 13]) {
      expect(meanOf('B', pip)).toBeGreaterThan(150);
      expect(meanOf('A', pip)).toBeLessThan(110);
    }
  });
});

describe('replaying recorded practice sessions made from the alphabet data', () => {
  it('a learner signing the lesson\'s letters (held-out frames, 8 s each) completes the lesson', () => {
    const lesson = ['B', 'C', 'Y', 'W'];
    const fixture = buildPracticeFixture(recordings, lesson, 8);
    const result = replayLesson(fixtureSource('lesson', fixture), lesson.map((name) => ({ name, compiled: compiled.get(name)! })));
    expect(result.signsDone).toBe(4);
    expect(result.lessonCompleted).toBe(true);
    expect(result.events.some((e) => e.type === 'lessonContinue')).toBe(true);
    // Each sign needs its natural hold (1.5 s) plus the 1 s lock: well under 8 s each.
    expect(result.framesToComplete).toBeLessThan(4 * 8 * 30);
    expect(result.events.filter((e) => e.type === 'signComplete' && e.skipped)).toHaveLength(0);
  });

  it('a learner signing a clearly different letter (B for A): the default judge never moves the ring; the angle rule only through its free 10%', () => {
    const fixture = buildPracticeFixture(recordings, ['B'], 10);
    const byDefault = replayLesson(fixtureSource('wrong', fixture), [{ name: 'A', compiled: compiled.get('A')! }]);
    expect(byDefault.signsDone).toBe(0);
    expect(byDefault.bestFractionPerSign[0]).toBe(0);
    expect(byDefault.events.some((e) => e.type === 'progress')).toBe(false);
    const bySpec = replayLesson(fixtureSource('wrong', fixture), [{ name: 'A', compiled: compiled.get('A')! }], { mode: 'spec' });
    expect(bySpec.signsDone).toBe(0);
    // The free window (product.md §4.7 Practice flow): the first 10% of the slice, whatever the learner shows.
    expect(bySpec.bestFractionPerSign[0]).toBeGreaterThan(0);
    expect(bySpec.bestFractionPerSign[0]).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(bySpec.lessonCompleted).toBe(false);
  });

  it('the practice fixture is a valid landmark fixture made only of frames outside the reference slice', () => {
    const fixture = buildPracticeFixture(recordings, ['A'], 1);
    expect(landmarkFixtureSchema.safeParse(JSON.parse(JSON.stringify(fixture))).success).toBe(true);
    const held = heldOutFrameIndices(300);
    expect(held).toHaveLength(150);
    expect(held.includes(75)).toBe(false);
    expect(held.includes(74)).toBe(true);
    expect(held.includes(225)).toBe(true);
  });
});

describe('engine command line', () => {
  it('build-references writes 26 records, and score reports own-letter frames as matched', async () => {
    const out = await cliReferences();
    expect((await readdir(out)).filter((f) => f.endsWith('.json'))).toHaveLength(26);
    const { stdout } = await cli(['score', '--reference', join(out, 'B.json'), '--frames', join(alphabetFolder, 'B.json')]);
    const score = JSON.parse(stdout);
    expect(score.frames).toBe(recordings.get('B')!.frames.length);
    // The app's default judge; a held letter is a natural hold: 45 frames (1.5 s) of correct signing.
    expect(score.mode).toBe('handshape');
    expect(score.fraction).toBeGreaterThan(0.95);
    expect(score.completed).toBe(true);
    expect(score.framesToComplete).toBeGreaterThanOrEqual(45);
    expect(score.framesToComplete).toBeLessThanOrEqual(50);
    expect(score.secondsToComplete).toBeCloseTo(score.framesToComplete / 30, 2);
    expect(Object.keys(score.meanAngleError.rightHand)).toHaveLength(16);
    const slow = JSON.parse((await cli(['score', '--reference', join(out, 'B.json'), '--frames', join(alphabetFolder, 'B.json'), '--fps', '8'])).stdout);
    expect(slow.secondsToComplete).toBeGreaterThanOrEqual(1.5);
    expect(slow.secondsToComplete).toBeLessThanOrEqual(1.5 + 0.25);
    expect(slow.framesToComplete).toBeLessThan(score.framesToComplete / 3);
    for (const mode of ['handshape', 'spec', 'precise']) {
      const wrong = JSON.parse((await cli(['score', '--reference', join(out, 'A.json'), '--frames', join(alphabetFolder, 'B.json'), '--mode', mode])).stdout);
      expect(wrong.mode).toBe(mode);
      expect(wrong.matched).toBe(0);
      expect(wrong.completed).toBe(false);
      expect(wrong.framesToComplete).toBeNull();
      expect(wrong.secondsToComplete).toBeNull();
    }
    const precise = JSON.parse((await cli(['score', '--reference', join(out, 'B.json'), '--frames', join(alphabetFolder, 'B.json'), '--precise'])).stdout);
    expect(precise.mode).toBe('precise');
  }, 120_000);

  it('score --references scores every pair of records and landmark files in one object', async () => {
    const out = await cliReferences();
    const frames = ['A', 'B'].map((sign) => join(alphabetFolder, `${sign}.json`));
    const { stdout } = await cli(['score', '--references', out, '--frames', ...frames, '--seconds', '10']);
    const result = JSON.parse(stdout);
    expect(result.mode).toBe('handshape');
    expect(result.pairs).toHaveLength(2 * 26);
    const pair = (file: string, reference: string) => result.pairs.find((p: { frames: string; reference: string }) => p.frames === file && p.reference === reference);
    expect(pair(frames[0]!, 'A').completed).toBe(true);
    expect(pair(frames[1]!, 'B').completed).toBe(true);
    expect(pair(frames[1]!, 'B').secondsToComplete).toBeLessThan(2.5);
    expect(pair(frames[0]!, 'B').completed).toBe(false);
    expect(pair(frames[1]!, 'A').completed).toBe(false);
    for (const p of result.pairs) expect(Object.keys(p).sort()).toEqual(['completed', 'fraction', 'frames', 'reference', 'secondsToComplete']);
  }, 180_000);

  it('bad files get a clear error naming the file and the problem, and a non-zero exit', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bad-'));
    const broken = join(folder, 'broken.json');
    await writeFile(broken, '{"sign": "A", "frames": [[1, 2, 3]]}');
    const notJson = join(folder, 'not.json');
    await writeFile(notJson, 'hello');
    const reference = join(folder, 'ref.json');
    await writeFile(reference, JSON.stringify({ configs: { 'A.gif': [{ right_hand: { config: { degreesOfFreedom: 0 }, angles: [1] } }] } }));
    const attempts: Array<[string[], RegExp]> = [
      [['score', '--reference', reference, '--frames', broken], /ref\.json.*right_hand\.angles/],
      [['score', '--reference', join(alphabetFolder, 'README.md'), '--frames', broken], /README\.md: not valid JSON/],
      [['score', '--reference', join(folder, 'missing.json'), '--frames', broken], /missing\.json: cannot read file \(ENOENT\)/],
      [['score', '--frames', broken], /missing --reference/],
      [['score', '--bogus'], /unknown option --bogus/],
      [['score', '--reference', reference, '--frames', broken, '--mode', 'fast'], /--mode must be one of handshape, spec, precise, got "fast"/],
      [['score', '--reference', reference, '--frames', broken, '--fps', '0'], /--fps must be a positive number/],
      [['score', '--references', folder, '--reference', reference, '--frames', broken], /not both/],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [args, message] of attempts) {
      const error = await cli(args).then(() => null, (e: { code: number; stderr: string }) => e);
      expect(error, args.join(' ')).not.toBeNull();
      expect(error!.code).toBe(1);
      expect(error!.stderr).toMatch(message);
    }
    const goodReference = join(folder, 'good.json');
    await writeFile(goodReference, await readFile(join(root, 'package.json'), 'utf8').then(() => JSON.stringify(records.get('A'))));
    const frames = await cli(['score', '--reference', goodReference, '--frames', broken]).then(() => null, (e: { stderr: string }) => e.stderr);
    expect(frames).toMatch(/broken\.json: not a landmark file.*frames\.0/);
  }, 60_000);

  it("the engine package's bin (signlearn-engine) runs the same command line", async () => {
    const bin = JSON.parse(await readFile(join(root, 'engine', 'package.json'), 'utf8')).bin['signlearn-engine'];
    const out = await mkdtemp(join(tmpdir(), 'bin-'));
    await run(process.execPath, [join(root, 'engine', bin), 'build-references', '--in', alphabetFolder, '--out', out], { cwd: root });
    expect((await readdir(out)).filter((f) => f.endsWith('.json'))).toHaveLength(26);
    const error = await run(process.execPath, [join(root, 'engine', bin), 'frobnicate']).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(error?.code).toBe(1);
    expect(error?.stderr).toMatch(/unknown command "frobnicate"/);
  }, 60_000);
});

describe('reference smoothing', () => {
  it('removes a one-frame spike from the reference but keeps a held value', async () => {
    const { smoothAngleSeries } = await import('../../engine/src/reference/smooth_angle_series.ts');
    const { angleFrame } = await import('./support.ts');
    const frames = Array.from({ length: 20 }, (_, i) => angleFrame({ rightHand: Array(16).fill(i === 10 ? 170 : 60) }));
    const smoothed = smoothAngleSeries(frames, 9);
    expect(smoothed[10]!.rightHand[0]).toBe(60);
    expect(frames[10]!.rightHand[0]).toBe(170); // input untouched
    expect(smoothed.every((f) => f.present[2] === 1)).toBe(true);
  });
});
