// The accuracy stage of the bench (`npm run bench -- --only accuracy`, and part of the full run):
// our tracker (Node WASM, and Chromium WASM) against MediaPipe's own solution from npm on the same
// decoded pixels: static-image mode on the stills, video mode (tracking, smoothing) on the clips.
// MediaPipe runs on SwiftShader WebGL here: its time per frame is reported apart and never enters
// the accuracy figures.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { compareFrame, type FrameComparison, type LandmarkSet } from './compare_landmarks.ts';
import { ACCURACY_CLIPS, ACCURACY_STILLS, REFERENCES_DIR, type Framing } from './material.ts';
import { runAccuracyPage } from './run_page.ts';
import { spread, summarizeComparisons, type AccuracySummary, type Spread } from './summarize.ts';
import type { AccuracyMode, AccuracyPageResult, AccuracySubject, FrameLandmarks } from './types.ts';

export interface AccuracyRow {
  runtime: 'node-wasm' | 'chromium-wasm';
  status: 'ok' | 'error';
  reason?: string;
  /** Every frame's RGB checksum equals the one the MediaPipe page decoded. */
  samePixels: boolean;
  msPerFrame: Spread;
  summary?: AccuracySummary;
}

export interface AccuracyItem {
  name: string;
  kind: 'still' | 'clip';
  framing: Framing;
  mode: AccuracyMode;
  frames: number;
  width: number;
  height: number;
  reference: {
    subject: AccuracySubject;
    status: 'ok' | 'error';
    reason?: string;
    backend: Record<string, unknown>;
    /** MediaPipe's own time per frame (SwiftShader here): reported, never part of the accuracy figures. */
    msPerFrame: Spread;
    /** Stills: largest difference from the stored reference (data/photographs/mediapipe), in image fractions. */
    storedReferenceMaxDiff?: number | null;
  };
  rows: AccuracyRow[];
}

export interface AccuracyOutput {
  status: 'ok' | 'error' | 'skipped';
  reason?: string;
  settings: { clipFrames: number; fps: number };
  /** Where MediaPipe's landmarks came from: this run, or a file of an earlier one (--reference-from). */
  referenceSource?: string;
  items: AccuracyItem[];
}

/** MediaPipe's raw landmarks of every item, written next to bench.json for later runs to reuse. */
export const MEDIAPIPE_RESULTS_FILE = 'accuracy-mediapipe.json';

export interface AccuracyOptions {
  root: string;
  browser: Browser;
  serverUrl: string;
  /** Frames of each clip in video mode (MediaPipe on SwiftShader takes seconds a frame). */
  clipFrames: number;
  pageTimeoutMs: number;
  log: (line: string) => void;
  /** Writes MEDIAPIPE_RESULTS_FILE here. */
  outDir: string;
  /**
   * A folder with an earlier run's MEDIAPIPE_RESULTS_FILE: its MediaPipe landmarks are reused
   * instead of running MediaPipe again (minutes on SwiftShader), for items of the same name, mode
   * and frame count. Each row's `samePixels` still checks the frames decode to the same bytes.
   */
  referenceFrom?: string;
}

const FPS = 30;

interface Material {
  name: string;
  kind: 'still' | 'clip';
  framing: Framing;
  mode: AccuracyMode;
  reference: Exclude<AccuracySubject, 'tracker'>;
  /** Paths from the repository root, and the URLs the page fetches them from. */
  files: string[];
  urls: string[];
}

function materials(root: string, clipFrames: number): Material[] {
  const stills: Material[] = ACCURACY_STILLS.map((s) => ({
    name: s.name,
    kind: 'still',
    framing: s.framing,
    mode: 'static',
    reference: s.reference,
    files: [s.file],
    urls: [`/repo/${s.file}`],
  }));
  const clips: Material[] = ACCURACY_CLIPS.map((c) => {
    const names = Array.from({ length: clipFrames }, (_, i) => `${String(i).padStart(3, '0')}.jpg`);
    return {
      name: c.clip,
      kind: 'clip',
      framing: c.framing,
      mode: 'video',
      reference: c.reference,
      files: names.map((n) => join('.cache', 'clips', c.clip, n)),
      urls: names.map((n) => `/clips/${c.clip}/${n}`),
    };
  });
  void root;
  return [...stills, ...clips];
}

