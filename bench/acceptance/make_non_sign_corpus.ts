// Remakes the non-sign corpus, data/non-signs/*.json: real images and videos of people and hands
// that are not fingerspelling (non_sign_sources.ts says which and how), each tracked by the
// engine's own tracker exactly as `npm run engine -- track` does (trackToFixture), keeping the
// frames where at least one hand was found (a video: at most MAX_VIDEO_FRAMES of them).
//
//   node --import tsx bench/acceptance/make_non_sign_corpus.ts [--only name,name] [--out folder]
//
// Inputs: data/photographs/, Debian's opencv-doc package (`apt-get download opencv-doc`, only the
// files needed are unpacked into .cache/non-signs/opencv-doc/, the .deb is deleted) and the bench's
// clips (bench/clips/make-clips.mjs, .cache/clips/). Needs ffmpeg. About 5-10 minutes on 2 cores.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { LandmarkFixture } from '../../engine/src/recordings/landmark_fixture_schema.ts';
import type { TrackInput } from '../../engine/src/tracker/node/node_track_file.ts';
import { trackToFixture } from '../../engine/src/tracker/node/node_track_to_fixture.ts';
import { CLIPS_DIR, makeClips } from '../clips/make-clips.mjs';
import {
  filmedFps,
  MAX_VIDEO_FRAMES,
  NON_SIGN_SOURCES,
  OPENCV_DOC_PACKAGE,
  OPENCV_DOC_ROOT,
  OPENCV_DOC_VERSION,
  type NonSignSource,
} from './non_sign_sources.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = join(root, '.cache', 'non-signs');
const opencvDocDir = join(cache, 'opencv-doc');
const VTEST = 'examples/data/vtest.avi';

function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/** The opencv-doc files the chosen sources need, unpacked once; returns the package version. */
function ensureOpencvDoc(paths: readonly string[]): string {
  const versionFile = join(opencvDocDir, 'VERSION');
  const missing = paths.filter((path) => !existsSync(join(opencvDocDir, OPENCV_DOC_ROOT, path)));
  if (missing.length === 0 && existsSync(versionFile)) return readFileSync(versionFile, 'utf8').trim();
  mkdirSync(cache, { recursive: true });
  const findDeb = () => readdirSync(cache).find((f) => f.startsWith(`${OPENCV_DOC_PACKAGE}_`) && f.endsWith('.deb'));
  if (!findDeb()) {
    console.log(`non-signs: apt-get download ${OPENCV_DOC_PACKAGE} (95 MB; only ${paths.length} files are kept)`);
    try {
      execFileSync('apt-get', ['download', OPENCV_DOC_PACKAGE], { cwd: cache, stdio: 'inherit' });
    } catch (error) {
      // A fresh machine may have no package lists yet: read them once (as root) and retry.
      if (process.getuid?.() !== 0) throw error;
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['download', OPENCV_DOC_PACKAGE], { cwd: cache, stdio: 'inherit' });
    }
  }
  const deb = findDeb();
  if (!deb) throw new Error(`non-signs: could not download ${OPENCV_DOC_PACKAGE}`);
  const version = execFileSync('dpkg-deb', ['-f', join(cache, deb), 'Version'], { encoding: 'utf8' }).trim();
  if (version !== OPENCV_DOC_VERSION) {
    console.warn(`non-signs: ${OPENCV_DOC_PACKAGE} is ${version}, the corpus was made from ${OPENCV_DOC_VERSION}: files may differ`);
  }
  mkdirSync(opencvDocDir, { recursive: true });
  const members = paths.map((path) => `./${OPENCV_DOC_ROOT}/${path}`);
  execFileSync('sh', ['-c', `deb="$0"; dir="$1"; shift; dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" "$@"`, join(cache, deb), opencvDocDir, ...members]);
  writeFileSync(versionFile, `${version}\n`);
  rmSync(join(cache, deb));
  return version;
}

