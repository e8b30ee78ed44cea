// Time to the first skeleton (docs/engineer/first-skeleton.md, "Target"): the camera screen opened in Debian Chromium on a
// fake camera (a photograph of a person, looped), the tracker in its worker as the app runs it
// (bench/pages/first-skeleton.ts). Each row is a first visit (a fresh browser profile: nothing
// cached) and a second visit (a new page in the same profile: the HTTP cache and Cache Storage as
// the first visit left them). The models are served as the production server serves them
// (`no-cache` with an ETag), so the 'before' row's second visit has the HTTP cache's help.
// Rows alternate load by load, each round starting one row later, so that a busy spell on the
// machine lands on all of them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.ts';
import { buildPages } from '../lib/pages.ts';
import { startStaticServer } from '../lib/server.ts';
import type { FirstSkeletonResult } from '../pages/first-skeleton.ts';

export interface FirstSkeletonFlow {
  id: string;
  label: string;
  /** Query string of bench/pages/first-skeleton.html. */
  query: string;
}

/** What the page reports (bench/pages/first-skeleton.ts), ms since the camera screen opened, with the
 * status this runner may set itself ('timeout', a page error). */
export interface FirstSkeletonVisit extends Omit<FirstSkeletonResult, 'status' | 'flow'> {
  status: string;
  /** The machine's 1-minute load average when the visit ended. */
  loadAverage: number;
}

export interface FirstSkeletonRow {
  flow: FirstSkeletonFlow;
  first: FirstSkeletonVisit[];
  second: FirstSkeletonVisit[];
}

/** The sequential flow (camera, then tracker; HTTP cache only), and each change on its own and together. */
export const FIRST_SKELETON_FLOWS: FirstSkeletonFlow[] = [
  { id: 'before', label: 'before: camera, then tracker; HTTP cache only', query: 'flow=sequential' },
  { id: 'parallel', label: 'camera and tracker together; HTTP cache only', query: 'flow=parallel' },
  { id: 'parallel-cache', label: 'camera and tracker together; Cache Storage', query: 'flow=parallel&cache=1' },
  { id: 'parallel-cache-lite', label: 'the same, lite models', query: 'flow=parallel&cache=1&models=lite' },
  // The app now: the lessons page warms the tracker up on the learner's intent or after 1.5 s there
  // (src/features/lessons/lessons-page.tsx); the camera screen opens that much later.
  { id: 'prestart-cache', label: 'tracker started 1.5 s before the screen opens; Cache Storage', query: 'flow=prestart&cache=1&dwell=1500' },
];

function fakeCameraVideo(root: string): string {
  const folder = join(root, '.cache', 'first-skeleton');
  mkdirSync(folder, { recursive: true });
  const out = join(folder, 'fake-camera.y4m');
  if (existsSync(out)) return out;
  // The photograph of a footballer, arms spread, letterboxed to 640x480, 2 s at 15 fps (looped).
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-loop', '1', '-i', join(root, 'data', 'photographs', 'messi5.jpg'), '-t', '2', '-r', '15',
    '-vf', 'scale=640:-2,pad=640:480:(ow-iw)/2:(oh-ih)/2,format=yuv420p', '-f', 'yuv4mpegpipe', out,
  ]);
  return out;
}

async function visit(context: BrowserContext, url: string, timeoutMs: number): Promise<FirstSkeletonVisit> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __firstSkeleton?: { status: string } }).__firstSkeleton?.status !== 'running', undefined, { timeout: timeoutMs });
    const result = (await page.evaluate(() => (window as unknown as { __firstSkeleton: FirstSkeletonVisit }).__firstSkeleton)) as FirstSkeletonVisit;
    return { ...result, loadAverage: Math.round(os.loadavg()[0]! * 10) / 10 };
  } catch (error) {
    return { status: 'error', error: (error as Error).message.split('\n')[0], headStartMs: 0, loadAverage: Math.round(os.loadavg()[0]! * 10) / 10 };
  } finally {
    await page.close();
  }
}

export async function runFirstSkeleton(options: { root: string; loads: number; flows?: FirstSkeletonFlow[]; log: (line: string) => void }): Promise<FirstSkeletonRow[]> {
  const { root, log } = options;
  const flows = options.flows ?? FIRST_SKELETON_FLOWS;
  const pagesDir = await buildPages(root, log);
  const server = await startStaticServer(
    {
      '/pages/': pagesDir,
      '/models/': join(root, 'node_modules', '@vladmandic', 'human-models', 'models'),
      '/tfjs-wasm/': join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'),
    },
    undefined,
    'revalidate',
  );
  let browser: Browser | undefined;
  const rows: FirstSkeletonRow[] = flows.map((flow) => ({ flow, first: [], second: [] }));
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${fakeCameraVideo(root)}`],
    });
    for (let load = 0; load < options.loads; load++) {
      // Each round starts one row later, so no row is always the one a busy spell meets last.
      for (const row of rows.map((_, i) => rows[(i + load) % rows.length]!)) {
        // A fresh profile: the first visit finds nothing cached; the second, what the first left.
        const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
        try {
          const url = `${server.url}/coi/pages/first-skeleton.html?${row.flow.query}`;
          const first = await visit(context, url, 180_000);
          const second = await visit(context, url, 180_000);
          row.first.push(first);
          row.second.push(second);
          log(`bench:   first skeleton, ${row.flow.id}: first visit ${describe(first)}; second ${describe(second)}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
  return rows;
}

function describe(v: FirstSkeletonVisit): string {
  if (v.status !== 'ok' || !v.startup) return `${v.status}${v.error ? ` (${v.error})` : ''}`;
  const s = v.startup;
  return `${v.firstPoseMs} ms (camera ${v.cameraMs}, worker script ${v.workerScriptMs}, backend ${Math.round(s.backendMs)} incl. core probe ${s.coreProbeMs}, models ${Math.round(s.loadMs)}, warm-up ${Math.round(s.warmUpMs)}, ready ${v.readyMs}, first landmarks ${v.firstLandmarksMs}; cache ${s.cacheHits} hits/${s.cacheMisses} misses; ${v.backend?.name} ${v.backend?.threads ?? 1} thread(s); load ${v.loadAverage})`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

/** Markdown: per row, the first and second visit's time to the first skeleton (median of loads) and its parts. */
export function firstSkeletonMarkdown(rows: FirstSkeletonRow[]): string {
  const cell = (visits: FirstSkeletonVisit[], pick: (v: FirstSkeletonVisit) => number | undefined) => {
    const values = visits.filter((v) => v.status === 'ok').map(pick).filter((x): x is number => x !== undefined);
    return values.length ? String(Math.round(median(values))) : '-';
  };
  const lines = [
    '| flow | visit | first skeleton ms | camera | worker script | backend (core probe) | models | warm-up | ready | loads ok | load average |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    for (const [name, visits] of [['first', row.first], ['second', row.second]] as const) {
      lines.push(
        `| ${row.flow.label} | ${name} | ${cell(visits, (v) => v.firstPoseMs)} | ${cell(visits, (v) => v.cameraMs)} | ${cell(visits, (v) => v.workerScriptMs)} | ${cell(visits, (v) => v.startup?.backendMs)} (${cell(visits, (v) => v.startup?.coreProbeMs)}) | ${cell(visits, (v) => v.startup?.loadMs)} | ${cell(visits, (v) => v.startup?.warmUpMs)} | ${cell(visits, (v) => v.readyMs)} | ${visits.filter((v) => v.status === 'ok').length}/${visits.length} | ${visits.map((v) => v.loadAverage).join(', ')} |`,
      );
    }
  }
  return lines.join('\n') + '\n';
}
