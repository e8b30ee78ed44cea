// Records MediaPipe's own landmarks on the accuracy stills (bench/accuracy/material.ts) into
// data/photographs/mediapipe/<NAME>.json: the stored reference the tracker tests assert against
// (tests/tracker/accuracy_against_mediapipe.test.ts), so that they run in Node without a browser.
//
//   node --import tsx bench/accuracy/record-references.ts [NAME...]
//   node --import tsx bench/accuracy/record-references.ts --from DIR   (no browser: MediaPipe's
//     static-image landmarks from a bench run's accuracy-mediapipe.json in DIR, the same page and
//     mode; the browser and renderer are then those of that run)
//
// MediaPipe Holistic from npm (@mediapipe/holistic, model complexity 1, confidences 0.5) in
// Debian's Chromium, static-image mode (graph reset before the image, no smoothing); MediaPipe
// Hands for the hand-only photograph. On a machine without a GPU it runs on SwiftShader: about a
// minute per image. Each file records the image's SHA-256, the library, its options, the browser
// and the renderer. The bench's accuracy stage reruns MediaPipe and reports how far its landmarks
// are from these files (`storedReferenceMaxDiff`).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../lib/chromium.ts';
import { buildPages } from '../lib/pages.ts';
import { startStaticServer } from '../lib/server.ts';
import { ACCURACY_STILLS, REFERENCES_DIR } from './material.ts';
import { MEDIAPIPE_RESULTS_FILE } from './run_accuracy.ts';
import { runAccuracyPage } from './run_page.ts';
import type { AccuracyPageResult, FrameLandmarks } from './types.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a stored reference file holds. */
export interface StoredReference {
  image: string;
  sha256: string;
  width: number;
  height: number;
  made: Record<string, unknown>;
  landmarks: Omit<FrameLandmarks, 'ms'>;
}

const round = (points: number[] | null) => points?.map((v) => Math.round(v * 1e6) / 1e6) ?? null;

/** Writes one still's reference file from MediaPipe's page result. */
function writeReference(still: (typeof ACCURACY_STILLS)[number], result: AccuracyPageResult, browserVersion: string, date: string): void {
  const frame = result.frames[0]!;
  const stored: StoredReference = {
    image: still.file,
    sha256: createHash('sha256').update(readFileSync(join(root, still.file))).digest('hex'),
    width: result.width,
    height: result.height,
    made: {
      by: 'bench/accuracy/record-references.ts',
      ...result.backend,
      mode: 'static image: graph reset before the image, no smoothing',
      browser: `${browserVersion} (headless, WebGL renderer ${String(result.backend.renderer)})`,
      date,
      msOnThisRenderer: Math.round(frame.ms),
      layout: 'each part [x, y, z, visibility] per point, x and y normalised to the image; hands: visibility 1 (MediaPipe gives none); null = not found',
    },
    landmarks: {
      pose: round(frame.pose),
      leftHand: round(frame.leftHand),
      rightHand: round(frame.rightHand),
      ...(frame.hands ? { hands: frame.hands.map((h) => ({ ...h, points: round(h.points)! })) } : {}),
    },
  };
  // Indented, with each list of numbers on one line.
  const text = JSON.stringify(stored, null, 2).replace(/\[\s+([-\d.,\se]+?)\s+\]/g, (_, inner: string) => `[${inner.replace(/\s+/g, ' ')}]`);
  mkdirSync(join(root, REFERENCES_DIR), { recursive: true });
  writeFileSync(join(root, REFERENCES_DIR, `${still.name}.json`), text + '\n');
  console.log(`record-references: wrote ${REFERENCES_DIR}/${still.name}.json (MediaPipe took ${frame.ms.toFixed(0)} ms)`);
}

/** --from DIR: the stills' static-image results of an earlier bench run. */
function fromBenchRun(dir: string): void {
  const results = JSON.parse(readFileSync(join(dir, MEDIAPIPE_RESULTS_FILE), 'utf8')) as Record<string, { mode: string; subject: string; result: AccuracyPageResult }>;
  const bench = JSON.parse(readFileSync(join(dir, 'bench.json'), 'utf8')) as { startedAt: string; machine: { chromium: string } };
  for (const still of ACCURACY_STILLS) {
    const entry = results[still.name];
    if (!entry || entry.mode !== 'static' || entry.subject !== still.reference || entry.result.status !== 'ok') throw new Error(`record-references: no static ${still.reference} result for ${still.name} in ${dir}`);
    writeReference(still, entry.result, `Chromium ${bench.machine.chromium}`, bench.startedAt.slice(0, 10));
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--from') return fromBenchRun(resolve(args[1]!));
  const only = args;
  const pagesDir = await buildPages(root, console.log);
  const server = await startStaticServer({
    '/pages/': pagesDir,
    '/repo/data/': join(root, 'data'),
    '/mediapipe/': join(root, 'node_modules', '@mediapipe'),
  });
  const browser = await launchChromium();
  try {
    for (const still of ACCURACY_STILLS) {
      if (only.length > 0 && !only.includes(still.name)) continue;
      console.log(`record-references: ${still.name} (${still.reference}, static image; about a minute on SwiftShader)`);
      const result = await runAccuracyPage(browser, server.url, { subject: still.reference, mode: 'static', frames: [`/repo/${still.file}`], fps: 30 }, 900_000);
      if (result.status !== 'ok') throw new Error(`record-references: ${still.name}: ${result.reason}`);
      writeReference(still, result, `Chromium ${browser.version()}`, new Date().toISOString().slice(0, 10));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
