// The Node server for a built app (server/serve.ts): cross-origin isolation on every response (TF.js
// needs it for threaded WASM), content types, the app shell for client routes, nothing outside dist/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../server/serve.ts';

let base: string;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'signlearn-serve-'));
  const dist = join(base, 'dist');
  mkdirSync(join(dist, 'models', 'wasm'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(dist, 'models', 'wasm', 'tfjs-backend-wasm-simd.wasm'), new Uint8Array([0, 97, 115, 109]));
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
});