/** The bench's clips; vtest.avi is handed to make-clips so that the package is downloaded once. */
let clipsMade = false;
function ensureBenchClips(): void {
  if (clipsMade) return;
  const clipsVtest = join(CLIPS_DIR, 'opencv-doc', OPENCV_DOC_ROOT, VTEST);
  if (!existsSync(clipsVtest)) {
    mkdirSync(dirname(clipsVtest), { recursive: true });
    copyFileSync(join(opencvDocDir, OPENCV_DOC_ROOT, VTEST), clipsVtest);
  }
  makeClips({ log: (line) => console.log(`non-signs: ${line}`) });
  clipsMade = true;
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

interface PreparedInput {
  input: TrackInput;
  /** Where the pixels come from, in words, for the fixture's `source`. */
  origin: string;
  /** The file or folder `npm run engine -- track` is given to make the same frames. */
  trackArgs: string[];
  video: boolean;
}

/** The input key shared by a source and its `.mirrored` twin (one crop, one frames folder). */
const inputKey = (source: NonSignSource) => source.name.replace(/\.mirrored$/, '');

async function prepareInput(source: NonSignSource, opencvDocVersion: string): Promise<PreparedInput> {
  const docs = `${OPENCV_DOC_PACKAGE} ${opencvDocVersion} (Debian)`;
  const input = source.input;
  if (input.kind === 'bench-clip') {
    ensureBenchClips();
    const folder = join(CLIPS_DIR, input.clip);
    const fps = filmedFps(input)!;
    return {
      input: { frames: folder, fps },
      origin: `the bench's clip ${input.clip} (bench/clips/make-clips.mjs, from ${docs} material), 90 JPEG frames at ${fps} frames/s`,
      trackArgs: ['--video', relative(root, folder), '--fps', String(fps)],
      video: true,
    };
  }
  if (input.kind === 'vtest') {
    const folder = join(cache, 'inputs', inputKey(source));
    if (!existsSync(folder) || readdirSync(folder).length === 0) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { recursive: true });
      const avi = join(opencvDocDir, OPENCV_DOC_ROOT, VTEST);
      ffmpeg(['-ss', String(input.startSeconds), '-t', String(input.seconds), '-i', avi, '-vf', input.filter, join(folder, '%03d.png')]);
    }
    const fps = filmedFps(input)!;
    return {
      input: { frames: folder, fps },
      origin: `${docs}, /${OPENCV_DOC_ROOT}/${VTEST} from ${input.startSeconds} s for ${input.seconds} s at its ${fps} frames/s, ffmpeg -vf ${input.filter}`,
      trackArgs: ['--video', relative(root, folder), '--fps', String(fps)],
      video: true,
    };
  }
  const original =
    input.kind === 'photograph'
      ? { path: join(root, 'data', 'photographs', input.file), words: `data/photographs/${input.file} (from ${docs})` }
      : { path: join(opencvDocDir, OPENCV_DOC_ROOT, input.path), words: `${docs}, /${OPENCV_DOC_ROOT}/${input.path}` };
  if (!source.crop && !source.scale) {
    return { input: { image: original.path }, origin: original.words, trackArgs: ['--image', relative(root, original.path)], video: false };
  }
  const file = join(cache, 'inputs', `${inputKey(source)}.png`);
  mkdirSync(dirname(file), { recursive: true });
  let image = sharp(original.path).removeAlpha();
  const words: string[] = [];
  if (source.crop) {
    const [left, top, width, height] = source.crop;
    image = image.extract({ left, top, width, height });
    words.push(`cropped to ${width}x${height} at (${left}, ${top})`);
  }
  if (source.scale) {
    const width = Math.round((source.crop?.[2] ?? (await sharp(original.path).metadata()).width!) * source.scale);
    image = image.resize(width);
    words.push(`scaled ${source.scale}x (bicubic)`);
  }
  // A PNG: lossless, so the tracker sees exactly the cut pixels.
  await image.png().toFile(file);
  return { input: { image: file }, origin: `${original.words}, ${words.join(', ')}`, trackArgs: ['--image', relative(root, file)], video: false };
}

