// A small static server for the browser bench pages. Every file is served twice:
// under `/coi/...` with COOP/COEP (the page is crossOriginIsolated, so SharedArrayBuffer and WASM
// threads are allowed) and under `/...` without them (single-threaded WASM). All files are local:
// the bench pages, the clips, and the models and WASM binaries from the npm packages' own folders.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CROSS_ORIGIN_ISOLATION, contentTypeOf } from '../../server/http-headers.ts';

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** mounts: URL prefix (e.g. '/clips/') to a folder on disk. */
export async function startStaticServer(
  mounts: Record<string, string>,
  portRange: [number, number] = [5400, 5499],
  /**
   * 'no-store' (default): every load fetches everything again. 'revalidate': as the production
   * server sends the models (server/serve.ts: `no-cache` with an ETag), so a second visit asks
   * again and gets 304 Not Modified: the browser's HTTP cache, measured.
   */
  caching: 'no-store' | 'revalidate' = 'no-store',
): Promise<StaticServer> {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const isolated = path.startsWith('/coi/');
    if (isolated) path = path.slice(4);
    if (isolated) for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION)) res.setHeader(name, value);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    // Every page load fetches its models again: first-frame latency includes the model load.
    res.setHeader('Cache-Control', caching === 'revalidate' ? 'no-cache' : 'no-store');
    const prefix = prefixes.find((p) => path.startsWith(p));
    if (!prefix) {
      res.writeHead(404).end('not found');
      return;
    }
    const base = mounts[prefix]!;
    const file = normalize(join(base, path.slice(prefix.length)));
    if (!file.startsWith(normalize(base) + sep) && file !== normalize(base)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    if (caching === 'revalidate') {
      const stats = statSync(file);
      const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
    }
    res.setHeader('Content-Type', contentTypeOf(extname(file)));
    res.setHeader('Content-Length', statSync(file).size);
    createReadStream(file).pipe(res);
  });
  const port = await listenOnFreePort(server, portRange);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function listenOnFreePort(server: Server, [from, to]: [number, number]): Promise<number> {
  // Start at a random port of the range so that two bench runs at once rarely collide.
  const span = to - from + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((start + i) % span);
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`bench: no free port in ${from}-${to}`);
}