/** One frame of a page result as a LandmarkSet; for MediaPipe Hands, its hands put on their sides. */
export function toLandmarkSet(result: Pick<AccuracyPageResult, 'width' | 'height'>, frame: FrameLandmarks): LandmarkSet {
  const set: LandmarkSet = { width: result.width, height: result.height, pose: frame.pose, leftHand: frame.leftHand, rightHand: frame.rightHand };
  for (const hand of frame.hands ?? []) {
    // MediaPipe Hands labels a hand as it would appear in a mirror image (selfie view); these
    // frames are not mirrored, so its 'Right' is the person's left hand (as our tracker decides
    // for a hand seen without a body: hand_path.ts, findHandWithoutPose).
    if (hand.label === 'Right' && !set.leftHand) set.leftHand = hand.points;
    else if (hand.label === 'Left' && !set.rightHand) set.rightHand = hand.points;
  }
  return set;
}

/** FNV-1a over RGB bytes, as the page computes it (bench/pages/accuracy.ts rgbChecksum). */
export function rgbChecksum(rgb: Uint8Array): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < rgb.length; i++) hash = Math.imul(hash ^ rgb[i]!, 0x01000193);
  return hash >>> 0;
}

/** Our tracker in Node (WASM) on the material's files: stills with trackStill, clips with track. */
async function runOursInNode(root: string, material: Material): Promise<Omit<AccuracyPageResult, 'backend' | 'loadMs'>> {
  const { createNodeTracker, rgbPixels } = await import('../../engine/src/tracker/node/node_tracker.ts');
  const { decodeImageFile } = await import('../../engine/src/tracker/node/node_image.ts');
  const { createLandmarkFrame } = await import('../../engine/src/core/landmark_frame.ts');
  const { Part, POINT_STRIDE, POSE_POINT_COUNT, HAND_POINT_COUNT } = await import('../../engine/src/core/landmark_layout.ts');
  const { tracker } = await createNodeTracker({
    modelBaseUrl: join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
    handsWithoutPose: material.reference === 'mediapipe-hands',
  });
  const frames: FrameLandmarks[] = [];
  const checksums: number[] = [];
  let width = 0;
  let height = 0;
  try {
    for (let i = 0; i < material.files.length; i++) {
      const image = await decodeImageFile(join(root, material.files[i]!));
      width = image.width;
      height = image.height;
      checksums.push(rgbChecksum(image.data));
      const out = createLandmarkFrame(image.width, image.height);
      const start = performance.now();
      if (material.mode === 'video') await tracker.track(rgbPixels(image), (i * 1000) / FPS, out);
      else await tracker.trackStill(rgbPixels(image), out);
      const ms = performance.now() - start;
      const part = (p: number, source: Float32Array, count: number) => (out.present[p] ? Array.from(source.subarray(0, count * POINT_STRIDE)) : null);
      frames.push({
        pose: part(Part.pose, out.pose, POSE_POINT_COUNT),
        leftHand: part(Part.leftHand, out.leftHand, HAND_POINT_COUNT),
        rightHand: part(Part.rightHand, out.rightHand, HAND_POINT_COUNT),
        ms,
      });
    }
  } finally {
    tracker.dispose();
  }
  return { status: 'ok', width, height, frames, checksums };
}

function compareAll(ours: Pick<AccuracyPageResult, 'width' | 'height' | 'frames'>, reference: AccuracyPageResult): FrameComparison[] {
  return reference.frames.map((frame, i) => compareFrame(toLandmarkSet(ours, ours.frames[i]!), toLandmarkSet(reference, frame)));
}

/** Largest coordinate difference between this run's MediaPipe landmarks and the stored ones. */
function storedDiff(root: string, name: string, frame: FrameLandmarks): number | null {
  let stored: { landmarks: FrameLandmarks };
  try {
    stored = JSON.parse(readFileSync(join(root, REFERENCES_DIR, `${name}.json`), 'utf8')) as { landmarks: FrameLandmarks };
  } catch {
    return null;
  }
  let max = 0;
  for (const key of ['pose', 'leftHand', 'rightHand'] as const) {
    const a = frame[key];
    const b = stored.landmarks[key];
    if (!a !== !b) return Infinity;
    if (!a || !b) continue;
    for (let i = 0; i < a.length; i += 4) max = Math.max(max, Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!));
  }
  return max;
}

