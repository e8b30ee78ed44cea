// The Node server for a built app (`npm run build`, then `npm run serve`): serves dist/ with the
// cross-origin isolation headers TF.js needs (COOP/COEP) and the security headers of every response
// (Content-Security-Policy from the build, nosniff, no framing, referrer policy), the build's
// Brotli/gzip files when the browser takes them, the app shell for client routes, and the feedback
// endpoints on the same origin. Why `send` and not a hand-written file server: docs/engineer/backend.md, "Production".
//   PORT (default 8080), HOST (default 127.0.0.1), SIGNLEARN_CSP_REPORT_URI (optional),
//   SIGNLEARN_DIST_DIR (default dist); Firebase settings as in docs/engineer/backend.md.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import Negotiator from 'negotiator';
import send from 'send';
import { createFeedbackMiddleware, feedbackOptionsFromEnv } from './feedback.ts';
import { contentSecurityPolicies, contentTypeOf, CSP_FILE, securityHeaders, type BuildPolicies } from './http-headers.ts';
import { ROOT } from './paths.ts';

export interface AppServerOptions {
  /** Time to receive a request's headers (slow-header clients are cut off). Default 10 s. */
  headersTimeoutMs?: number;
  /** Time to receive a whole request, body included (slow bodies). Default 30 s. */
  requestTimeoutMs?: number;
  /** How often those two are checked. Default 1 s. */
  connectionsCheckingIntervalMs?: number;
  /** Idle time before a kept-alive connection is closed. Default 5 s. */
  keepAliveTimeoutMs?: number;
  /** Open connections beyond which new ones are closed at once. Default 4096. */
  maxConnections?: number;
}

/** One servable file: its path under dist/ and which precompressed copies the build wrote. */
interface StaticFile {
  path: string;
  br: boolean;
  gzip: boolean;
}

/** negotiator 1.x breaks ties by a preference order; @types/negotiator predates that option. */
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const URL_LIMIT = 2048;

/**
 * Every file the build produced, by URL path, read once at start: only these are ever served, so
 * no request can name a file outside them. Dotfiles, source maps (hidden maps are for error
 * reports, not for visitors) and the compressed copies themselves are left out.
 */
function readFileTable(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) all.add(relative(root, path).split(sep).join('/'));
    }
  };
  if (existsSync(root)) walk(root);
  for (const path of all) {
    if (/\.(br|gz|map)$/.test(path)) continue;
    files.set(`/${path}`, { path, br: all.has(`${path}.br`), gzip: all.has(`${path}.gz`) });
  }
  return files;
}

/** The build's policies (written by the build from its Firebase settings); a build without them
 * gets the policies allowing the app's own origin only. */
function readBuildPolicies(root: string): BuildPolicies {
  const file = join(root, CSP_FILE);
  if (!existsSync(file)) return contentSecurityPolicies();
  const policies = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildPolicies>;
  if (typeof policies.page !== 'string' || typeof policies.worker !== 'string') throw new Error(`serve: ${file} lacks the page or worker policy`);
  return { page: policies.page, worker: policies.worker };
}

function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(text);
}

