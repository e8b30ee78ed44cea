// The Auth port clients talk to: a pass-through to firebase-tools' Auth emulator (which listens
// on a private port) that, when a store is given, makes every account change durable before the
// client sees the answer: after a change succeeds, the accounts it touched are read back from the
// emulator with the admin credential (accounts:lookup; the whole set when the change does not say
// which) and appended to the Auth journal (auth-store.ts), fsynced; only then is the emulator's
// answer passed on. Concurrent changes share one read-back and one fsync (group commit).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AuthAccount, AuthJournalEntry, AuthState, AuthStore } from './auth-store.ts';

export interface AuthEmulatorAdmin {
  /** http://127.0.0.1:PORT of the emulator itself. */
  baseUrl: string;
  projectId: string;
}

async function adminCall(admin: AuthEmulatorAdmin, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${admin.baseUrl}${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Auth emulator ${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const toolkit = (admin: AuthEmulatorAdmin, operation: string) => `/identitytoolkit.googleapis.com/v1/projects/${admin.projectId}/accounts${operation}`;

export async function lookupAccounts(admin: AuthEmulatorAdmin, uids: string[]): Promise<AuthAccount[]> {
  const answer = (await adminCall(admin, 'POST', toolkit(admin, ':lookup'), { localId: uids })) as { users?: AuthAccount[] };
  return answer.users ?? [];
}

export async function allAccounts(admin: AuthEmulatorAdmin): Promise<AuthAccount[]> {
  const answer = (await adminCall(admin, 'GET', `${toolkit(admin, ':batchGet')}?maxResults=-1`)) as { users?: AuthAccount[] };
  return answer.users ?? [];
}

export async function emulatorConfig(admin: AuthEmulatorAdmin): Promise<unknown> {
  return adminCall(admin, 'GET', `/emulator/v1/projects/${admin.projectId}/config`);
}

export async function currentAuthState(admin: AuthEmulatorAdmin): Promise<AuthState> {
  const [accounts, config] = await Promise.all([allAccounts(admin), emulatorConfig(admin)]);
  return { accounts, config };
}

/**
 * Loads saved accounts and config into a freshly started emulator (what `--import` does). Every
 * account must load: the reconciliation that follows deletes database records whose account is
 * missing, so a partial load stops the start instead.
 */
export async function loadAuthState(admin: AuthEmulatorAdmin, state: AuthState): Promise<void> {
  if (state.config && typeof state.config === 'object') {
    await adminCall(admin, 'PATCH', `/emulator/v1/projects/${admin.projectId}/config`, state.config);
  }
  for (let start = 0; start < state.accounts.length; start += 1000) {
    const answer = (await adminCall(admin, 'POST', toolkit(admin, ':batchCreate'), { users: state.accounts.slice(start, start + 1000) })) as {
      error?: Array<{ index: number; message: string }>;
    };
    if (answer?.error?.length) {
      throw new Error(`Auth emulator refused ${answer.error.length} saved account(s), e.g. ${answer.error[0]!.message}; the start stops before anything is reconciled`);
    }
  }
  const loaded = (await allAccounts(admin)).length;
  if (loaded < state.accounts.length) throw new Error(`Auth emulator holds ${loaded} of ${state.accounts.length} saved accounts; the start stops before anything is reconciled`);
}

export async function deleteAccounts(admin: AuthEmulatorAdmin, uids: string[]): Promise<void> {
  if (uids.length > 0) await adminCall(admin, 'POST', toolkit(admin, ':batchDelete'), { localIds: uids, force: true });
}

/** What a successful request changed: some accounts, all of them, the config, or nothing. */
export type AuthChange = { uids: string[] } | 'all' | 'config' | null;

// Requests that change nothing the export holds (sign-in only moves lastLoginAt; codes are not exported).
const READ_ONLY = /accounts:(lookup|createAuthUri|sendOobCode|sendVerificationCode|query|batchGet|signInWithPassword|verifyIosClient)$/;

function uidOfToken(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id?: unknown; sub?: unknown };
    const uid = payload.user_id ?? payload.sub;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}

export function changeOf(method: string, pathname: string, requestBody: unknown, responseBody: unknown): AuthChange {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  if (pathname.startsWith('/emulator/v1/')) {
    if (/\/config$/.test(pathname)) return 'config';
    if (/\/accounts$/.test(pathname)) return 'all';
    return null; // oobCodes, verificationCodes: not part of the saved state
  }
  if (pathname.startsWith('/securetoken.googleapis.com/')) return null;
  if (!pathname.startsWith('/identitytoolkit.googleapis.com/')) return null;
  if (READ_ONLY.test(pathname)) return null;
  const req = (requestBody ?? {}) as Record<string, unknown>;
  const res = (responseBody ?? {}) as Record<string, unknown>;
  const uids = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value) uids.add(value);
    if (Array.isArray(value)) for (const v of value) add(v);
  };
  add(res.localId);
  add(req.localId);
  add(req.localIds);
  add(uidOfToken(req.idToken));
  add(uidOfToken(res.idToken));
  if (Array.isArray(req.users)) for (const user of req.users) add((user as { localId?: unknown })?.localId);
  return uids.size > 0 ? { uids: [...uids] } : 'all';
}

