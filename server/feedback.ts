// The two HTTP endpoints of product.md §7 Calls, as a Connect-style middleware that Vite's dev and
// preview servers and the Node server mount, so they share the app's origin:
//   POST /receive_feedback       {feedback}
//   POST /receive_feedback_sign  {feedback, email, sign}
// Input is validated (feedback 10-500 characters, email well-formed, sign must exist), rate-limited
// per client address, and stored in the database under write-only paths (`feedback/`,
// `signFeedback/`) with a timestamp and, when a valid ID token is sent, the uid.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { adminKeys, adminSet, type AdminDatabase } from './admin-rest.ts';

export const FEEDBACK_MIN = 10;
export const FEEDBACK_MAX = 500;
const MAX_BODY_BYTES = 8 * 1024;

const feedbackText = z
  .string({ error: 'feedback must be a string' })
  .trim()
  .min(FEEDBACK_MIN, `feedback must be at least ${FEEDBACK_MIN} characters`)
  .max(FEEDBACK_MAX, `feedback must be at most ${FEEDBACK_MAX} characters`);

export const feedbackBodySchema = z.strictObject({ feedback: feedbackText });
export const signFeedbackBodySchema = z.strictObject({
  feedback: feedbackText,
  email: z.email({ error: 'email must be a valid email address' }).max(320),
  sign: z.string({ error: 'sign must be a string' }).regex(/^[A-Za-z0-9_ -]{1,64}$/, 'sign must be a sign name'),
});

export interface FeedbackOptions {
  admin: AdminDatabase;
  /** Base URL of the Identity Toolkit API used to check ID tokens: the Auth emulator
   * (http://127.0.0.1:9099/identitytoolkit.googleapis.com) or https://identitytoolkit.googleapis.com */
  identityToolkitUrl: string;
  /** Web API key for the lookup (any value works against the emulator). */
  apiKey: string;
  /** Requests per client address per window (default 20 per minute). */
  rateLimit?: { max: number; windowMs: number };
  /** How long the list of existing signs is cached (ms). */
  signCacheMs?: number;
}

type Next = (error?: unknown) => void;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const type = String(request.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported-media-type', 'Content-Type must be application/json');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'payload-too-large', `body must be at most ${MAX_BODY_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'payload-too-large', `body must be at most ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid-json', 'body is not valid JSON');
  }
}

/** Fixed-window counter per client address. */
export function createRateLimiter(max: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): { allowed: boolean; retryAfterS: number } => {
    let entry = windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      windows.set(key, entry);
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
      }
    }
    entry.count += 1;
    return { allowed: entry.count <= max, retryAfterS: Math.ceil((entry.start + windowMs - now) / 1000) };
  };
}

