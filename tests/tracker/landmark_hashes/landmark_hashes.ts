// The tracker's landmarks, byte for byte: a fixed sample of images and clips tracked with the Node
// tracker (TF.js WASM), each frame's landmarks reduced to a hash of their exact Float32 bytes. A
// change to the tracker's code that is meant to leave its results alone (a refactoring) must
// leave every hash as it was; one that moves a landmark by a single float step changes its
// frame's hash. record_landmark_hashes.ts records and compares the sample;
// tests/tracker/landmark_hashes.test.ts compares a part of it in CI.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLandmarkFrame, type LandmarkFrame } from '../../../engine/src/core/landmark_frame.ts';
import { PART_COUNT } from '../../../engine/src/core/landmark_layout.ts';
import { decodeImageFile, type RgbFrame } from '../../../engine/src/tracker/node/node_image.ts';
import { createNodeTracker, rgbPixels } from '../../../engine/src/tracker/node/node_tracker.ts';

/** The tracker settings the sample runs under (createNodeTracker's options; the rest its defaults). */
export const TRACKER_SETTINGS = {
  default: {},
  withoutBody: { handsWithoutPose: true },
  mirrored: { mirrored: true },
  mirroredWithoutBody: { mirrored: true, handsWithoutPose: true },
  noPalm: { palmDetection: false },
} as const;
export type TrackerSetting = keyof typeof TRACKER_SETTINGS;

/**
 * One run: a photograph as a still (`trackStill`), a photograph as a still camera (`track` on the
 * same pixels `frames` times, 30 fps timestamps, from a fresh state), or a clip's frames (`track`,
 * 30 fps timestamps, from a fresh state).
 */
export type Sequence =
  | { setting: TrackerSetting; kind: 'still'; photo: string }
  | { setting: TrackerSetting; kind: 'camera'; photo: string; frames: number }
  | { setting: TrackerSetting; kind: 'clip'; clip: string };

/** A sequence's key in the hash file: setting, kind and source. */
export function sequenceKey(sequence: Sequence): string {
  return `${sequence.setting} ${sequence.kind} ${'clip' in sequence ? sequence.clip : sequence.photo}`;
}

export const REAL_PHOTOS = join('data', 'real-photos');
/** Frames of bench/clips/make-clips.mjs (ffmpeg; .cache/clips, ignored by git). */
export const CLIPS_FOLDER = join('.cache', 'clips');
export const CLIP_NAMES = ['messi-zoom', 'hand-pan', 'vtest-walk', 'desk-upper'] as const;
const FPS = 30;
/** A still camera: 24 frames, so the palm detector's re-acquiring looks at frames 0, 10 and 20 (two turns). */
export const CAMERA_FRAMES = 24;