type StoredResults = Record<string, { mode: AccuracyMode; subject: AccuracySubject; result: AccuracyPageResult }>;

export async function runAccuracyStage(options: AccuracyOptions): Promise<AccuracyOutput> {
  const { root, browser, serverUrl, log } = options;
  const items: AccuracyItem[] = [];
  const earlier: StoredResults = options.referenceFrom && existsSync(join(options.referenceFrom, MEDIAPIPE_RESULTS_FILE))
    ? (JSON.parse(readFileSync(join(options.referenceFrom, MEDIAPIPE_RESULTS_FILE), 'utf8')) as StoredResults)
    : {};
  if (options.referenceFrom && Object.keys(earlier).length === 0) throw new Error(`accuracy: no ${MEDIAPIPE_RESULTS_FILE} in ${options.referenceFrom}`);
  const results: StoredResults = {};
  let reused = 0;
  for (const material of materials(root, options.clipFrames)) {
    const stored = earlier[material.name];
    const reuse = stored && stored.mode === material.mode && stored.subject === material.reference && stored.result.frames.length === material.files.length;
    log(`bench:   accuracy ${material.name} (${material.framing}, ${material.mode}): MediaPipe reference (${material.reference}${reuse ? `, from ${options.referenceFrom}` : ''})`);
    if (reuse) reused++;
    const reference = reuse
      ? stored.result
      : await runAccuracyPage(browser, serverUrl, { subject: material.reference, mode: material.mode, frames: material.urls, fps: FPS }, options.pageTimeoutMs);
    results[material.name] = { mode: material.mode, subject: material.reference, result: reference };
    const item: AccuracyItem = {
      name: material.name,
      kind: material.kind,
      framing: material.framing,
      mode: material.mode,
      frames: material.files.length,
      width: reference.width,
      height: reference.height,
      reference: {
        subject: material.reference,
        status: reference.status,
        reason: reference.reason,
        backend: reference.backend,
        msPerFrame: spread(reference.frames.map((f) => f.ms)),
        storedReferenceMaxDiff: material.kind === 'still' && reference.status === 'ok' ? storedDiff(root, material.name, reference.frames[0]!) : undefined,
      },
      rows: [],
    };
    items.push(item);
    if (reference.status !== 'ok') {
      log(`bench:   accuracy ${material.name}: MediaPipe failed: ${(reference.reason ?? '').split('\n')[0]}`);
      continue;
    }
    const runs: Array<[AccuracyRow['runtime'], () => Promise<Omit<AccuracyPageResult, 'backend' | 'loadMs'>>]> = [
      ['node-wasm', () => runOursInNode(root, material)],
      [
        'chromium-wasm',
        () =>
          runAccuracyPage(
            browser,
            serverUrl,
            // Hand-only material against MediaPipe Hands: our tracker looks for hands without a body too.
            { subject: 'tracker', mode: material.mode, frames: material.urls, fps: FPS, handsWithoutPose: material.reference === 'mediapipe-hands' },
            options.pageTimeoutMs,
          ),
      ],
    ];
    for (const [runtime, run] of runs) {
      let ours: Omit<AccuracyPageResult, 'backend' | 'loadMs'>;
      try {
        ours = await run();
      } catch (error) {
        ours = { status: 'error', reason: String((error as Error).stack ?? error), width: 0, height: 0, frames: [], checksums: [] };
      }
      if (ours.status !== 'ok' || ours.frames.length !== reference.frames.length) {
        item.rows.push({ runtime, status: 'error', reason: ours.reason ?? 'frame count differs', samePixels: false, msPerFrame: spread([]) });
        continue;
      }
      const summary = summarizeComparisons(compareAll(ours, reference));
      const samePixels = ours.checksums.length === reference.checksums.length && ours.checksums.every((c, i) => c === reference.checksums[i]);
      item.rows.push({ runtime, status: 'ok', samePixels, msPerFrame: spread(ours.frames.map((f) => f.ms)), summary });
      log(`bench:   accuracy ${material.name} ${runtime}: ${describe(summary)}${samePixels ? '' : ' (decoded pixels differ from the page\'s)'}`);
    }
  }
  mkdirSync(options.outDir, { recursive: true });
  writeFileSync(join(options.outDir, MEDIAPIPE_RESULTS_FILE), JSON.stringify(results) + '\n');
  return {
    status: 'ok',
    settings: { clipFrames: options.clipFrames, fps: FPS },
    referenceSource: reused > 0 ? `MediaPipe's landmarks of ${reused} items from ${options.referenceFrom} (an earlier run); the rest run here` : 'MediaPipe run in this bench run',
    items,
  };
}

