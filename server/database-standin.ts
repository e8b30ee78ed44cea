// A local stand-in for the Realtime Database emulator, for machines without Java 21 and the
// emulator jar. It is `firebase-server` (which speaks the client's WebSocket wire protocol and
// checks the security rules with targaryen) with three patches (patches/firebase-server+*.patch,
// applied by patch-package): the v9+ `get` message, `unauth`, and the emulator's admin
// credential "owner". Around it this module adds what the official emulator also has:
// - a REST surface for admins (`Authorization: Bearer owner`): GET, PUT, PATCH, DELETE
//   `/{path}.json`, used by the seed command and the feedback endpoints;
// - persistence: the whole tree is written to a JSON file (debounced, and on close).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, readFileSync, renameSync, existsSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface FirebaseServerInstance {
  baseRef: { child(path: string): FirebaseRef; on(event: 'value', cb: (snap: { exportVal(): unknown }) => void): void } & FirebaseRef;
  targaryen: {
    root: { $set(path: string, value: unknown, priority: unknown, now: number): unknown; $merge(path: string, patch: unknown, now: number): unknown };
    with(updates: { data: unknown; now: number }): FirebaseServerInstance['targaryen'];
  };
  setRules(rules: unknown): void;
  exportData(): Promise<unknown>;
  close(): Promise<void>;
  app: { delete(): Promise<void> };
}
interface FirebaseRef {
  set(value: unknown): Promise<void>;
  update(value: unknown): Promise<void>;
  once(event: 'value'): Promise<{ exportVal(): unknown; val(): unknown }>;
}

export interface DatabaseStandInOptions {
  host?: string;
  port: number;
  /** Path of database.rules.json (the production rules). */
  rulesFile: string;
  /** Where the tree is persisted; omitted: memory only. */
  dataFile?: string;
}

export interface DatabaseStandIn {
  port: number;
  close(): Promise<void>;
  /** Writes the tree to dataFile now. */
  flush(): Promise<void>;
}

/** The internal database is offline, so its write promises never settle (they wait for a server
 * acknowledgement); the write itself is applied to the local tree at once. */
function applyLocally(write: Promise<void>): void {
  write.catch(() => undefined);
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function isAdmin(request: IncomingMessage, url: URL): boolean {
  return request.headers.authorization === 'Bearer owner' || url.searchParams.get('access_token') === 'owner';
}

function normalizePath(pathname: string): string {
  return decodeURIComponent(pathname.replace(/\.json$/, '')).replace(/^\/+|\/+$/g, '');
}

export async function startDatabaseStandIn(options: DatabaseStandInOptions): Promise<DatabaseStandIn> {
  const FirebaseServer = require('firebase-server') as new (
    options: { server: Server },
    name: string,
    data: unknown,
  ) => FirebaseServerInstance;
  const host = options.host ?? '127.0.0.1';
  const initial = options.dataFile && existsSync(options.dataFile) ? readJson(options.dataFile) : null;

  let fb: FirebaseServerInstance | null = null;
  const http = createServer((request, response) => {
    handleRest(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });

  async function readBody(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? null : JSON.parse(text);
  }

  async function handleRest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!fb) return send(503, { error: 'starting' });
    if (!url.pathname.endsWith('.json')) return send(404, { error: 'not found' });
    if (!isAdmin(request, url)) return send(401, { error: 'Permission denied: the stand-in REST API is admin-only (Bearer owner)' });
    const path = normalizePath(url.pathname);
    const ref = path === '' ? fb.baseRef : fb.baseRef.child(path);
    const now = Date.now();
    switch (request.method) {
      case 'GET': {
        const value = (await ref.once('value')).val();
        if (url.searchParams.get('shallow') === 'true' && value && typeof value === 'object') {
          return send(200, Object.fromEntries(Object.keys(value).map((key) => [key, true])));
        }
        return send(200, value);
      }
      case 'PUT': {
        const value = await readBody(request);
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$set(path, value, undefined, now), now });
        applyLocally(ref.set(value));
        return send(200, value);
      }
      case 'PATCH': {
        const patch = await readBody(request);
        if (!patch || typeof patch !== 'object') return send(400, { error: 'PATCH needs an object' });
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$merge(path, patch, now), now });
        applyLocally(ref.update(patch));
        return send(200, patch);
      }
      case 'DELETE':
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$set(path, null, undefined, now), now });
        applyLocally(ref.set(null));
        return send(200, null);
      default:
        return send(405, { error: 'method not allowed' });
    }
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  // The handshake's host name is where the client reconnects, so it must be this address.
  fb = new FirebaseServer({ server: http }, `${host}:${options.port}`, initial);
  fb.setRules(readJson(options.rulesFile));

  let writeTimer: NodeJS.Timeout | null = null;
  let latest: unknown = initial;
  const flush = async () => {
    if (!options.dataFile || !fb) return;
    if (writeTimer) clearTimeout(writeTimer);
    writeTimer = null;
    latest = await fb.exportData();
    mkdirSync(dirname(options.dataFile), { recursive: true });
    const temp = `${options.dataFile}.tmp`;
    writeFileSync(temp, JSON.stringify(latest));
    renameSync(temp, options.dataFile);
  };
  if (options.dataFile) {
    fb.baseRef.on('value', () => {
      if (writeTimer) return;
      writeTimer = setTimeout(() => void flush(), 200);
    });
  }

  return {
    port: options.port,
    flush,
    async close() {
      await flush();
      const server = fb;
      fb = null;
      if (server) {
        await server.close().catch(() => undefined);
        await server.app.delete().catch(() => undefined);
      }
      http.closeAllConnections?.();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