function parseJson(buffer: Buffer): unknown {
  if (buffer.length === 0) return null;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return null;
  }
}

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface AuthProxy {
  port: number;
  close(): Promise<void>;
}

export async function startAuthProxy(options: {
  host: string;
  port: number;
  admin: AuthEmulatorAdmin;
  /** Omitted: a plain pass-through (nothing is kept, as in the tests' fresh emulators). */
  store?: AuthStore;
  log?: (line: string) => void;
}): Promise<AuthProxy> {
  const target = new URL(options.admin.baseUrl);
  const pending: Array<{ change: Exclude<AuthChange, null>; done: (error?: Error) => void }> = [];
  let saving: Promise<void> | null = null;

  // One read-back and one journal line for every change that arrived meanwhile.
  const saveLoop = async () => {
    while (pending.length > 0) {
      const batch = pending.splice(0);
      try {
        const entry: AuthJournalEntry = {};
        if (batch.some((item) => item.change === 'all')) {
          entry.all = await allAccounts(options.admin);
        } else {
          const uids = [...new Set(batch.flatMap((item) => (typeof item.change === 'object' ? item.change.uids : [])))];
          if (uids.length > 0) {
            entry.put = await lookupAccounts(options.admin, uids);
            const found = new Set(entry.put.map((account) => account.localId));
            entry.del = uids.filter((uid) => !found.has(uid));
          }
        }
        if (batch.some((item) => item.change === 'config')) entry.config = await emulatorConfig(options.admin);
        await options.store!.append(entry);
        for (const item of batch) item.done();
      } catch (error) {
        for (const item of batch) item.done(error as Error);
      }
    }
    saving = null;
  };
  const save = (change: Exclude<AuthChange, null>) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ change, done: (error) => (error ? reject(error) : resolve()) });
      saving ??= saveLoop();
    });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readAll(request);
      const upstream = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
        const forward = httpRequest(
          { host: target.hostname, port: Number(target.port), method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
          (answer) => {
            readAll(answer).then((data) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: data }), reject);
          },
        );
        forward.once('error', reject);
        forward.end(body);
      });
      if (options.store && upstream.status >= 200 && upstream.status < 300) {
        const url = new URL(request.url ?? '/', 'http://proxy');
        const change = changeOf(request.method ?? 'GET', url.pathname, parseJson(body), parseJson(upstream.body));
        if (change) {
          try {
            await save(change);
          } catch (error) {
            options.log?.(`auth: a change could not be saved, answered 503: ${(error as Error).message}`);
            response.writeHead(503, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify({ error: { code: 503, message: 'UNAVAILABLE : the account change could not be saved' } }));
            return;
          }
        }
      }
      const headers = { ...upstream.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(upstream.body.length);
      response.writeHead(upstream.status, headers);
      response.end(upstream.body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 502, message: `auth proxy: ${(error as Error).message}` } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: options.port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      while (saving) await saving;
    },
  };
}
