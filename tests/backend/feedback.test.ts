// POST /receive_feedback and /receive_feedback_sign (product.md §7 Calls), served on the app's origin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { adminGet } from '../../server/admin-rest.ts';
import { createFeedbackMiddleware } from '../../server/feedback.ts';
import { admin, closeClients, registeredUser } from './helpers.ts';

afterAll(closeClients);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${inject('appUrl')}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const GOOD = 'The lessons are clear and helpful.';

describe('POST /receive_feedback', () => {
  test('stores {feedback} with a timestamp and answers 201 JSON', async () => {
    const before = Date.now();
    const response = await post('/receive_feedback', { feedback: GOOD });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { ok: boolean; id: string };
    expect(body.ok).toBe(true);
    const stored = (await adminGet(admin(), `feedback/${body.id}`)) as { feedback: string; createdAt: number; uid?: string };
    expect(stored.feedback).toBe(GOOD);
    expect(stored.createdAt).toBeGreaterThanOrEqual(before);
    expect(stored.uid).toBeUndefined();
  });

  test('records the uid when a valid ID token is sent; an invalid token is ignored', async () => {
    const { user, uid } = await registeredUser();
    const token = await user.getIdToken();
    const withToken = (await (await post('/receive_feedback', { feedback: GOOD }, { Authorization: `Bearer ${token}` })).json()) as { id: string };
    expect(((await adminGet(admin(), `feedback/${withToken.id}`)) as { uid?: string }).uid).toBe(uid);
    const forged = await post('/receive_feedback', { feedback: GOOD }, { Authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(201);
    const { id } = (await forged.json()) as { id: string };
    expect(((await adminGet(admin(), `feedback/${id}`)) as { uid?: string }).uid).toBeUndefined();
  });

  test.each([
    ['too short', { feedback: 'too short' }],
    ['too long (501 characters)', { feedback: 'x'.repeat(501) }],
    ['blank after trimming', { feedback: '            ' }],
    ['a number', { feedback: 1234567890123 }],
    ['null', { feedback: null }],
    ['missing', {}],
    ['an array body', [GOOD]],
    ['extra fields', { feedback: GOOD, admin: true }],
  ])('refuses feedback that is %s with 400 invalid-input', async (_label, payload) => {
    const response = await post('/receive_feedback', payload);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { ok: boolean; error: string; message: string };
    expect(body).toMatchObject({ ok: false, error: 'invalid-input' });
    expect(body.message.length).toBeGreaterThan(0);
  });

  test('exactly 10 and exactly 500 characters pass', async () => {
    expect((await post('/receive_feedback', { feedback: 'x'.repeat(10) })).status).toBe(201);
    expect((await post('/receive_feedback', { feedback: 'y'.repeat(500) })).status).toBe(201);
  });

  test('malformed JSON: 400 invalid-json', async () => {
    const response = await post('/receive_feedback', '{"feedback": "unterminated');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid-json' });
  });

  test('an oversized body: 413', async () => {
    const response = await post('/receive_feedback', { feedback: 'z'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload-too-large' });
  });

  test('a non-JSON content type: 415; another method: 405', async () => {
    const text = await fetch(`${inject('appUrl')}/receive_feedback`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: GOOD });
    expect(text.status).toBe(415);
    const getResponse = await fetch(`${inject('appUrl')}/receive_feedback`);
    expect(getResponse.status).toBe(405);
  });
});

describe('POST /receive_feedback_sign', () => {
  const good = { feedback: 'The hand shape looks different.', email: 'learner@example.com', sign: 'A' };

  test('stores {feedback, email, sign} with a timestamp', async () => {
    const response = await post('/receive_feedback_sign', good);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await adminGet(admin(), `signFeedback/${id}`)).toMatchObject({ ...good, createdAt: expect.any(Number) });
  });

  test.each([
    ['an unknown sign', { ...good, sign: 'NOT_A_SIGN' }, 'unknown-sign'],
    ['a malformed email', { ...good, email: 'not-an-email' }, 'invalid-input'],
    ['a missing email', { feedback: good.feedback, sign: 'A' }, 'invalid-input'],
    ['a missing sign', { feedback: good.feedback, email: good.email }, 'invalid-input'],
    ['a sign that is a number', { ...good, sign: 7 }, 'invalid-input'],
    ['feedback too short', { ...good, feedback: 'short' }, 'invalid-input'],
    ['feedback too long', { ...good, feedback: 'x'.repeat(501) }, 'invalid-input'],
  ])('refuses %s with 400', async (_label, payload, code) => {
    const response = await post('/receive_feedback_sign', payload);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: code });
  });

  test('malformed JSON: 400 invalid-json', async () => {
    const response = await post('/receive_feedback_sign', 'not json at all');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid-json' });
  });
});

describe('rate limit per client', () => {
  let server: Server;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('answers 429 with Retry-After once a client exceeds the limit', async () => {
    const middleware = createFeedbackMiddleware({
      admin: admin(),
      identityToolkitUrl: `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com`,
      apiKey: 'demo-api-key',
      rateLimit: { max: 3, windowMs: 60_000 },
    });
    server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/receive_feedback`;
    const send = () => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ feedback: GOOD }) });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const limited = await send();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ ok: false, error: 'rate-limited' });
  });
});
