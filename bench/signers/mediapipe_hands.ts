// MediaPipe Hands' own output on the real photographs: the anchor the signers stage compares our
// tracker's "hand found" with, and landmarks to feed the judge directly (so that a tracker failure
// and a judge failure can be told apart). MediaPipe runs its GPU graph in Chromium (SwiftShader on
// a machine without a GPU: seconds a photograph), so its output is stored as data in
// data/real-photos/mediapipe-hands.json and the stage reads it; `--rerun-mediapipe` runs it again.
//
//   node --import tsx bench/signers/mediapipe_hands.ts [--gpu] [--out FILE] [photo...]   (writes the stored file)
//
// @mediapipe/hands from npm in Debian's Chromium through the accuracy page (bench/pages/accuracy.ts):
// model complexity 1, maxNumHands 2, confidences 0.5, static-image mode as the JS solution allows
// it (graph reset before each photograph, so palm detection runs on every one; no smoothing).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { runAccuracyPage } from '../accuracy/run_page.ts';
import { launchChromium } from '../lib/chromium.ts';
import { buildPages } from '../lib/pages.ts';
import { startStaticServer } from '../lib/server.ts';
import { listPhotos, photoKey, REAL_PHOTOS_DIR, type Photo } from './photos.ts';

export const MEDIAPIPE_HANDS_FILE = join(REAL_PHOTOS_DIR, 'mediapipe-hands.json');
export const MEDIAPIPE_HANDS_SCHEMA = 'signlearn-mediapipe-hands/1';

/** One hand MediaPipe Hands found in a photograph. */
export interface StoredHand {
  /** MediaPipe's handedness label, as it gives it (it assumes a mirrored, selfie image). */
  label: 'Left' | 'Right' | string;
  /** The person's own side: the photographs are not mirrored, so MediaPipe's 'Right' is the left hand. */
  side: 'left' | 'right';
  /** MediaPipe's handedness score (its hand-presence gate has already passed). */
  score: number;
  /** 21 points [x, y, z]: x and y normalised to the image, z MediaPipe's relative depth. */
  landmarks: number[][];
}

export interface StoredPhotoResult {
  /** `<set>/<file>` */
  photo: string;
  sha256: string;
  width: number;
  height: number;
  /** FNV-1a of the RGB bytes Chromium decoded (bench/pages/accuracy.ts rgbChecksum). */
  rgbChecksum: number;
  hands: StoredHand[];
  /** MediaPipe's wall time on this photograph on the recording machine (SwiftShader), ms. */
  ms: number;
}

export interface StoredMediaPipeHands {
  schema: typeof MEDIAPIPE_HANDS_SCHEMA;
  made: Record<string, string | number | boolean>;
  photos: StoredPhotoResult[];
}

const PHOTOS_PER_PAGE = 20;
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** Reads the stored file; null when it is missing. */
export function readStoredMediaPipeHands(root: string): StoredMediaPipeHands | null {
  const path = join(root, MEDIAPIPE_HANDS_FILE);
  if (!existsSync(path)) return null;
  const stored = JSON.parse(readFileSync(path, 'utf8')) as StoredMediaPipeHands;
  if (stored.schema !== MEDIAPIPE_HANDS_SCHEMA) throw new Error(`signers: ${MEDIAPIPE_HANDS_FILE}: schema ${stored.schema}, expected ${MEDIAPIPE_HANDS_SCHEMA}`);
  return stored;
}

export interface RunMediaPipeHandsOptions {
  root: string;
  photos: Photo[];
  log: (line: string) => void;
  /** A browser already running (the bench's); one is launched otherwise. */
  browser?: Browser;
  /**
   * MediaPipe's models on the CPU (its `useCpuInference` option; default): the same graph and
   * models as on WebGL, but seconds faster a photograph where WebGL is SwiftShader.
   */
  cpuInference?: boolean;
  /** Called after each page of photographs with everything so far (the caller may save it). */
  onProgress?: (sofar: StoredMediaPipeHands) => void;
}