/** A push-id-like key: time-ordered, unguessable. */
function entryKey(now: number): string {
  return `${now.toString(36).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;
}

export function createFeedbackMiddleware(options: FeedbackOptions) {
  const limit = options.rateLimit ?? { max: 20, windowMs: 60_000 };
  const rateLimit = createRateLimiter(limit.max, limit.windowMs);
  const signCacheMs = options.signCacheMs ?? 60_000;
  let signCache: { at: number; names: Set<string> } | null = null;

  async function signExists(sign: string): Promise<boolean> {
    if (!signCache || Date.now() - signCache.at > signCacheMs || !signCache.names.has(sign)) {
      signCache = { at: Date.now(), names: new Set(await adminKeys(options.admin, 'signs')) };
    }
    return signCache.names.has(sign);
  }

  /** The uid of a valid ID token (Authorization: Bearer), else undefined. */
  async function verifiedUid(request: IncomingMessage): Promise<string | undefined> {
    const header = String(request.headers.authorization ?? '');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return undefined;
    try {
      const response = await fetch(`${options.identityToolkitUrl}/v1/accounts:lookup?key=${encodeURIComponent(options.apiKey)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idToken: match[1] }),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { users?: Array<{ localId?: string }> };
      return body.users?.[0]?.localId;
    } catch {
      return undefined;
    }
  }

  async function handle(kind: 'feedback' | 'sign', request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') throw new HttpError(405, 'method-not-allowed', 'use POST');
    const client = request.socket.remoteAddress ?? 'unknown';
    const verdict = rateLimit(`${kind}:${client}`);
    if (!verdict.allowed) {
      return sendJson(response, 429, { ok: false, error: 'rate-limited', message: 'too many requests, try again later' }, { 'Retry-After': String(verdict.retryAfterS) });
    }
    const body = await readJsonBody(request);
    const schema = kind === 'feedback' ? feedbackBodySchema : signFeedbackBodySchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
      throw new HttpError(400, 'invalid-input', issues.map((i) => `${i.field}: ${i.message}`).join('; '), issues);
    }
    if (kind === 'sign') {
      const sign = (parsed.data as z.infer<typeof signFeedbackBodySchema>).sign;
      if (!(await signExists(sign))) throw new HttpError(400, 'unknown-sign', `sign "${sign}" does not exist`);
    }
    const uid = await verifiedUid(request);
    const now = Date.now();
    const id = entryKey(now);
    const entry = { ...parsed.data, createdAt: now, ...(uid ? { uid } : {}) };
    await adminSet(options.admin, `${kind === 'feedback' ? 'feedback' : 'signFeedback'}/${id}`, entry);
    sendJson(response, 201, { ok: true, id });
  }

  return function feedbackMiddleware(request: IncomingMessage, response: ServerResponse, next: Next): void {
    const path = (request.url ?? '').split('?')[0];
    const kind = path === '/receive_feedback' ? 'feedback' : path === '/receive_feedback_sign' ? 'sign' : null;
    if (!kind) return next();
    handle(kind, request, response).catch((error: unknown) => {
      if (error instanceof HttpError) {
        sendJson(response, error.status, { ok: false, error: error.code, message: error.message, ...(error.details ? { issues: error.details } : {}) });
      } else {
        console.error('feedback endpoint:', error);
        sendJson(response, 503, { ok: false, error: 'unavailable', message: 'feedback could not be stored' });
      }
    });
  };
}

/** Settings from the environment; with none, the local dev emulators. */
export function feedbackOptionsFromEnv(env: Record<string, string | undefined> = process.env): FeedbackOptions {
  const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-signlearn';
  const useEmulators = env.VITE_USE_EMULATORS === 'true' || !env.VITE_FIREBASE_API_KEY || !env.VITE_FIREBASE_DATABASE_URL;
  if (useEmulators) {
    const authHost = env.VITE_AUTH_EMULATOR_HOST || '127.0.0.1:9099';
    const databaseHost = env.VITE_DATABASE_EMULATOR_HOST || '127.0.0.1:9000';
    return {
      admin: { databaseUrl: `http://${databaseHost}?ns=${projectId}`, accessToken: 'owner' },
      identityToolkitUrl: `http://${authHost}/identitytoolkit.googleapis.com`,
      apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
      rateLimit: rateLimitFromEnv(env),
    };
  }
  return {
    admin: {
      databaseUrl: env.VITE_FIREBASE_DATABASE_URL!,
      accessToken: env.SIGNLEARN_DATABASE_ACCESS_TOKEN,
      databaseSecret: env.SIGNLEARN_DATABASE_SECRET,
    },
    identityToolkitUrl: 'https://identitytoolkit.googleapis.com',
    apiKey: env.VITE_FIREBASE_API_KEY!,
    rateLimit: rateLimitFromEnv(env),
  };
}

function rateLimitFromEnv(env: Record<string, string | undefined>): { max: number; windowMs: number } {
  const max = Number(env.SIGNLEARN_FEEDBACK_RATE_LIMIT ?? 20);
  return { max: Number.isFinite(max) && max > 0 ? max : 20, windowMs: 60_000 };
}
