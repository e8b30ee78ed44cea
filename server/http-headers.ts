// Response headers every server of this project sends: the app's (Vite dev and preview, the Node
// server), the bench's and the tracker test page's.

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
