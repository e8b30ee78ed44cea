// The one Firebase app of the page (or of a test client), with Auth and the Realtime Database
// wired to production or to the local emulators as config.ts decides.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { connectOverWebSocketsOnly } from './database-transport.ts';
import { productionFirebaseSettings, readFirebaseSettings, type FirebaseEnv, type FirebaseSettings } from './config.ts';


export interface FirebaseClient {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
}

/**
 * In the browser, Auth with the persistence getAuth would choose (IndexedDB, then local and
 * session storage) but without its popup/redirect helper: getAuth loads that helper, which fetches
 * apis.google.com/js/api.js on every page, a third-party request (and a console error offline) for
 * sign-in methods the app never uses. In Node (tests, tools) getAuth's in-memory default stays.
 */
function createAuth(app: FirebaseApp): Auth {
  if (typeof indexedDB === 'undefined') return getAuth(app);
  return initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
}

/** Creates a client. `name` lets tests run several signed-in users side by side. */
export function createFirebaseClient(settings: FirebaseSettings, name?: string): FirebaseClient {
  const app = initializeApp(settings.options, name);
  const auth = createAuth(app);
  connectOverWebSocketsOnly();
  const db = getDatabase(app);
  if (settings.emulators) {
    connectAuthEmulator(auth, `http://${settings.emulators.authHost}`, { disableWarnings: true });
    connectDatabaseEmulator(db, settings.emulators.databaseHost, settings.emulators.databasePort);
  }
  return { app, auth, db };
}

export async function closeFirebaseClient(client: FirebaseClient): Promise<void> {
  await deleteApp(client.app);
}

let defaultClient: FirebaseClient | null = null;

/** The page's client, created on first use from import.meta.env. */
export function getFirebaseClient(): FirebaseClient {
  if (!defaultClient) {
    const env = ((import.meta as { env?: unknown }).env ?? {}) as FirebaseEnv;
    // A production build takes its checked settings and carries no emulator defaults.
    const production = typeof __SIGNLEARN_FIREBASE_TARGET__ !== 'undefined' && __SIGNLEARN_FIREBASE_TARGET__ === 'production';
    defaultClient = createFirebaseClient(production ? productionFirebaseSettings(env) : readFirebaseSettings(env));
  }
  return defaultClient;
}
