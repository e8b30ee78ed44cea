// Per-stage figures of the tracker in Chromium (not a test): the tracker page on the fake camera,
// WASM without threads (page not cross-origin isolated) and with 2 threads, full and lite models.
//   npx tsx tests/e2e/tracker/measure_tracker.ts [seconds]
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { buildTrackerPage } from './build_tracker_page.ts';
import { makeFakeCameraVideo } from './make_fake_camera_video.ts';
import { serveStatic } from './serve_static.ts';
import { TRACKER_STAGE_NAMES } from '../../../engine/src/tracker/constants.ts';
import { PHOTOGRAPHS_DIR } from '../../../server/paths.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const cache = join(repoRoot, '.cache', 'tracker-e2e');
const seconds = Number(process.argv[2] ?? 20);
const video = makeFakeCameraVideo(cache, join(PHOTOGRAPHS_DIR, 'messi5.jpg'));
const folder = await buildTrackerPage(join(cache, 'page'));
const browser = await launchBrowser({
  args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
});
const configs = [
  { name: 'wasm-simd, 1 thread (not isolated)', isolated: false, query: 'backend=wasm' },
  { name: 'wasm-simd, 2 threads', isolated: true, query: 'backend=wasm&threads=2' },
  { name: 'wasm-simd, threads chosen by the free-core probe', isolated: true, query: 'backend=wasm' },
  { name: 'wasm-simd, 1 thread, lite', isolated: false, query: 'backend=wasm&pose=lite&hand=lite' },
  { name: 'wasm-simd, 2 threads, lite', isolated: true, query: 'backend=wasm&threads=2&pose=lite&hand=lite' },
  { name: 'auto (WebGPU if a hardware adapter)', isolated: true, query: 'backend=auto' },
];
const results = [];
for (const config of configs) {
  const server = await serveStatic(folder, config.isolated);
  const { page, context } = await openPage(browser);
  await page.goto(`${server.url}?${config.query}`);
  await page.waitForFunction(() => (window as any).__tracker?.phase !== 'starting', undefined, { timeout: 120_000 });
  // Skip the first frames (caches, JIT), then measure.
  await page.waitForTimeout(3000);
  const start = await page.evaluate(() => structuredClone((window as any).__tracker));
  await page.waitForTimeout(seconds * 1000);
  const end = await page.evaluate(() => structuredClone((window as any).__tracker));
  const frames = end.frames - start.frames;
  const stages = Object.fromEntries(
    TRACKER_STAGE_NAMES.map((name, i) => [name, Math.round(((end.stageTotals[i] - start.stageTotals[i]) / frames) * 10) / 10]),
  );
  results.push({ config: config.name, backend: end.backend, frames, fps: Math.round((frames / seconds) * 10) / 10, msPerFrame: stages, longTasks: end.longTasks.length, load: Math.round(loadavg()[0]! * 10) / 10 });
  console.log(JSON.stringify(results.at(-1)));
  await context.close();
  await server.close();
}
await browser.close();
console.log(JSON.stringify({ cores: cpus().length, results }, null, 1));
