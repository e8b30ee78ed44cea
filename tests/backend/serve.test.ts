// The Node server for a built app (server/serve.ts): cross-origin isolation and the security headers
// on every response (TF.js needs COOP/COEP for threaded WASM), content types, the build's
// Brotli/gzip copies, caching, the app shell for client routes, nothing outside dist/, no source
// maps or dotfiles. Malformed and hostile requests: serve-fuzz.test.ts.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/serve.ts';
import { precompressFolder } from '../../server/precompress.ts';
import { CSP_FILE } from '../../server/http-headers.ts';

const BUILD_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' http://127.0.0.1:9099; frame-ancestors 'none'";
const WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; connect-src 'self' http://127.0.0.1:9099; frame-ancestors 'none'";
/** A GET through node:http: the bytes as they travelled, and no header added by the client (fetch
 * adds `Cache-Control: no-cache` to conditional requests). */
function rawGet(target: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(target, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const BUNDLE = `export const app = ${JSON.stringify('signlearn '.repeat(2000))};\n`;

let base: string;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'signlearn-serve-'));
  const dist = join(base, 'dist');
  mkdirSync(join(dist, 'models', 'wasm'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(dist, 'models', 'wasm', 'tfjs-backend-wasm-simd.wasm'), new Uint8Array([0, 97, 115, 109]));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), BUNDLE);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.map'), '{"version":3,"sources":["../src/main.tsx"],"mappings":""}');
  writeFileSync(join(dist, 'models', 'pose.json'), JSON.stringify({ weights: Array.from({ length: 500 }, (_, i) => ({ name: `layer${i}`, shape: [3, 3] })) }));
  writeFileSync(join(dist, CSP_FILE), JSON.stringify({ page: BUILD_CSP, worker: WORKER_CSP }));
  await precompressFolder(dist);
  mkdirSync(join(base, 'dist-old'));
  writeFileSync(join(base, 'dist-old', 'secret.txt'), 'not for the web');
  const server = createAppServer(dist, {}).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  rmSync(base, { recursive: true, force: true });
});

describe('createAppServer', () => {
  it('sends COOP/COEP with every response, files, the app shell and errors alike', async () => {
    for (const path of ['/', '/camera?level=0&chapter=0&lesson=0', '/models/wasm/tfjs-backend-wasm-simd.wasm', '/missing.js']) {
      const response = await fetch(url + path);
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy'), path).toBe('require-corp');
    }
  });

  it('serves WASM as application/wasm and client routes as the app shell; a missing asset is a 404', async () => {
    const wasm = await fetch(`${url}/models/wasm/tfjs-backend-wasm-simd.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    const route = await fetch(`${url}/lessons`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('app shell');
    expect((await fetch(`${url}/assets/nothing.js`)).status).toBe(404);
  });

  it('serves nothing outside dist/, not even a sibling folder whose name starts the same', async () => {
    for (const path of ['/..%2Fdist-old%2Fsecret.txt', '/..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(url + path);
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toContain('not for the web');
    }
  });

  it('answers a malformed escape with 400 and keeps serving', async () => {
    for (const path of ['/%ZZ', '/%', '/assets/%E0%A4%A.js']) {
      const response = await fetch(url + path);
      expect(response.status, path).toBe(400);
    }
    expect((await fetch(`${url}/`)).status).toBe(200);
  });

  it('answers a method other than GET and HEAD with 405 and the allowed methods', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'POST']) {
      const response = await fetch(`${url}/`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});

describe('security headers', () => {
  const paths = ['/', '/login', '/assets/index-AbC123.js', '/models/wasm/tfjs-backend-wasm-simd.wasm', '/missing.js', '/%ZZ', '/..%2Fdist-old%2Fsecret.txt'];

  it('every response carries the build\'s Content-Security-Policy, nosniff, no framing and a referrer policy', async () => {
    const responses = [...(await Promise.all(paths.map((path) => fetch(url + path)))), await fetch(`${url}/`, { method: 'DELETE' }), await fetch(`${url}/receive_feedback`, { method: 'GET' })];
    for (const response of responses) {
      const where = `${response.status} ${response.url}`;
      // JavaScript files carry the workers' policy (it applies only to a script run as a worker).
      expect(response.headers.get('content-security-policy'), where).toBe(response.status === 200 && response.url.endsWith('.js') ? WORKER_CSP : BUILD_CSP);
      expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), where).toBe('DENY');
      expect(response.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-resource-policy'), where).toBe('same-origin');
      expect(response.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy'), where).toBe('require-corp');
    }
  });

  it('a build without a policy file gets one allowing its own origin only, never none at all', async () => {
    const bare = join(base, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'index.html'), '<!doctype html><title>bare</title>');
    const server = createAppServer(bare, {}).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('only what it must, compressed', () => {
  it('sends the Brotli copy to a browser that takes br, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const asset = `${url}/assets/index-AbC123.js`;
    const br = await fetch(asset, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes what it asked for; a raw read shows what travelled.
    const raw = async (encoding: string) => {
      const response = await rawGet(asset, { 'Accept-Encoding': encoding });
      return { encoding: response.headers['content-encoding'], body: response.body };
    };
    const brotli = await raw('br');
    expect(brotli.encoding).toBe('br');
    expect(brotli.body.length).toBeLessThan(BUNDLE.length / 10);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(BUNDLE);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BUNDLE);
    const identity = await raw('identity');
    expect(identity.encoding).toBeUndefined();
    expect(identity.body.toString()).toBe(BUNDLE);
    // br refused outright (q=0): gzip instead.
    expect((await raw('br;q=0, gzip')).encoding).toBe('gzip');
  });

  it('hashed assets are cached for a year, everything else revalidated (ETag, 304)', async () => {
    const asset = await fetch(`${url}/assets/index-AbC123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const shell = await fetch(`${url}/lessons`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const model = await rawGet(`${url}/models/pose.json`, { 'Accept-Encoding': 'br' });
    expect(model.headers['cache-control']).toBe('no-cache');
    expect(model.headers['content-encoding']).toBe('br');
    const etag = model.headers.etag;
    expect(etag).toBeTruthy();
    const again = await rawGet(`${url}/models/pose.json`, { 'Accept-Encoding': 'br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves no source map, no compressed copy by its own name and no dotfile', async () => {
    for (const path of ['/assets/index-AbC123.js.map', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', `/${CSP_FILE}`]) {
      expect((await fetch(url + path)).status, path).toBe(404);
    }
  });

  it('answers a byte range, and an impossible one with 416, not a crash', async () => {
    const part = await fetch(`${url}/assets/index-AbC123.js`, { headers: { Range: 'bytes=0-5', 'Accept-Encoding': 'identity' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(BUNDLE.slice(0, 6));
    for (const range of ['bytes=5-2', 'bytes=999999999-', 'bytes=-0']) {
      const response = await fetch(`${url}/assets/index-AbC123.js`, { headers: { Range: range, 'Accept-Encoding': 'identity' } });
      expect([200, 206, 416], range).toContain(response.status);
      await response.arrayBuffer();
    }
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});