async function makeOne(source: NonSignSource, outDir: string, opencvDocVersion: string): Promise<void> {
  const prepared = await prepareInput(source, opencvDocVersion);
  const flags = [...(source.mirrored ? ['--mirrored'] : []), ...(source.handsWithoutPose ? ['--hands-without-pose'] : [])];
  const command = `npm run engine -- track ${[...prepared.trackArgs, ...flags].join(' ')}`;
  const tracked = await trackToFixture(
    { poseModel: 'full', handModel: 'full', mirrored: source.mirrored, handsWithoutPose: source.handsWithoutPose ?? false },
    prepared.input,
    prepared.origin,
  );
  const withHand = tracked.frames.filter((frame) => frame.leftHand !== undefined || frame.rightHand !== undefined);
  if (withHand.length === 0) {
    // A tracker that finds no hand there reads no letter there either. The file already made
    // (by an earlier version of the tracker, which did find a hand) keeps testing the judge on a
    // hand in that picture; nothing is made up for a new one.
    const existing = join(outDir, `${source.name}.json`);
    if (!existsSync(existing)) throw new Error(`non-signs: ${source.name}: the tracker found no hand in ${prepared.origin}`);
    console.log(JSON.stringify({ file: relative(root, existing), kept: 'unchanged: the tracker now finds no hand in its input; the file holds an earlier version\'s landmarks' }));
    return;
  }
  const kept = prepared.video ? withHand.slice(0, MAX_VIDEO_FRAMES) : withHand;
  const fixture: LandmarkFixture = {
    format: tracked.format,
    imageWidth: tracked.imageWidth,
    imageHeight: tracked.imageHeight,
    backend: tracked.backend,
    source:
      `${prepared.origin}. Not a sign: ${source.shows}. Tracked by SignLearn's tracker (Node, ${tracked.backend}, pose full, hand full` +
      `${source.mirrored ? ', as a mirror image' : ''}${source.handsWithoutPose ? ', hands without a body' : ''}): \`${command}\`; ` +
      `kept ${kept.length} of ${tracked.frames.length} frames, those with a hand. bench/acceptance/make_non_sign_corpus.ts --only ${source.name}`,
    frames: kept,
  };
  const out = join(outDir, `${source.name}.json`);
  writeFileSync(out, JSON.stringify(fixture));
  const count = (key: 'pose' | 'leftHand' | 'rightHand') => kept.filter((frame) => frame[key] !== undefined).length;
  console.log(
    JSON.stringify({
      file: relative(root, out),
      frames: kept.length,
      tracked: tracked.frames.length,
      pose: count('pose'),
      leftHand: count('leftHand'),
      rightHand: count('rightHand'),
      bytes: statSync(out).size,
    }),
  );
}

async function main(): Promise<void> {
  const only = flagValue('only')?.split(',').map((name) => name.trim()).filter(Boolean);
  const outDir = flagValue('out') ?? join(root, 'data', 'non-signs');
  const unknown = only?.filter((name) => !NON_SIGN_SOURCES.some((source) => source.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`non-signs: no source named ${unknown.join(', ')}; known: ${NON_SIGN_SOURCES.map((s) => s.name).join(', ')}`);
  const chosen = only ? NON_SIGN_SOURCES.filter((source) => only.includes(source.name)) : NON_SIGN_SOURCES;
  // Every opencv-doc file is unpacked at once, vtest.avi included (the bench's vtest-walk clip needs it).
  const paths = new Set<string>([VTEST]);
  for (const source of NON_SIGN_SOURCES) if (source.input.kind === 'opencv-doc-image') paths.add(source.input.path);
  const version = ensureOpencvDoc([...paths]);
  mkdirSync(outDir, { recursive: true });
  console.log(`non-signs: tracking ${chosen.length} sources into ${relative(root, outDir) || '.'}`);
  for (const source of chosen) await makeOne(source, outDir, version);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