function pct(x: number): string {
  return Number.isFinite(x) ? `${(100 * x).toFixed(0)}%` : 'n/a';
}

function deg(x: number): string {
  return Number.isFinite(x) ? x.toFixed(1) : 'n/a';
}

export function describe(s: AccuracySummary): string {
  return `pose ${pct(s.pose.median)} (max ${pct(s.pose.max)}), hands ${pct(s.hands.median)}, angles ${deg(s.angles.median)} deg`;
}

/** The accuracy table (Markdown), one row per item and runtime. */
export function accuracyMarkdown(out: AccuracyOutput): string[] {
  const lines: string[] = [];
  if (out.status !== 'ok') return [`${out.status}: ${out.reason ?? ''}`, ''];
  lines.push(
    'Distances to MediaPipe\'s landmarks on the same pixels: pose joints (shoulders down) that MediaPipe sees with visibility >= 0.5, ' +
      'in shoulder widths (at least half the torso\'s length: a body seen side-on); hand points, in hand sizes (wrist to middle MCP); the engine\'s 4 pose and 16 hand angles from both, ' +
      `in degrees. Median (p90, max) over every joint of every frame. Stills: static-image mode; clips: video mode, first ${out.settings.clipFrames} frames at ${out.settings.fps} fps. ` +
      'Targets on upper-body material: pose median <= 10% and max <= 25%, hands median <= 5%, angles median <= 5 degrees.',
    '',
    '| material | framing | mode | runtime | pose found ours / MP | pose joints, median (p90, max) | > 25% | joints missed / invented | hands found ours / MP | hand points, median (p90, max) | angles deg, median (p90, max) | target | MediaPipe ms/frame (SwiftShader) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const item of out.items) {
    const mp = `${item.reference.msPerFrame.median.toFixed(0)}`;
    if (item.reference.status !== 'ok') {
      lines.push(`| ${item.name} | ${item.framing} | ${item.mode} | | MediaPipe failed: ${(item.reference.reason ?? '').split('\n')[0]!.replace(/\|/g, '/').slice(0, 100)} | | | | | | | | |`);
      continue;
    }
    for (const row of item.rows) {
      const s = row.summary;
      if (!s) {
        lines.push(`| ${item.name} | ${item.framing} | ${item.mode} | ${row.runtime} | ${row.status}: ${(row.reason ?? '').split('\n')[0]!.replace(/\|/g, '/').slice(0, 100)} | | | | | | | | ${mp} |`);
        continue;
      }
      const tri = (x: Spread, f: (v: number) => string) => (x.n === 0 ? 'n/a' : `${f(x.median)} (${f(x.p90)}, ${f(x.max)})`);
      const target = item.framing !== 'upper body' ? '(control)' : s.target.met ? 'met' : `not met: ${[
        s.target.pose === false ? 'pose median' : '',
        s.target.poseMax === false ? 'pose max' : '',
        s.target.hands === false ? 'hands' : '',
        s.target.angles === false ? 'angles' : '',
        s.poseMissed > 0 ? 'joints missed' : '',
        s.handsMissed > 0 ? 'hands missed' : '',
        s.pose.n === 0 ? 'no pose compared' : '',
      ].filter(Boolean).join(', ')}`;
      lines.push(
        `| ${item.name} | ${item.framing} | ${item.mode} | ${row.runtime}${row.samePixels ? '' : ' (pixels differ)'} | ${s.poseFrames.ours} / ${s.poseFrames.reference} | ${tri(s.pose, pct)} | ${s.poseBeyond25} | ${s.poseMissed} / ${s.poseInvented} | ${s.handFrames.ours} / ${s.handFrames.reference} | ${tri(s.hands, pct)} | ${tri(s.angles, deg)} | ${target} | ${mp} |`,
      );
    }
  }
  lines.push('');
  return lines;
}
