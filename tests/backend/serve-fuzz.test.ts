// A stranger on the network against the production server (server/serve.ts, in its own process):
// malformed escapes, overlong paths, header floods, slow headers and bodies, bad methods, broken
// HTTP, request smuggling attempts, odd ranges, many connections, and random request targets.
// Each gets a clear 4xx or a closed connection, never a 5xx; the process stays up and keeps serving.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let base: string;
let child: ChildProcess;
let port: number;
let childOutput = '';

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'signlearn-fuzz-'));
  const dist = join(base, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app shell</title>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'export const app = 1;\n'.repeat(200));
  child = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests', 'backend', 'fixtures', 'serve-child.ts'), dist], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      childOutput += chunk.toString();
      const match = /port (\d+)/.exec(childOutput);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${childOutput}`)));
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(base, { recursive: true, force: true });
});

interface Exchange {
  /** The status of the first response, or 0 when none came. */
  status: number;
  /** Every byte the server sent. */
  text: string;
  /** Whether the server closed the connection before `waitMs` ran out. */
  closedByServer: boolean;
  ms: number;
}

/** Opens a connection, lets `talk` write to it, collects the answer until the server closes it or
 * `waitMs` passes. */
function exchange(talk: (write: (data: string | Buffer) => void) => Promise<void> | void, waitMs = 3_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, closedByServer, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closedByServer = Date.now() - started < waitMs;
      finish();
    });
    socket.on('connect', () => {
      void Promise.resolve(talk((data) => socket.writable && socket.write(data))).catch(() => undefined);
    });
  });
}

const request = (lines: string[], body = '') => exchange((write) => write(`${lines.join('\r\n')}\r\n\r\n${body}`));
const get = (target: string, headers: string[] = []) => request([`GET ${target} HTTP/1.1`, 'Host: learn.localhost', 'Connection: close', ...headers]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server still answers a plain request, and its process has not exited. */
async function expectAlive(): Promise<void> {
  expect(child.exitCode, childOutput).toBeNull();
  const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('app shell');
}

/** A clear client error, or a connection closed without an answer; never a server error. */
function expectRefused(result: Exchange, what: string): void {
  if (result.status === 0) expect(result.closedByServer, `${what}: neither answered nor closed`).toBe(true);
  else expect(result.status, `${what}: ${result.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(result.status, what).toBeLessThan(500);
}

