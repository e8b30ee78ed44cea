// The serve bench (`npm run bench -- --only serve`, part of the full run): the BUILT app on the
// production server (server/serve.ts), loopback only.
// - Load: autocannon, 100 connections for 20 s on each target (the app shell, the hashed entry
//   bundle, a model file, the feedback endpoint): requests/s, latency p50/p99, errors, and the
//   server's memory before and after.
// - Lighthouse (npm `lighthouse`, Debian Chromium): landing, login and register, mobile (default)
//   and --preset=desktop: the four category scores, first and largest contentful paint, total
//   blocking time and the bytes sent.
import { execFile, fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildAppOnce } from '../../server/build-once.ts';
import { ROOT } from '../../server/paths.ts';
import { againOnLostTrace } from './lighthouse_again.ts';

const run = promisify(execFile);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Chromium stays offline: every host name but loopback ones fails (as in tests/setup/browser.ts). */
const HOST_RULES = 'MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1';

export interface LoadTarget {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The status every answer should have; any other counts as an error. */
  expectStatus: number;
}

export interface LoadResult {
  name: string;
  method: string;
  path: string;
  connections: number;
  durationS: number;
  requestsPerS: number;
  latencyMs: { p50: number; p99: number; max: number };
  throughputMiBPerS: number;
  requests: number;
  /** Socket errors, timeouts and answers with another status than expected. */
  errors: number;
  statuses: Record<string, number>;
}

export interface LighthouseResult {
  page: string;
  url: string;
  preset: 'mobile' | 'desktop';
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  bytesSent: number;
  /** Runs whose median (by performance score) this is. */
  runs: number;
}

export interface ServeBenchResult {
  status: 'ok' | 'error';
  reason?: string;
  load: LoadResult[];
  memoryMiB: { before: { rss: number; heapUsed: number }; after: { rss: number; heapUsed: number } } | null;
  lighthouse: LighthouseResult[];
  settings: { connections: number; durationS: number; lighthouseRuns: number; lighthousePages: string[]; presets: string[] };
}

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

async function autocannon(url: string, target: LoadTarget, connections: number, durationS: number): Promise<LoadResult> {
  const args = [join(ROOT, 'node_modules', 'autocannon', 'autocannon.js'), '--json', '-c', String(connections), '-d', String(durationS), '-m', target.method, '--timeout', '10'];
  for (const [name, value] of Object.entries(target.headers)) args.push('-H', `${name}=${value}`);
  if (target.body !== undefined) args.push('-b', target.body);
  args.push(url + target.path);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 2 ** 20 });
  const out = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    throughput: { average: number };
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  const statuses = Object.fromEntries(Object.entries(out.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]));
  const unexpected = Object.entries(statuses).reduce((sum, [code, count]) => sum + (Number(code) === target.expectStatus ? 0 : count), 0);
  return {
    name: target.name,
    method: target.method,
    path: target.path,
    connections,
    durationS,
    requestsPerS: Math.round(out.requests.average),
    latencyMs: { p50: out.latency.p50, p99: out.latency.p99, max: out.latency.max },
    throughputMiBPerS: mib(out.throughput.average),
    requests: out.requests.total,
    errors: out.errors + out.timeouts + unexpected,
    statuses,
  };
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

