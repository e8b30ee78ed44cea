// Admin access to a Realtime Database over its REST API: the local emulator or stand-in with
// the credential "owner", production with an OAuth access token (or a legacy database secret).
// Used by the seed command, the feedback endpoints, the demo learner, the bench and the test
// harnesses; no Admin SDK needed.

export interface AdminDatabase {
  /** e.g. http://127.0.0.1:9000?ns=demo-signlearn or https://PROJECT-default-rtdb.firebaseio.com */
  databaseUrl: string;
  /** 'owner' for emulators; an OAuth2 access token for production. */
  accessToken?: string;
  /** A legacy database secret (sent as ?auth=), instead of accessToken. */
  databaseSecret?: string;
  /** Give up on a request after this long (a TimeoutError); no limit when absent. */
  timeoutMs?: number;
}

function restUrl(admin: AdminDatabase, path: string, query: Record<string, string> = {}): string {
  const base = new URL(admin.databaseUrl);
  const clean = path.replace(/^\/+|\/+$/g, '');
  const url = new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/${clean}.json`);
  for (const [key, value] of base.searchParams) url.searchParams.set(key, value);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  if (admin.databaseSecret) url.searchParams.set('auth', admin.databaseSecret);
  return url.toString();
}

async function call(admin: AdminDatabase, method: string, path: string, body?: unknown, query?: Record<string, string>): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (!admin.databaseSecret) headers.Authorization = `Bearer ${admin.accessToken ?? 'owner'}`;
  const request = (): Promise<Response> =>
    fetch(restUrl(admin, path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: admin.timeoutMs === undefined ? undefined : AbortSignal.timeout(admin.timeoutMs),
    });
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    // A kept-alive connection the server closed while this process was busy (the seed builds
    // references synchronously for seconds between writes, longer than the server's 5 s
    // keep-alive) fails the next request before anything was sent. Every request here is
    // idempotent (GET, PUT, PATCH with fixed values), so it is sent once more on a new connection.
    if (!isClosedIdleConnection(error)) throw error;
    response = await request();
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return text === '' ? null : JSON.parse(text);
}

/** Whether fetch failed because the server had closed the kept-alive connection it reused. */
export function isClosedIdleConnection(error: unknown): boolean {
  if (!(error instanceof TypeError) || !(error.cause instanceof Error)) return false;
  const cause = error.cause as Error & { code?: string };
  return cause.code === 'UND_ERR_SOCKET' || cause.code === 'ECONNRESET';
}

export const adminGet = (admin: AdminDatabase, path: string, query?: Record<string, string>) => call(admin, 'GET', path, undefined, query);
export const adminSet = (admin: AdminDatabase, path: string, value: unknown) => call(admin, 'PUT', path, value);
export const adminUpdate = (admin: AdminDatabase, path: string, patch: Record<string, unknown>) => call(admin, 'PATCH', path, patch);

/** The child keys of a node without downloading it (`shallow=true`). */
export async function adminKeys(admin: AdminDatabase, path: string): Promise<string[]> {
  const value = await adminGet(admin, path, { shallow: 'true' });
  return value && typeof value === 'object' ? Object.keys(value) : [];
}
