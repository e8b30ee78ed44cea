// A local stand-in for the Realtime Database emulator, for machines without Java 21 and the
// emulator jar. It is `firebase-server` (which speaks the client's WebSocket wire protocol and
// checks the security rules with targaryen) with three patches (patches/firebase-server+*.patch,
// applied by patch-package): the v9+ `get` message, `unauth`, and the emulator's admin
// credential "owner". Around it this module adds what the official emulator also has:
// - a REST surface for admins (`Authorization: Bearer owner`): GET, PUT, PATCH, DELETE
//   `/{path}.json`, used by the seed command and the feedback endpoints;
// - persistence that loses nothing acknowledged (database-store.ts): every write, from a client
//   or the REST surface, is appended to a journal and acknowledged only once it is on disk
//   (the patch makes firebase-server wait for `persist` before it answers 'ok'); the journal
//   is folded into the snapshot file on start, on a clean stop and when it grows large.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openDatabaseStore, recoverDatabase, type DatabaseStore } from './database-store.ts';
import type { TreeWrite } from './tree-operations.ts';

const require = createRequire(import.meta.url);

interface FirebaseServerInstance {
  baseRef: { child(path: string): FirebaseRef; on(event: 'value', cb: (snap: { exportVal(): unknown }) => void): void } & FirebaseRef;
  /** Set by this module (the patch calls it before acknowledging a write). */
  persist?: (write: TreeWrite) => Promise<void>;
  targaryen: {
    root: {
      $set(path: string, value: unknown, priority: unknown, now: number): unknown;
      $merge(path: string, patch: unknown, now: number): unknown;
      $child(path: string): { $value(): unknown };
    };
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
  /** Where the tree is persisted (snapshot; the journal sits beside it); omitted: memory only. */
  dataFile?: string;
  /** Journal size that triggers a compaction while running (default 64 MB). */
  rotateBytes?: number;
  log?: (line: string) => void;
}

export interface DatabaseStandIn {
  port: number;
  close(): Promise<void>;
  /** Folds the journal into the snapshot file now. */
  flush(): Promise<void>;
}

/** The internal database is offline, so its write promises never settle (they wait for a server
 * acknowledgement); the write itself is applied to the local tree at once. */
function applyLocally(write: Promise<void>): void {
  write.catch(() => undefined);
}

/** `value` past any '.value' wrapper: normalizeValue returns what '.value' holds whatever else is beside it. */
function unwrapped(value: unknown): unknown {
  while (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, '.value')) value = (value as Record<string, unknown>)['.value'];
  return value;
}

/** The children normalizeValue keeps of an object or array (no '.priority', none without data), unwrapped. */
function keptEntries(value: object): (readonly [string, unknown])[] {
  const entries = Array.isArray(value) ? value.map((entry, index) => [String(index), entry] as const) : Object.entries(value as Record<string, unknown>);
  return entries.filter(([key, entry]) => key !== '.priority' && holdsData(entry));
}

/** Whether normalizeValue(value) is not null, read without building it. */
function holdsData(value: unknown): boolean {
  const v = unwrapped(value);
  if (v === null || v === undefined) return false;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return true;
  if (typeof v !== 'object') return false;
  const entries = Array.isArray(v) ? v.map((entry, index) => [String(index), entry] as const) : Object.entries(v as Record<string, unknown>);
  return entries.some(([key, entry]) => key !== '.priority' && holdsData(entry));
}

/**
 * Deep equality of two database values as normalizeValue stores them, ignoring key order (arrays
 * are objects there), compared without building either normalized copy: the seed rewrites every
 * record (hundreds of kilobytes each) on every start, and a write over an empty path (a fresh
 * database's) is told changed at its first value.
 */
function sameValue(a: unknown, b: unknown): boolean {
  const x = unwrapped(a);
  const y = unwrapped(b);
  if (!holdsData(x)) return !holdsData(y);
  if (!holdsData(y)) return false;
  if (typeof x !== 'object' || typeof y !== 'object') return x === y;
  const xs = keptEntries(x!);
  const ys = new Map(keptEntries(y!));
  return xs.length === ys.size && xs.every(([key, value]) => ys.has(key) && sameValue(value, ys.get(key)));
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
  const log = options.log ?? (() => undefined);
  let initial: unknown = null;
  if (options.dataFile) {
    const recovery = recoverDatabase(options.dataFile);
    initial = recovery.tree;
    if (recovery.replayed > 0 || recovery.droppedLines > 0) {
      log(`database: replayed ${recovery.replayed} journalled writes into ${options.dataFile} in ${recovery.ms} ms${recovery.droppedLines ? ` (dropped ${recovery.droppedLines} line(s) a crash cut off, never acknowledged)` : ''}`);
    }
  }
  let store: DatabaseStore | null = null;
  const persist = (write: TreeWrite) => store?.persist(write) ?? Promise.resolve();

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
    if (url.pathname === '/.journal.json' && request.method === 'GET') {
      return send(200, store?.stats() ?? null);
    }
    const path = normalizePath(url.pathname);
    const ref = path === '' ? fb.baseRef : fb.baseRef.child(path);
    const now = Date.now();
    const current = () => fb!.targaryen.root.$child(path).$value();
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
        // The seed rewrites all content on every start: an unchanged value costs no journal line.
        if (sameValue(current(), value)) return send(200, value);
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$set(path, value, undefined, now), now });
        applyLocally(ref.set(value));
        await persist({ op: 'set', path, value });
        return send(200, value);
      }
      case 'PATCH': {
        const patch = await readBody(request);
        if (!patch || typeof patch !== 'object') return send(400, { error: 'PATCH needs an object' });
        const entries = Object.entries(patch as Record<string, unknown>);
        const unchanged = entries.every(([key, value]) => sameValue(fb!.targaryen.root.$child(path ? `${path}/${key}` : key).$value(), value));
        if (unchanged) return send(200, patch);
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$merge(path, patch, now), now });
        applyLocally(ref.update(patch));
        await persist({ op: 'update', path, value: patch as Record<string, unknown> });
        return send(200, patch);
      }
      case 'DELETE':
        if (current() === null) return send(200, null);
        fb.targaryen = fb.targaryen.with({ data: fb.targaryen.root.$set(path, null, undefined, now), now });
        applyLocally(ref.set(null));
        await persist({ op: 'set', path, value: null });
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

  if (options.dataFile) {
    const server = fb;
    store = openDatabaseStore({ dataFile: options.dataFile, snapshot: () => server.exportData(), rotateBytes: options.rotateBytes, log });
    fb.persist = persist;
  }

  return {
    port: options.port,
    flush: async () => {
      await store?.compact();
    },
    async close() {
      const server = fb;
      fb = null;
      // No new writes from here on; the store then waits for the pending ones and compacts.
      http.closeAllConnections?.();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (server) await server.close().catch(() => undefined);
      await store?.close();
      if (server) await server.app.delete().catch(() => undefined);
    },
  };
}
