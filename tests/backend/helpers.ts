// Shared helpers of the backend tests: Firebase clients against the test emulators (one per
// simulated person), admin REST access, and unique names per test.
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { closeFirebaseClient, createFirebaseClient, type FirebaseClient } from '@/lib/firebase/client.ts';
import { readFirebaseSettings } from '@/lib/firebase/config.ts';
import { signUp } from '@/lib/firebase/auth.ts';
import { errorCode } from '@/lib/data/errors.ts';
import type { AdminDatabase } from '../../server/admin-rest.ts';

const clients: FirebaseClient[] = [];
let counter = 0;

export function testSettings() {
  return readFirebaseSettings({
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: inject('projectId'),
    VITE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    VITE_DATABASE_EMULATOR_HOST: inject('databaseEmulatorHost'),
  });
}

/** A fresh client (its own app, auth state and connection). */
export function newClient(): FirebaseClient {
  const client = createFirebaseClient(testSettings(), `test-client-${process.pid}-${++counter}-${randomBytes(3).toString('hex')}`);
  clients.push(client);
  return client;
}

export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => closeFirebaseClient(client).catch(() => undefined)));
}

/** A unique suffix for names and emails (3-20 character usernames). */
export function unique(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${randomBytes(2).toString('hex')}`;
}

export const PASSWORD = 'secret1!';

/** Registers a new user through the app's sign-up sequence; returns the signed-in client. */
export async function registeredUser(username = unique('user')) {
  const client = newClient();
  const email = `${unique("mail")}@example.com`;
  const user = await signUp({ username, email, password: PASSWORD }, client.auth, client.db);
  return { client, user, uid: user.uid, username, email };
}

export function admin(): AdminDatabase {
  return { databaseUrl: inject('databaseUrl'), accessToken: 'owner' };
}

/** Resolves true when the database operation succeeds, false when the rules refuse it. */
export async function allowed(operation: Promise<unknown>): Promise<boolean> {
  try {
    await operation;
    return true;
  } catch (error) {
    if (/permission[_ ]denied/i.test(String((error as Error).message ?? error))) return false;
    throw error;
  }
}

/** An anonymous client: never signed in. */
export function anonymousClient(): FirebaseClient {
  return newClient();
}

/** The error code an operation fails with, or 'resolved' when it succeeds. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return errorCode(error);
  }
}

/** A TCP port nobody listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
