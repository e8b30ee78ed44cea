// Response headers every server of this project sends: the app's (Vite dev and preview, the Node
// server), the bench's and the tracker test page's; and the production server's security headers.

/**
 * Cross-origin isolation (COOP/COEP) lets TF.js use multi-threaded WASM (SharedArrayBuffer); every
 * server that serves the app must send these headers.
 */
export const CROSS_ORIGIN_ISOLATION: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Content-Type by file extension for the static files served here (models, WASM, pages, media). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type of a file by its extension (e.g. '.wasm'); unknown ones are octet streams. */
export const contentTypeOf = (extension: string): string => CONTENT_TYPES[extension] ?? 'application/octet-stream';

/** Origins the app reaches besides its own, from the build's Firebase settings
 * (src/lib/firebase/config.ts `firebaseOrigins`). */
export interface AppOrigins {
  /** fetch, XHR and WebSocket: the identity provider and the database. */
  connect: readonly string[];
}

/** Written by the build beside index.html, read by the server; a dotfile, so never served. */
export const CSP_FILE = '.content-security-policy.json';

/** The build's two policies: the pages', and the one sent with JavaScript files, which takes
 * effect only where a script runs as a worker (a script loaded by a page runs under the page's). */
export interface BuildPolicies {
  page: string;
  worker: string;
}

/**
 * The Content-Security-Policy the built app runs under (checked by a whole session with a practice
 * lesson in tests/e2e/serve/hosts.test.ts and the live tracker in tests/e2e/serve/csp.test.ts):
 * - scripts from its own origin only, plus 'wasm-unsafe-eval': TF.js compiles its WASM backend and
 *   the angle kernel instantiates WebAssembly from bytes; no eval, no inline script;
 * - workers from its own origin (the tracker) and blob: (the free-core probe's helper, and the
 *   WASM backend's threads, start from blob URLs);
 * - styles from its own origin plus inline ones: the toast library inserts its stylesheet as a
 *   <style> element at run time;
 * - images, video and camera frames from its own origin, data: and blob:;
 * - nothing may frame the app, no plugins, no <base>, forms post to its own origin only.
 * The workers' policy adds blob: to script-src, for their own workers only: tfjs-backend-wasm's
 * threads, started by the tracker worker, load their code with importScripts(blob:).
 */
export function contentSecurityPolicies(origins: AppOrigins = { connect: [] }): BuildPolicies {
  const policy = (scriptExtra: readonly string[]) => {
    const directives: Array<[string, ...string[]]> = [
      ['default-src', "'self'"],
      ['script-src', "'self'", "'wasm-unsafe-eval'", ...scriptExtra],
      ['worker-src', "'self'", 'blob:'],
      ['connect-src', "'self'", ...origins.connect],
      ['img-src', "'self'", 'data:', 'blob:'],
      ['media-src', "'self'", 'blob:'],
      ['style-src', "'self'", "'unsafe-inline'"],
      ['font-src', "'self'"],
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'self'"],
      ['frame-ancestors', "'none'"],
    ];
    return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
  };
  return { page: policy([]), worker: policy(['blob:']) };
}

/**
 * What every response of the production server carries besides cross-origin isolation: the CSP,
 * no MIME sniffing, no framing (the CSP's frame-ancestors, X-Frame-Options for older browsers), the
 * origin alone as referrer to other sites (Firebase API keys restricted by referrer still work),
 * and the camera for this origin only.
 */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    ...CROSS_ORIGIN_ISOLATION,
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  };
}