/** The URL path of a request, decoded; or the status to answer instead. */
function requestPath(url: string): string | number {
  // Origin-form only ('/path'); absolute-form and '*' are not for a static server.
  if (!url.startsWith('/') || url.startsWith('//')) return 400;
  if (url.length > URL_LIMIT) return 414;
  const raw = url.split(/[?#]/, 1)[0]!;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape (`/%ZZ`) must not throw out of the handler: that would end the process.
    return 400;
  }
  if (path.includes('\0')) return 400;
  const segments = path.split(/[/\\]/);
  // Nothing outside dist/: no `..` segment, whether it came escaped or not.
  if (segments.includes('..')) return 403;
  // Dotfiles (.env, .git, the build's header file) are never served, nor taken for client routes.
  if (segments.some((segment) => segment.startsWith('.'))) return 404;
  return path;
}

export function createAppServer(
  distDir = join(ROOT, 'dist'),
  env: Record<string, string | undefined> = process.env,
  options: AppServerOptions = {},
): Server {
  const root = resolve(distDir);
  const files = readFileTable(root);
  const shell = files.get('/index.html');
  // SIGNLEARN_CSP_REPORT_URI: where browsers report what the policy blocked (page and workers).
  const reportUri = env.SIGNLEARN_CSP_REPORT_URI?.trim();
  const report = reportUri ? `; report-uri ${reportUri}` : '';
  const policies = readBuildPolicies(root);
  const headers = securityHeaders(policies.page + report);
  const workerPolicy = policies.worker + report;
  const feedback = createFeedbackMiddleware(feedbackOptionsFromEnv(env));

  function serveFile(request: IncomingMessage, response: ServerResponse, file: StaticFile): void {
    const available = [...(file.br ? ['br'] : []), ...(file.gzip ? ['gzip'] : []), 'identity'];
    // Between encodings the browser rates alike, the smallest: Brotli, then gzip.
    const negotiator = new Negotiator(request) as unknown as EncodingNegotiator;
    const encoding = available.length > 1 ? (negotiator.encoding(available, { preferred: available }) ?? 'identity') : 'identity';
    if (available.length > 1) response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Content-Type', contentTypeOf(extname(file.path)));
    // Scripts carry the workers' policy: it applies only where one runs as a worker.
    if (/\.m?js$/.test(file.path)) response.setHeader('Content-Security-Policy', workerPolicy);
    response.setHeader('Cache-Control', file.path.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    const served = encoding === 'br' ? `${file.path}.br` : encoding === 'gzip' ? `${file.path}.gz` : file.path;
    if (served !== file.path) response.setHeader('Content-Encoding', encoding);
    // send: conditional requests (ETag, Last-Modified), ranges, HEAD, and stream errors as events.
    send(request, `/${served.split('/').map(encodeURIComponent).join('/')}`, { root, index: false, dotfiles: 'deny', cacheControl: false })
      .on('error', (error: { status?: number }) => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        for (const name of ['Content-Encoding', 'Vary', 'Cache-Control', 'Content-Type']) response.removeHeader(name);
        response.setHeader('Content-Security-Policy', headers['Content-Security-Policy']!);
        const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
        plain(response, status, status === 404 ? 'not found' : 'error');
      })
      .pipe(response);
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    feedback(request, response, () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        plain(response, 405, 'method not allowed', { Allow: 'GET, HEAD' });
        return;
      }
      const path = requestPath(request.url ?? '/');
      if (typeof path === 'number') {
        plain(response, path, { 403: 'forbidden', 404: 'not found', 414: 'URI too long' }[path] ?? 'bad request');
        return;
      }
      const file = files.get(path) ?? (extname(path) === '' ? shell : undefined);
      // Client-side routes get the app shell; missing assets a 404.
      if (!file) plain(response, 404, 'not found');
      else serveFile(request, response, file);
    });
  }

  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      connectionsCheckingInterval: options.connectionsCheckingIntervalMs ?? 1_000,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    },
    (request, response) => {
      try {
        handle(request, response);
      } catch (error) {
        // Whatever a request did, the process stays up: this request alone fails.
        console.error('serve:', error);
        if (!response.headersSent) plain(response, 500, 'error');
        else response.destroy();
      }
    },
  );
  server.maxConnections = options.maxConnections ?? 4096;
  server.maxHeadersCount = 200;
  return server;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  // SIGNLEARN_DIST_DIR: another build's folder (the test services serve theirs: built-app-server.ts).
  const distDir = resolve(ROOT, process.env.SIGNLEARN_DIST_DIR ?? 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`serve: ${distDir} has no build; run \`npm run build\` first`);
    process.exit(1);
  }
  createAppServer(distDir).listen(port, host, () => console.log(`serve: http://localhost:${port} (learning app: http://learn.localhost:${port})`));
}