/** The real photographs, set by set, sorted: `<set>/<file>` from data/real-photos. */
export function listRealPhotos(root: string): string[] {
  const sets = readdirSync(join(root, REAL_PHOTOS), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return sets.flatMap((set) =>
    readdirSync(join(root, REAL_PHOTOS, set))
      .filter((f) => /\.(jpe?g|png)$/i.test(f))
      .sort()
      .map((f) => `${set}/${f}`),
  );
}

/**
 * The sample: every `photoStep`th real photograph as a still (default, mirrored, no palm detector)
 * and as a still camera of `cameraFrames` frames (with and without hands looked for without a
 * body); with `clips`, every clip of CLIP_NAMES as a video (with and without hands without a
 * body), and the hand-only and desk clips mirrored.
 */
export function sampleSequences(root: string, options: { photoStep: number; cameraFrames: number; clips: boolean }): Sequence[] {
  const photos = listRealPhotos(root).filter((_, i) => i % options.photoStep === 0);
  const sequences: Sequence[] = [];
  for (const setting of ['default', 'mirrored', 'noPalm'] as const) for (const photo of photos) sequences.push({ setting, kind: 'still', photo });
  for (const setting of ['default', 'withoutBody'] as const) for (const photo of photos) sequences.push({ setting, kind: 'camera', photo, frames: options.cameraFrames });
  if (options.clips) {
    for (const setting of ['default', 'withoutBody'] as const) for (const clip of CLIP_NAMES) sequences.push({ setting, kind: 'clip', clip });
    for (const clip of ['hand-pan', 'desk-upper']) sequences.push({ setting: 'mirroredWithoutBody', kind: 'clip', clip });
  }
  return sequences;
}

/**
 * A frame's landmarks as a hash: which parts were found, the image size and timestamp, and the
 * exact Float32 bytes of every part found (a part not found holds stale numbers, never read).
 */
export function hashLandmarkFrame(frame: LandmarkFrame): string {
  const hash = createHash('sha256');
  hash.update(frame.present);
  hash.update(new Float64Array([frame.imageWidth, frame.imageHeight, frame.timestampMs]));
  const parts = [frame.pose, frame.leftHand, frame.rightHand];
  for (let part = 0; part < PART_COUNT; part++) {
    if (frame.present[part]) hash.update(new Uint8Array(parts[part]!.buffer, parts[part]!.byteOffset, parts[part]!.byteLength));
  }
  return hash.digest('hex').slice(0, 16);
}

export interface SequenceHashes {
  /** The decoded pixels of every frame: when these differ, the image decoder (sharp, ffmpeg) changed, not the tracker. */
  input: string;
  /** One hash per frame, in order. */
  frames: string[];
  /** Frames in which each part was found (by Part: pose, left hand, right hand); not stored in the file. */
  found?: number[];
}

async function clipFrames(root: string, clip: string): Promise<RgbFrame[]> {
  const folder = join(root, CLIPS_FOLDER, clip);
  if (!existsSync(folder)) throw new Error(`landmark hashes: ${folder} is missing; make the clips with \`node bench/clips/make-clips.mjs\``);
  const files = readdirSync(folder).filter((f) => f.endsWith('.jpg')).sort();
  return Promise.all(files.map((f) => decodeImageFile(join(folder, f))));
}

/**
 * Tracks every sequence (one tracker per setting, loaded once) and returns its hashes by key.
 * `cameraFrames` caps a still camera's frames (a prefix of a longer run: tracking only looks back).
 */
export async function trackSequences(root: string, sequences: readonly Sequence[], log: (line: string) => void = () => {}): Promise<Map<string, SequenceHashes>> {
  const results = new Map<string, SequenceHashes>();
  const settings = [...new Set(sequences.map((s) => s.setting))];
  const out = createLandmarkFrame();
  for (const setting of settings) {
    const { tracker } = await createNodeTracker({ ...TRACKER_SETTINGS[setting] });
    try {
      for (const sequence of sequences.filter((s) => s.setting === setting)) {
        const input = createHash('sha256');
        const frames: string[] = [];
        const found = new Array<number>(PART_COUNT).fill(0);
        const hash = () => {
          frames.push(hashLandmarkFrame(out));
          for (let part = 0; part < PART_COUNT; part++) found[part] = found[part]! + out.present[part]!;
        };
        if (sequence.kind === 'still') {
          const image = await decodeImageFile(join(root, REAL_PHOTOS, sequence.photo));
          input.update(image.data);
          await tracker.trackStill(rgbPixels(image), out);
          hash();
        } else {
          const images = sequence.kind === 'clip' ? await clipFrames(root, sequence.clip) : [await decodeImageFile(join(root, REAL_PHOTOS, sequence.photo))];
          const count = sequence.kind === 'clip' ? images.length : sequence.frames;
          for (const image of images) input.update(image.data);
          tracker.reset();
          for (let i = 0; i < count; i++) {
            await tracker.track(rgbPixels(images[Math.min(i, images.length - 1)]!), (i * 1000) / FPS, out);
            hash();
          }
          tracker.reset();
        }
        results.set(sequenceKey(sequence), { input: input.digest('hex').slice(0, 16), frames, found });
        log(`${sequenceKey(sequence)}: ${frames.length} frame${frames.length === 1 ? '' : 's'}`);
      }
    } finally {
      tracker.dispose();
    }
  }
  return results;
}

/** The hash file: sequences by key, each `input` and its frames' hashes joined by spaces (one line each). */
export function formatHashFile(about: string, hashes: Map<string, SequenceHashes>): string {
  const lines = [...hashes].map(([key, h]) => `    ${JSON.stringify(key)}: ${JSON.stringify(`${h.input} ${h.frames.join(' ')}`)}`);
  return `{\n  "about": ${JSON.stringify(about)},\n  "sequences": {\n${lines.join(',\n')}\n  }\n}\n`;
}

export function readHashFile(path: string): Map<string, SequenceHashes> {
  const file = JSON.parse(readFileSync(path, 'utf8')) as { sequences: Record<string, string> };
  const hashes = new Map<string, SequenceHashes>();
  for (const [key, line] of Object.entries(file.sequences)) {
    const [input, ...frames] = line.split(' ');
    hashes.set(key, { input: input!, frames });
  }
  return hashes;
}

export interface HashComparison {
  /** Frames compared (in sequences whose input matched). */
  framesCompared: number;
  /** Frames whose landmarks differ: `key #frame`. */
  differences: string[];
  /** Sequences whose decoded input differs from the recorded one (not compared). */
  inputChanged: string[];
  /** Sequences tracked now but not recorded. */
  unrecorded: string[];
}

/** Compares tracked hashes with recorded ones; a tracked sequence may be a prefix of the recorded one. */
export function compareHashes(recorded: Map<string, SequenceHashes>, tracked: Map<string, SequenceHashes>): HashComparison {
  const result: HashComparison = { framesCompared: 0, differences: [], inputChanged: [], unrecorded: [] };
  for (const [key, now] of tracked) {
    const then = recorded.get(key);
    if (!then) {
      result.unrecorded.push(key);
      continue;
    }
    if (then.input !== now.input) {
      result.inputChanged.push(key);
      continue;
    }
    if (now.frames.length > then.frames.length) result.differences.push(`${key}: ${now.frames.length} frames tracked, ${then.frames.length} recorded`);
    for (let i = 0; i < Math.min(now.frames.length, then.frames.length); i++) {
      result.framesCompared++;
      if (now.frames[i] !== then.frames[i]) result.differences.push(`${key} #${i}`);
    }
  }
  return result;
}
