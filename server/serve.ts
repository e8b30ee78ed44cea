// The Node server for a built app (`npm run build`, then `npm run serve`): serves dist/ with the
// cross-origin isolation headers TF.js needs (COOP/COEP), falls back to index.html for client
// routes, and mounts the feedback endpoints on the same origin.
//   PORT (default 8080), HOST (default 127.0.0.1); Firebase settings as in README "Backend".
import { createServer } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createFeedbackMiddleware, feedbackOptionsFromEnv } from './feedback.ts';
import { CROSS_ORIGIN_ISOLATION, contentTypeOf } from './http-headers.ts';
import { ROOT } from './paths.ts';

export function createAppServer(distDir = join(ROOT, 'dist'), env: Record<string, string | undefined> = process.env) {
  const root = resolve(distDir);
  const feedback = createFeedbackMiddleware(feedbackOptionsFromEnv(env));
  return createServer((request, response) => {
    for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION)) response.setHeader(name, value);
    feedback(request, response, () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { 'Content-Type': 'text/plain' }).end('method not allowed');
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      } catch {
        // A malformed escape (`/%ZZ`) must not throw out of the handler: that would end the process.
        response.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad request');
        return;
      }
      let file = normalize(join(root, pathname));
      // Inside dist/ only: a bare prefix test would also let through a sibling such as dist-old/.
      if (file !== root && !file.startsWith(root + sep)) {
        response.writeHead(403).end();
        return;
      }
      if (!existsSync(file) || statSync(file).isDirectory()) {
        // Client-side routes get the app shell; missing assets a 404.
        if (extname(pathname) !== '') {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
        file = join(root, 'index.html');
      }
      const type = contentTypeOf(extname(file));
      const immutable = file.includes(`${join(root, 'assets')}`);
      response.writeHead(200, {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename ?? '')) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    console.error('serve: dist/ has no build; run `npm run build` first');
    process.exit(1);
  }
  createAppServer().listen(port, host, () => console.log(`serve: http://localhost:${port} (learning app: http://learn.localhost:${port})`));
}
