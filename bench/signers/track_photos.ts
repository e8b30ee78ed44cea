// Our tracker on the real photographs: engine/src/tracker/node (TF.js WASM), still mode
// (`trackStill`: no smoothing, hands looked for even without a body). Each photograph's landmarks
// are cached under bench/results/signers/ (ignored by git), keyed by the tracker's code version (a
// hash of its source, the models it loads and the locked package versions), so a re-run of the
// stage on an unchanged tracker only runs the judge; with no cache it tracks every photograph.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cloneLandmarkFrame, createLandmarkFrame, type LandmarkFrame } from '../../engine/src/core/landmark_frame.ts';
import { Part } from '../../engine/src/core/landmark_layout.ts';
import { MODEL_FILES } from '../../engine/src/tracker/constants.ts';
import { photoKey, type Photo } from './photos.ts';

/** One photograph's landmarks as stored in the cache (the LandmarkFrame's arrays as lists). */
export interface CachedLandmarks {
  imageWidth: number;
  imageHeight: number;
  /** Indexed by Part: pose, left hand, right hand. */
  present: number[];
  pose: number[] | null;
  leftHand: number[] | null;
  rightHand: number[] | null;
}

/** The tracker's model files (Node reads them from the package). */
export const MODEL_FOLDER = join('node_modules', '@vladmandic', 'human-models', 'models');

/** The tracker's code version: its source, the engine's layout it writes, the model files, the locked packages. */
export function trackerVersion(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|json|wasm)$/.test(name)) hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  walk(join(root, 'engine', 'src', 'tracker'));
  walk(join(root, 'engine', 'src', 'core'));
  for (const file of Object.values(MODEL_FILES) as string[]) {
    const path = join(root, MODEL_FOLDER, file);
    hash.update(file).update(existsSync(path) ? readFileSync(path) : 'missing');
  }
  hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

const round = (values: Float32Array) => Array.from(values, (v) => Math.round(v * 1e6) / 1e6);

export function toCached(frame: LandmarkFrame): CachedLandmarks {
  return {
    imageWidth: frame.imageWidth,
    imageHeight: frame.imageHeight,
    present: Array.from(frame.present),
    pose: frame.present[Part.pose] ? round(frame.pose) : null,
    leftHand: frame.present[Part.leftHand] ? round(frame.leftHand) : null,
    rightHand: frame.present[Part.rightHand] ? round(frame.rightHand) : null,
  };
}

export function fromCached(cached: CachedLandmarks): LandmarkFrame {
  const frame = createLandmarkFrame(cached.imageWidth, cached.imageHeight);
  frame.present.set(cached.present);
  if (cached.pose) frame.pose.set(cached.pose);
  if (cached.leftHand) frame.leftHand.set(cached.leftHand);
  if (cached.rightHand) frame.rightHand.set(cached.rightHand);
  return frame;
}

/** Whether the tracker found a hand (either side). */
export const handFound = (frame: LandmarkFrame): boolean => frame.present[Part.leftHand] === 1 || frame.present[Part.rightHand] === 1;

/** The last of a camera's frames with a hand (null: none). */
export function lastHandFrame(frames: readonly LandmarkFrame[]): LandmarkFrame | null {
  for (let i = frames.length - 1; i >= 0; i--) if (handFound(frames[i]!)) return frames[i]!;
  return null;
}

export interface TrackPhotosOptions {
  root: string;
  photos: readonly Photo[];
  log: (line: string) => void;
  /** Cache folder; none: no cache read or written (the CI test tracks from nothing). */
  cacheDir?: string;
  /** Track each photograph flipped left to right (a left-handed person: bench/signers-tracker/mirrored.ts), cached apart. */
  mirrored?: boolean;
}

export interface TrackedPhotos {
  version: string;
  /** By photoKey. */
  frames: Map<string, LandmarkFrame>;
  /** Photographs tracked in this run (the rest came from the cache). */
  trackedNow: number;
  backend: Record<string, unknown>;
  /** Median wall time of trackStill per photograph in this run, ms (null when all came from the cache). */
  msPerPhoto: number | null;
}

export async function trackPhotos(options: TrackPhotosOptions): Promise<TrackedPhotos> {
  const { root, photos, log } = options;
  const version = trackerVersion(root);
  const kind = options.mirrored ? 'mirrored photographs' : 'photographs';
  const cacheFile = options.cacheDir ? join(options.cacheDir, `tracker-${options.mirrored ? 'mirrored-' : ''}${version}.json`) : null;
  const cache: Record<string, CachedLandmarks> = cacheFile && existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, CachedLandmarks>) : {};
  const frames = new Map<string, LandmarkFrame>();
  const missing = photos.filter((p) => !cache[photoKey(p)]);
  if (cacheFile) log(`signers: our tracker (code version ${version}): ${photos.length - missing.length} of ${photos.length} ${kind} cached, ${missing.length} to track`);
  let backend: Record<string, unknown> = {};
  const times: number[] = [];
  if (missing.length > 0) {
    const { createNodeTracker, rgbPixels } = await import('../../engine/src/tracker/node/node_tracker.ts');
    const { decodeImageFile } = await import('../../engine/src/tracker/node/node_image.ts');
    const created = await createNodeTracker({ modelBaseUrl: join(root, MODEL_FOLDER) });
    backend = { library: 'signlearn engine tracker', ...created.backend, node: process.version, mode: 'trackStill' };
    const out = createLandmarkFrame();
    try {
      for (let i = 0; i < missing.length; i++) {
        const photo = missing[i]!;
        if (i % 20 === 0) log(`signers: tracking ${kind} ${i + 1}-${Math.min(i + 20, missing.length)} of ${missing.length} (WASM, still mode)`);
        const image = await decodeImageFile(join(root, photo.path), { flop: options.mirrored === true });
        const start = performance.now();
        await created.tracker.trackStill(rgbPixels(image), out);
        times.push(performance.now() - start);
        out.imageWidth = image.width;
        out.imageHeight = image.height;
        cache[photoKey(photo)] = toCached(out);
        // Written as it goes: an interrupted run keeps what it tracked.
        if (cacheFile && (i % 20 === 19 || i === missing.length - 1)) {
          mkdirSync(options.cacheDir!, { recursive: true });
          writeFileSync(cacheFile, JSON.stringify(cache));
        }
      }
    } finally {
      created.tracker.dispose();
    }
  }
  for (const photo of photos) frames.set(photoKey(photo), cloneLandmarkFrame(fromCached(cache[photoKey(photo)]!)));
  times.sort((a, b) => a - b);
  return { version, frames, trackedNow: missing.length, backend, msPerPhoto: times.length ? Math.round(times[Math.floor(times.length / 2)]!) : null };
}
