// The admin REST client when the server has closed the kept-alive connection a request reuses:
// the seed builds references synchronously for seconds between writes (minutes under strace in
// the clone test), the server drops the idle socket meanwhile, and the next write must still land,
// sent once more on a new connection. A server that is not there at all stays an error.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { adminSet } from '../../server/admin-rest.ts';
import { freePort } from './helpers.ts';

let server: Server | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** fetch's own failure for a socket the other side closed (undici's UND_ERR_SOCKET). */
function closedSocketFailure(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
}

async function echoServer(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(body);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}?ns=test`, bodies };
}

describe('the admin REST client', () => {
  test('a write whose kept-alive connection was closed is sent once more, and lands once', async () => {
    const { url, bodies } = await echoServer();
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    fetchSpy.mockRejectedValueOnce(closedSocketFailure()).mockImplementation((input, init) => realFetch(input, init));

    expect(await adminSet({ databaseUrl: url, accessToken: 'owner' }, 'signs/A', { name: 'A' })).toEqual({ name: 'A' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(bodies).toEqual(['PUT /signs/A.json?ns=test {"name":"A"}']);
  });

  test('a connection closed twice in a row is an error, not a loop', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(closedSocketFailure());
    await expect(adminSet({ databaseUrl: 'http://127.0.0.1:9?ns=test', accessToken: 'owner' }, 'levels', [1])).rejects.toThrow('fetch failed');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  test('a database that is not there is an error at once', async () => {
    const port = await freePort();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await expect(adminSet({ databaseUrl: `http://127.0.0.1:${port}?ns=test`, accessToken: 'owner' }, 'levels', [1])).rejects.toThrow(/fetch failed/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
