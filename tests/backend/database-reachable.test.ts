// A form never waits (docs/engineer/backend.md, "The connection") on a database that does not connect. The bound itself
// (src/lib/firebase/database-reachable.ts), against the test database and against a port that
// accepts connections and never answers; and sign-up / login refusing with 'database-unreachable'
// before any account is created or left signed in.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeFirebaseClient, createFirebaseClient, type FirebaseClient } from '@/lib/firebase/client.ts';
import { whenDatabaseReachable } from '@/lib/firebase/database-reachable.ts';
import { signIn, signInAndConnect, signUp } from '@/lib/firebase/auth.ts';
import { PASSWORD, closeClients, codeOf, newClient, registeredUser, testSettings, unique } from './helpers.ts';

/** A TCP server that takes every connection and never says a word: a database nobody answers. */
let silent: Server;
const sockets: Socket[] = [];
let silentPort = 0;
const deafClients: FirebaseClient[] = [];

/** A client whose Auth is the test emulator and whose database is the silent port. */
function clientWithSilentDatabase(): FirebaseClient {
  const settings = testSettings();
  const client = createFirebaseClient(
    { ...settings, emulators: settings.emulators && { ...settings.emulators, databaseHost: '127.0.0.1', databasePort: silentPort } },
    `silent-${unique('c')}`,
  );
  deafClients.push(client);
  return client;
}

beforeAll(async () => {
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  await Promise.all(deafClients.map((client) => closeFirebaseClient(client).catch(() => undefined)));
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await closeClients();
});

describe('whenDatabaseReachable', () => {
  test('resolves once the test database connects', async () => {
    await expect(whenDatabaseReachable(newClient().db)).resolves.toBeUndefined();
  });

  test("rejects with 'database-unreachable' when nobody answers", async () => {
    expect(await codeOf(whenDatabaseReachable(clientWithSilentDatabase().db, 500))).toBe('database-unreachable');
  });
});

describe('the forms refuse instead of waiting', () => {
  test('sign-up creates no account when the database does not connect', async () => {
    const client = clientWithSilentDatabase();
    const email = `${unique('nodb')}@example.com`;
    expect(await codeOf(signUp({ username: unique('nodb'), email, password: PASSWORD }, client.auth, client.db))).toBe('database-unreachable');
    expect(client.auth.currentUser).toBeNull();
    expect(await codeOf(signIn(email, PASSWORD, newClient().auth))).toBe('auth/invalid-credential');
  });

  test('login signs the account out again when the database does not connect', async () => {
    const { email } = await registeredUser();
    const client = clientWithSilentDatabase();
    expect(await codeOf(signInAndConnect(email, PASSWORD, client.auth, client.db))).toBe('database-unreachable');
    expect(client.auth.currentUser).toBeNull();
    const connected = newClient();
    expect((await signInAndConnect(email, PASSWORD, connected.auth, connected.db)).email).toBe(email);
  });
});