describe('the production server under malformed and hostile requests', () => {
  it('bad escapes, traversal and odd paths: 400, 403 or 404 (or the app shell for a path that is merely odd)', async () => {
    const hostile = ['/%ZZ', '/%', '/%%', '/%u0041', '/%C0%AF', '/%ED%A0%80', '/a%00b', '/%2e%2e/%2e%2e/etc/passwd', '/..%5c..%5cwindows%5cwin.ini', '/assets/..%2f..%2fpackage.json', '/assets/%FF.js', '/.env', '/.security-headers.json', '/assets/index-AbC123.js.map'];
    for (const target of hostile) expectRefused(await get(target), target);
    // Unusual but valid: client routes with odd characters get the app shell.
    for (const target of ['/%E2%9C%8B', '/lessons;x=1', '/a//b', '/?%ZZ']) expect((await get(target)).status, target).toBe(200);
    await expectAlive();
  });

  it('an overlong path: 414; a request line past the header limit: 431', async () => {
    expect((await get(`/${'a'.repeat(3_000)}`)).status).toBe(414);
    expect((await get(`/${'a'.repeat(20_000)}`)).status).toBe(431);
    await expectAlive();
  });

  it('header floods: too many bytes of headers get 431; thousands of small headers do no harm', async () => {
    expect((await get('/', [`X-Big: ${'x'.repeat(20_000)}`])).status).toBe(431);
    expect((await get('/', Array.from({ length: 2_000 }, (_, i) => `X-H${i}: ${'v'.repeat(8)}`))).status).toBe(431);
    expect([200, 431]).toContain((await get('/', Array.from({ length: 500 }, (_, i) => `X-${i}: v`))).status);
    await expectAlive();
  });

  it('slow headers and slow bodies are cut off by the request timeouts', async () => {
    const slowHeaders = await exchange(async (write) => {
      write('GET / HTTP/1.1\r\nHost: learn.localhost\r\n');
      for (let i = 0; i < 40; i++) {
        await sleep(100);
        write(`X-Slow-${i}: y\r\n`);
      }
    }, 8_000);
    expect(slowHeaders.closedByServer).toBe(true);
    expect(slowHeaders.ms).toBeLessThan(4_000);
    expect([0, 408]).toContain(slowHeaders.status);

    const slowBody = await exchange(async (write) => {
      write('POST /receive_feedback HTTP/1.1\r\nHost: learn.localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"feedback":');
      for (let i = 0; i < 60; i++) {
        await sleep(100);
        write(' ');
      }
    }, 8_000);
    expect(slowBody.closedByServer).toBe(true);
    expect(slowBody.ms).toBeLessThan(5_000);
    expect([0, 408]).toContain(slowBody.status);
    await expectAlive();
  });

  it('bad methods and broken HTTP: 400 or 405, or the connection closed', async () => {
    for (const method of ['PUT', 'DELETE', 'TRACE', 'PROPFIND', 'PATCH']) {
      const result = await request([`${method} / HTTP/1.1`, 'Host: learn.localhost', 'Connection: close']);
      expect(result.status, method).toBe(405);
    }
    const broken = [
      'FOO / HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n',
      'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n',
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n',
      // Request smuggling: two lengths, or a length with chunked encoding.
      'POST /receive_feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
      'POST /receive_feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /receive_feedback HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      '\u0000\u0001\u0002\u0003garbage\r\n\r\n',
    ];
    for (const raw of broken) expectRefused(await exchange((write) => write(raw)), JSON.stringify(raw.slice(0, 60)));
    await expectAlive();
  });

  it('a body over the limit gets 413; impossible and abusive ranges get 416 or the whole file', async () => {
    const big = `{"feedback":"${'x'.repeat(1_000_000)}"}`;
    // The answer comes as soon as the declared length is read; the rest of the body may then meet a
    // closed connection (a reset can swallow the answer, hence the pause before it).
    const huge = await exchange(async (write) => {
      write(`POST /receive_feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n${big.slice(0, 10_000)}`);
      await sleep(300);
      write(big.slice(10_000));
    });
    expect(huge.status).toBe(413);
    const chunked = await exchange(async (write) => {
      write('POST /receive_feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n');
      for (let i = 0; i < 3; i++) write(`1000\r\n${'x'.repeat(4096)}\r\n`);
      await sleep(300);
      for (let i = 0; i < 20; i++) write(`1000\r\n${'x'.repeat(4096)}\r\n`);
      write('0\r\n\r\n');
    });
    expect(chunked.status).toBe(413);
    for (const range of ['bytes=5-2', 'bytes=abc', 'bytes=-', 'bytes=999999999-', `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`]) {
      const result = await get('/assets/index-AbC123.js', [`Range: ${range}`]);
      expect([200, 206, 416], range.slice(0, 40)).toContain(result.status);
    }
    await expectAlive();
  });

  it('many connections at once, then many idle ones: still serving', async () => {
    const burst = await Promise.all(Array.from({ length: 300 }, () => get('/assets/index-AbC123.js')));
    const answered = burst.filter((r) => r.status === 200).length;
    expect(burst.every((r) => r.status === 200 || r.status === 0)).toBe(true);
    expect(answered).toBeGreaterThan(0);
    // Idle connections that never send a byte are closed by the header timeout.
    const idle = Array.from({ length: 200 }, () => exchange(() => undefined, 6_000));
    await sleep(300);
    await expectAlive();
    const closed = await Promise.all(idle);
    expect(closed.filter((r) => r.closedByServer).length).toBe(200);
    await expectAlive();
  });

  it('random request targets and headers (fast-check): never a 5xx, never down', async () => {
    const target = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'/%.aZ09-_~?#;=&+\\:@!$*\'()[]{}|^`"<> '.split('')), maxLength: 60 }).map((s) => `/${s}`),
      fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`),
      fc.array(fc.constantFrom('%', '%2', '%2e', '..', '%2F', '%5C', '%00', '%C0', '%FF', 'x'), { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
    );
    const header = fc.tuple(fc.constantFrom('Range', 'Accept-Encoding', 'If-None-Match', 'If-Modified-Since', 'Host', 'Content-Length', 'X-Any'), fc.string({ unit: 'grapheme-ascii', maxLength: 40 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), target, fc.array(header, { maxLength: 4 }), async (method, path, headers) => {
        const lines = [`${method} ${path.replace(/[\r\n ]/g, '%20')} HTTP/1.1`, 'Host: learn.localhost', 'Connection: close', ...headers.map(([name, value]) => `${name}: ${value.replace(/[\r\n]/g, '')}`)];
        const result = await request(lines);
        expect(result.status, lines.join(' | ')).toBeLessThan(500);
        expect(result.status !== 0 || result.closedByServer, lines.join(' | ')).toBe(true);
      }),
      { numRuns: 300 },
    );
    await expectAlive();
  });
});
