// A second sign language's references (issue 30): the Austrian (ÖGS) letters of
// data/fingerspelling-asq, built by the engine's alphabet builder with ÖGS's definitions, and the
// default judge on them (a quick subset of bench/acceptance/fingerspelling_acceptance.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { fingerspellingSummary, runFingerspellingAcceptance, type FingerspellingAcceptance } from '../../bench/acceptance/fingerspelling_acceptance.ts';
import { createLandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { holisticGuideFrames } from '../../engine/src/guide/holistic_guide_frames.ts';
import { renderGuideGif } from '../../engine/src/guide/render_guide_gif.ts';
import { ASQ_MANUAL_ALPHABET } from '../../engine/src/handshape/alphabets/asq.ts';
import { BZS_MANUAL_ALPHABET } from '../../engine/src/handshape/alphabets/bzs.ts';
import { manualAlphabetOf } from '../../engine/src/handshape/alphabets/manual_alphabets.ts';
import { MANUAL_ALPHABET } from '../../engine/src/handshape/manual_alphabet.ts';
import { loadFingerspellingFolder, type FingerspellingFolder } from '../../engine/src/node/load_fingerspelling_folder.ts';
import { referenceSlice } from '../../engine/src/practice/reference_slice.ts';
import { buildAlphabetReferencesFromSources, type AlphabetReference } from '../../engine/src/recordings/build_alphabet_references.ts';
import { holisticAlphabetSources } from '../../engine/src/recordings/holistic_alphabet_sources.ts';
import { letterSpan } from '../../engine/src/recordings/letter_span.ts';
import { poseFileSource } from '../../engine/src/recordings/pose_file_source.ts';
import { sourceToAngleFrames } from '../../engine/src/recordings/source_to_angle_frames.ts';
import { NATURAL_HOLD_FPS } from '../../engine/src/reference/natural_hold.ts';
import { parseReferenceSign } from '../../engine/src/reference/reference_sign_schema.ts';

let lexicon: FingerspellingFolder;
let libras: FingerspellingFolder;
let built: Map<string, AlphabetReference>;
let acceptance: FingerspellingAcceptance;
// Held letters of every kind (fists, flat, pointing down, two fingers) and the moving ones.
const QUICK = ['A', 'E', 'S', 'T', 'B', 'SCH', 'N', 'U', 'V', 'I', 'Z', 'Ü'];

beforeAll(async () => {
  lexicon = await loadFingerspellingFolder(join(import.meta.dirname, '..', '..', 'data', 'fingerspelling-asq'));
  libras = await loadFingerspellingFolder(join(import.meta.dirname, '..', '..', 'data', 'fingerspelling-bzs'));
  built = buildAlphabetReferencesFromSources(holisticAlphabetSources(lexicon.letters, lexicon.depthScale, ASQ_MANUAL_ALPHABET), ASQ_MANUAL_ALPHABET);
  acceptance = await runFingerspellingAcceptance('asq', 'handshape', { letters: QUICK, rates: [30], nonSigns: ['raised-open-hand', 'messi5', 'handSrc'] });
}, 300_000);

describe('ÖGS (asq) manual alphabet as data', () => {
  it('defines every letter the lexicon recorded, and the registry serves it by language code, American by ase', () => {
    expect(lexicon.language).toBe('asq');
    expect(Object.keys(ASQ_MANUAL_ALPHABET).sort()).toEqual([...lexicon.letters.keys()].sort());
    expect(manualAlphabetOf('asq')).toBe(ASQ_MANUAL_ALPHABET);
    expect(manualAlphabetOf('ase')).toBe(MANUAL_ALPHABET);
    expect(() => manualAlphabetOf('xyz')).toThrow(/no manual alphabet for sign language "xyz"/);
  });

  it('refuses to build a letter its definitions lack', () => {
    const { Ä: _, ...withoutUmlaut } = ASQ_MANUAL_ALPHABET;
    expect(() => holisticAlphabetSources(lexicon.letters, lexicon.depthScale, withoutUmlaut)).toThrow(/"Ä" has no definition/);
  });
});

describe('a lexicon clip -> the letter it shows', () => {
  it('cuts the hand rising into signing space and dropping out of it: without the cut the judge read a held letter moving at 4-8 palm lengths a second', () => {
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const sliceSpeed = (frames: ReturnType<typeof sourceToAngleFrames>) => {
      const slice = new Int32Array(2);
      referenceSlice(frames.length, slice);
      return median(frames.slice(slice[0]!, slice[0]! + slice[1]!).map((f) => f.handSpeed![1]!));
    };
    for (const [letter, recording] of lexicon.letters) {
      if (ASQ_MANUAL_ALPHABET[letter]!.movement !== 'held') continue;
      const whole = poseFileSource(letter, recording, lexicon.depthScale);
      const [first, count] = letterSpan(whole, 'held');
      expect(first, letter).toBeGreaterThan(0);
      expect(first + count, letter).toBeLessThan(whole.frameCount);
      expect(count, letter).toBeGreaterThanOrEqual(10);
      const span = poseFileSource(letter, recording, lexicon.depthScale, Array.from({ length: count }, (_, i) => first + i));
      expect(sliceSpeed(sourceToAngleFrames(whole)), letter).toBeGreaterThan(2.5);
      expect(sliceSpeed(sourceToAngleFrames(span)), letter).toBeLessThan(2.5);
    }
  });
});

describe('ÖGS references built the way the American ones are', () => {
  it('builds one valid record per letter, with its handshape model; held letters a natural hold, moving ones at the recording\'s 25 fps', () => {
    expect(built.size).toBe(31);
    for (const [letter, reference] of built) {
      const record = parseReferenceSign(letter, JSON.parse(JSON.stringify(reference.record)));
      expect(record.handshape, letter).toBeDefined();
      expect(reference.movement).toBe(ASQ_MANUAL_ALPHABET[letter]!.movement);
      expect(record.fps, letter).toBe(reference.movement === 'held' ? NATURAL_HOLD_FPS : 25);
      const frames = record.configs[`${letter}.gif`]!;
      expect(frames.length, letter).toBeGreaterThan(0);
      for (const frame of frames) expect(frame.right_hand?.angles, letter).toHaveLength(16);
    }
  });

  it('the default judge completes each letter from its held-out frames and refuses the other letters and the non-signs (quick subset)', () => {
    const summary = fingerspellingSummary(acceptance);
    for (const letter of QUICK) expect(acceptance.own[letter]!['30'], `${letter}\n${summary}`).not.toBeNull();
    // A held letter's frames complete no other letter. A moving letter's held-out quarters show
    // the hand still before or after its one tracing (Ü's last quarter is a held U), and may.
    const fromHeld = Object.keys(acceptance.wrong).filter((pair) => ASQ_MANUAL_ALPHABET[pair.split('>')[0]!]!.movement === 'held');
    expect(fromHeld, summary).toEqual([]);
    for (const [file, letters] of Object.entries(acceptance.nonSign)) {
      // An open hand raised with the fingers spread is ÖGS's SCH: the one letter that may complete on it.
      expect(letters.filter((l) => !(file.startsWith('raised-open-hand') && l === 'SCH')), `${file}\n${summary}`).toEqual([]);
    }
  });
});

describe('Libras (bzs) references', () => {
  it('defines every letter the lexicon recorded and builds one valid record per letter, moving ones at the file\'s 29.97 fps', () => {
    expect(libras.language).toBe('bzs');
    expect(manualAlphabetOf('bzs')).toBe(BZS_MANUAL_ALPHABET);
    expect(Object.keys(BZS_MANUAL_ALPHABET).sort()).toEqual([...libras.letters.keys()].sort());
    const references = buildAlphabetReferencesFromSources(holisticAlphabetSources(libras.letters, libras.depthScale, BZS_MANUAL_ALPHABET), BZS_MANUAL_ALPHABET);
    expect(references.size).toBe(27);
    for (const [letter, reference] of references) {
      const record = parseReferenceSign(letter, JSON.parse(JSON.stringify(reference.record)));
      expect(record.handshape, letter).toBeDefined();
      expect(reference.movement).toBe(BZS_MANUAL_ALPHABET[letter]!.movement);
      expect(record.fps, letter).toBeCloseTo(reference.movement === 'held' ? NATURAL_HOLD_FPS : 29.97, 2);
    }
  });
});

describe('engine command line', () => {
  it('build-references --in data/fingerspelling-asq writes one record per ÖGS letter, built with its alphabet', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const out = await mkdtemp(join(tmpdir(), 'refs-asq-'));
    await promisify(execFile)(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'engine', 'src', 'cli', 'main.ts'), 'build-references', '--in', join(root, 'data', 'fingerspelling-asq'), '--out', out], { cwd: root });
    const files = (await readdir(out)).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.normalize('NFC')).sort()).toEqual(Object.keys(ASQ_MANUAL_ALPHABET).map((l) => `${l}.json`).sort());
    const sch = parseReferenceSign('SCH', JSON.parse(await readFile(join(out, 'SCH.json'), 'utf8')));
    expect(sch.configs['SCH.gif']!.length).toBeGreaterThan(0);
    // Ü moves in ÖGS (its record keeps the recording's 25 fps); U, in American and ÖGS alike, is held.
    expect(JSON.parse(await readFile(join(out, 'Ü.json'), 'utf8')).fps).toBe(25);
  }, 120_000);
});

describe('guides for a lexicon letter', () => {
  it("draws the signing hand over the letter's span, mirrored as the learner's camera is", () => {
    const { source } = holisticAlphabetSources(lexicon.letters, lexicon.depthScale, ASQ_MANUAL_ALPHABET).get('SCH')!;
    const frames = holisticGuideFrames(source, 36);
    expect(frames).toHaveLength(Math.min(36, source.frameCount)); // evenly sampled, none repeated
    const first = createLandmarkFrame();
    source.read(0, first);
    expect(frames[0]!.rightHand![0]!).toBeCloseTo(1 - first.rightHand[0]!, 6);
    expect(frames[0]!.rightHand![1]!).toBeCloseTo(first.rightHand[1]!, 6);
    const gif = renderGuideGif(frames, { size: 120, aspect: 1 });
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe('GIF89a');
  });
});