async function lighthouse(page: string, url: string, preset: 'mobile' | 'desktop', log: (line: string) => void): Promise<Omit<LighthouseResult, 'runs'>> {
  const args = [
    join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage --host-resolver-rules="${HOST_RULES}"`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await againOnLostTrace(() => run(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 256 * 2 ** 20, timeout: 180_000 }), url, log);
  const report = JSON.parse(stdout) as LighthouseReport;
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => Math.round((report.audits[id]?.numericValue ?? NaN) * 1000) / 1000;
  return {
    page,
    url,
    preset,
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
    firstContentfulPaintMs: Math.round(value('first-contentful-paint')),
    largestContentfulPaintMs: Math.round(value('largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(value('total-blocking-time')),
    cumulativeLayoutShift: value('cumulative-layout-shift'),
    bytesSent: Math.round(value('total-byte-weight')),
  };
}

/** Builds the app (emulator target: no Firebase project is reachable from here, and the pages
 * measured do not call it), serves it, loads it and audits it. */
export async function runServeBench(options: { quick: boolean; log: (line: string) => void }): Promise<ServeBenchResult> {
  const { log } = options;
  const settings = options.quick
    ? { connections: 100, durationS: 2, lighthouseRuns: 1, lighthousePages: ['landing'], presets: ['mobile'] }
    : { connections: 100, durationS: 20, lighthouseRuns: 3, lighthousePages: ['landing', 'login', 'register'], presets: ['mobile', 'desktop'] };
  const dist = join(ROOT, '.cache', 'bench-serve-app');
  await buildAppOnce(dist, {}, ['--mode', 'emulators'], (line) => log(`bench: ${line}`));
  const entry = readdirSync(join(dist, 'assets')).find((name) => /^index-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error('the build has no entry bundle');

  const server = fork(join(import.meta.dirname, 'serve_child.ts'), [dist], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(key: string, send?: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (key in message) {
          server.off('message', onMessage);
          resolve(message[key] as T);
        }
      };
      server.on('message', onMessage);
      server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
      if (send) server.send(send);
    });
  try {
    const port = await ask<number>('port');
    const url = `http://127.0.0.1:${port}`;
    const targets: LoadTarget[] = [
      { name: 'app shell', path: '/lessons', method: 'GET', headers: { 'Accept-Encoding': 'gzip, deflate, br' }, expectStatus: 200 },
      { name: 'hashed asset (entry bundle, Brotli)', path: `/assets/${entry}`, method: 'GET', headers: { 'Accept-Encoding': 'gzip, deflate, br' }, expectStatus: 200 },
      { name: 'model file (BlazePose full topology, Brotli)', path: '/models/blazepose-full.json', method: 'GET', headers: { 'Accept-Encoding': 'gzip, deflate, br' }, expectStatus: 200 },
      // Refused by validation (too short): the endpoint's whole path short of the database write.
      { name: 'feedback endpoint (validation, 400)', path: '/receive_feedback', method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"feedback":"short"}', expectStatus: 400 },
    ];
    const toMiB = (m: NodeJS.MemoryUsage) => ({ rss: mib(m.rss), heapUsed: mib(m.heapUsed) });
    const before = toMiB(await ask<NodeJS.MemoryUsage>('memory', 'memory'));
    const load: LoadResult[] = [];
    for (const target of targets) {
      log(`bench: serve: ${settings.connections} connections for ${settings.durationS} s on ${target.name}`);
      const result = await autocannon(url, target, settings.connections, settings.durationS);
      log(`bench:   ${result.requestsPerS} requests/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ${result.errors} errors`);
      load.push(result);
    }
    const after = toMiB(await ask<NodeJS.MemoryUsage>('memory', 'memory'));
    log(`bench:   server memory: RSS ${before.rss} -> ${after.rss} MiB, heap ${before.heapUsed} -> ${after.heapUsed} MiB`);

    const pages: Record<string, string> = { landing: `http://localhost:${port}/`, login: `http://learn.localhost:${port}/login`, register: `http://learn.localhost:${port}/register` };
    const lighthouseResults: LighthouseResult[] = [];
    for (const preset of settings.presets as Array<'mobile' | 'desktop'>) {
      for (const page of settings.lighthousePages) {
        log(`bench: serve: Lighthouse ${preset} on ${page} (${settings.lighthouseRuns} run${settings.lighthouseRuns > 1 ? 's' : ''})`);
        const runs = [];
        for (let i = 0; i < settings.lighthouseRuns; i++) runs.push(await lighthouse(page, pages[page]!, preset, log));
        const median = runs.sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]!;
        const s = median.scores;
        log(`bench:   ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}, FCP ${median.firstContentfulPaintMs} ms, LCP ${median.largestContentfulPaintMs} ms, ${median.bytesSent} bytes`);
        lighthouseResults.push({ ...median, runs: runs.length });
      }
    }
    return { status: 'ok', load, memoryMiB: { before, after }, lighthouse: lighthouseResults, settings };
  } catch (error) {
    log(`bench: serve failed: ${(error as Error).message}`);
    return { status: 'error', reason: String((error as Error).stack ?? error), load: [], memoryMiB: null, lighthouse: [], settings };
  } finally {
    server.kill('SIGTERM');
  }
}

/** The serve bench as Markdown (a section of bench.md, under the caller's heading). */
export function serveMarkdown(result: ServeBenchResult): string {
  const lines: string[] = [];
  if (result.status !== 'ok') return [...lines, `${result.status}: ${result.reason?.split('\n')[0] ?? ''}`, ''].join('\n');
  lines.push(`Load: autocannon, ${result.settings.connections} connections for ${result.settings.durationS} s per target, on loopback; the load generator shares the machine's cores with the server.`, '');
  lines.push('| target | requests/s | latency p50 / p99 / max ms | MiB/s | requests | errors | statuses |', '|---|---|---|---|---|---|---|');
  for (const r of result.load) {
    lines.push(`| ${r.name} (\`${r.method} ${r.path}\`) | ${r.requestsPerS} | ${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max} | ${r.throughputMiBPerS} | ${r.requests} | ${r.errors} | ${Object.entries(r.statuses).map(([code, n]) => `${code}: ${n}`).join(', ')} |`);
  }
  const m = result.memoryMiB!;
  lines.push('', `Server memory: RSS ${m.before.rss} MiB before, ${m.after.rss} MiB after; heap ${m.before.heapUsed} -> ${m.after.heapUsed} MiB (after a GC).`, '');
  lines.push(`Lighthouse (npm \`lighthouse\`, Debian Chromium, simulated throttling; median of ${result.settings.lighthouseRuns} by performance):`, '');
  lines.push('| page | preset | performance | accessibility | best practices | SEO | first contentful paint ms | largest contentful paint ms | total blocking time ms | CLS | bytes sent |', '|---|---|---|---|---|---|---|---|---|---|---|');
  for (const l of result.lighthouse) {
    lines.push(`| ${l.page} | ${l.preset} | ${l.scores.performance} | ${l.scores.accessibility} | ${l.scores.bestPractices} | ${l.scores.seo} | ${l.firstContentfulPaintMs} | ${l.largestContentfulPaintMs} | ${l.totalBlockingTimeMs} | ${l.cumulativeLayoutShift} | ${l.bytesSent} |`);
  }
  lines.push('');
  return lines.join('\n');
}