/** Runs MediaPipe Hands on every photograph, PHOTOS_PER_PAGE to a page load. */
export async function runMediaPipeHands(options: RunMediaPipeHandsOptions): Promise<StoredMediaPipeHands> {
  const { root, photos, log } = options;
  const cpuInference = options.cpuInference ?? true;
  const { default: sharp } = await import('sharp');
  const pagesDir = await buildPages(root, log);
  const server = await startStaticServer({
    '/pages/': pagesDir,
    '/repo/data/': join(root, 'data'),
    '/mediapipe/': join(root, 'node_modules', '@mediapipe'),
  });
  const browser = options.browser ?? (await launchChromium());
  const results: StoredPhotoResult[] = [];
  let backend: Record<string, unknown> = {};
  const started = Date.now();
  const stored = (): StoredMediaPipeHands => ({
    schema: MEDIAPIPE_HANDS_SCHEMA,
    made: {
      by: 'node --import tsx bench/signers/mediapipe_hands.ts (or npm run bench -- --only signers --rerun-mediapipe)',
      library: String(backend.library ?? '@mediapipe/hands'),
      inference: String(backend.inference ?? ''),
      renderer: String(backend.renderer ?? ''),
      software: Boolean(backend.software),
      options: `modelComplexity 1, maxNumHands 2, minDetectionConfidence 0.5, minTrackingConfidence 0.5, selfieMode false${cpuInference ? ', useCpuInference true' : ''}`,
      mode: 'static image: graph reset before each photograph (palm detection on every one), no smoothing',
      browser: `Chromium ${browser.version()} headless (playwright-core), Debian`,
      date: new Date().toISOString().slice(0, 10),
      minutes: Math.round((Date.now() - started) / 6000) / 10,
      layout: "photos[].hands[]: label as MediaPipe gives it (mirrored-image convention), side the person's own, score the handedness score, landmarks 21 x [x, y, z], x and y normalised to the image",
    },
    photos: results,
  });
  try {
    for (let from = 0; from < photos.length; from += PHOTOS_PER_PAGE) {
      const batch = photos.slice(from, from + PHOTOS_PER_PAGE);
      log(`signers: MediaPipe Hands on photographs ${from + 1}-${from + batch.length} of ${photos.length} (${((Date.now() - started) / 1000).toFixed(0)} s so far)`);
      const urls = batch.map((p) => encodeURI(`/repo/${p.path}`));
      const result = await runAccuracyPage(browser, server.url, { subject: 'mediapipe-hands', mode: 'static', frames: urls, fps: 30, cpuInference }, 1_800_000);
      if (result.status !== 'ok') throw new Error(`signers: MediaPipe Hands failed on ${batch[0]!.path}...: ${result.reason}`);
      backend = result.backend;
      for (let i = 0; i < batch.length; i++) {
        const photo = batch[i]!;
        const frame = result.frames[i]!;
        const meta = await sharp(join(root, photo.path)).metadata();
        results.push({
          photo: photoKey(photo),
          sha256: createHash('sha256').update(readFileSync(join(root, photo.path))).digest('hex'),
          width: meta.width ?? NaN,
          height: meta.height ?? NaN,
          rgbChecksum: result.checksums[i]!,
          hands: (frame.hands ?? []).map((h) => ({
            label: h.label,
            side: h.label === 'Right' ? 'left' : 'right',
            score: round(h.score),
            landmarks: Array.from({ length: 21 }, (_, k) => [round(h.points[k * 4]!), round(h.points[k * 4 + 1]!), round(h.points[k * 4 + 2]!)]),
          })),
          ms: Math.round(frame.ms),
        });
      }
      options.onProgress?.(stored());
    }
  } finally {
    if (!options.browser) await browser.close();
    await server.close();
  }
  return stored();
}

/** Writes the stored file, each point on one line's worth of numbers. */
export function writeStoredMediaPipeHands(root: string, stored: StoredMediaPipeHands, path = join(root, MEDIAPIPE_HANDS_FILE)): void {
  const text = JSON.stringify(stored, null, 1).replace(/\[\s+([-\d.,\se]+?)\s+\]/g, (_, inner: string) => `[${inner.replace(/\s+/g, '')}]`);
  writeFileSync(path, text + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  // --gpu: MediaPipe's WebGL delegate (SwiftShader here: about 10 s a photograph, idle machine).
  const cpuInference = !process.argv.includes('--gpu');
  // --out FILE: written there instead of the stored file (to compare two runs).
  const outAt = process.argv.indexOf('--out');
  const out = outAt >= 0 ? resolve(process.argv[outAt + 1]!) : join(root, MEDIAPIPE_HANDS_FILE);
  const only = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--out');
  const photos = listPhotos(root).filter((p) => only.length === 0 || only.some((o) => photoKey(p).includes(o)));
  // Saved after every page of photographs: an interrupted run keeps what it measured.
  runMediaPipeHands({ root, photos, log: console.log, cpuInference, onProgress: (sofar) => writeStoredMediaPipeHands(root, sofar, out) }).then(
    (stored) => {
      writeStoredMediaPipeHands(root, stored, out);
      console.log(`signers: wrote ${out} (${stored.photos.length} photographs, ${stored.made.minutes} min)`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
