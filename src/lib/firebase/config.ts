// Firebase configuration of the app. Production reads the web config from VITE_FIREBASE_*;
// with no config at all (the embedded default) the app talks to the local emulators, which
// `npm start` runs on the ports below under the offline demo project `demo-signlearn`.

export const DEMO_PROJECT_ID = 'demo-signlearn';

export interface FirebaseEnv {
  VITE_FIREBASE_API_KEY?: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string;
  VITE_FIREBASE_DATABASE_URL?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
  VITE_FIREBASE_STORAGE_BUCKET?: string;
  VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  VITE_FIREBASE_APP_ID?: string;
  VITE_USE_EMULATORS?: string;
  VITE_AUTH_EMULATOR_HOST?: string;
  VITE_DATABASE_EMULATOR_HOST?: string;
}

export interface FirebaseSettings {
  options: {
    apiKey: string;
    authDomain?: string;
    databaseURL: string;
    projectId: string;
    storageBucket?: string;
    messagingSenderId?: string;
    appId?: string;
  };
  /** Set when the app talks to local emulators instead of production. */
  emulators: { authHost: string; databaseHost: string; databasePort: number } | null;
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value.trim() : undefined;

/** The production settings alone (a production build, whose settings the build has checked):
 * no emulator default is referenced, so none ends up in that bundle. */
export function productionFirebaseSettings(env: FirebaseEnv): FirebaseSettings {
  const apiKey = nonEmpty(env.VITE_FIREBASE_API_KEY);
  const databaseURL = nonEmpty(env.VITE_FIREBASE_DATABASE_URL);
  if (apiKey === undefined || databaseURL === undefined) throw new Error('Firebase settings missing: VITE_FIREBASE_API_KEY and VITE_FIREBASE_DATABASE_URL');
  return {
    options: {
      apiKey,
      authDomain: nonEmpty(env.VITE_FIREBASE_AUTH_DOMAIN),
      databaseURL,
      projectId: nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? DEMO_PROJECT_ID,
      storageBucket: nonEmpty(env.VITE_FIREBASE_STORAGE_BUCKET),
      messagingSenderId: nonEmpty(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
      appId: nonEmpty(env.VITE_FIREBASE_APP_ID),
    },
    emulators: null,
  };
}

/** Reads the settings from Vite-style env values. Production needs at least an API key and a
 * database URL; without them, or with VITE_USE_EMULATORS=true, the emulators are used. */
export function readFirebaseSettings(env: FirebaseEnv): FirebaseSettings {
  const apiKey = nonEmpty(env.VITE_FIREBASE_API_KEY);
  const databaseURL = nonEmpty(env.VITE_FIREBASE_DATABASE_URL);
  const useEmulators = env.VITE_USE_EMULATORS === 'true' || apiKey === undefined || databaseURL === undefined;
  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? DEMO_PROJECT_ID;
  if (!useEmulators) return productionFirebaseSettings(env);
  const authHost = nonEmpty(env.VITE_AUTH_EMULATOR_HOST) ?? '127.0.0.1:9099';
  const databaseHostPort = nonEmpty(env.VITE_DATABASE_EMULATOR_HOST) ?? '127.0.0.1:9000';
  const [databaseHost = '127.0.0.1', portText = '9000'] = databaseHostPort.split(':');
  return {
    options: {
      // The emulators accept any key; the demo- project id keeps every SDK offline.
      apiKey: apiKey ?? 'demo-api-key',
      databaseURL: `http://${databaseHost}:${portText}?ns=${projectId}`,
      projectId,
    },
    emulators: { authHost, databaseHost, databasePort: Number(portText) },
  };
}

/** The settings a production build must have (docs/engineer/backend.md, "Production"); without them `npm run build`
 * stops, unless the emulator target is asked for (`npm run build -- --mode emulators`). */
export const PRODUCTION_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_DATABASE_URL',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const satisfies ReadonlyArray<keyof FirebaseEnv>;

/** The production settings missing from `env` (empty when a production build may go ahead). */
export function missingProductionSettings(env: FirebaseEnv): string[] {
  return PRODUCTION_SETTINGS.filter((name) => nonEmpty(env[name]) === undefined);
}

/**
 * The hosts the app talks to with these settings, for the Content-Security-Policy: the identity
 * provider (Identity Toolkit and Secure Token APIs, or the Auth emulator) and the Realtime Database
 * (its host over HTTPS and WebSocket; production databases hand connections on to other servers of
 * their domain, hence the wildcard). No script origin: the database's long-polling fallback, which
 * loads its frames as scripts, is off (database-transport.ts), so no database script may run.
 */
export function firebaseOrigins(settings: FirebaseSettings): { connect: string[] } {
  if (settings.emulators) {
    const { authHost, databaseHost, databasePort } = settings.emulators;
    const database = `${databaseHost}:${databasePort}`;
    return { connect: [`http://${authHost}`, `http://${database}`, `ws://${database}`] };
  }
  const host = new URL(settings.options.databaseURL).host;
  // proj.firebaseio.com -> *.firebaseio.com; proj.region.firebasedatabase.app -> *.region.firebasedatabase.app
  const domain = host.split('.').slice(1).join('.');
  const databaseHosts = domain.includes('.') ? [host, `*.${domain}`] : [host];
  return {
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      ...databaseHosts.flatMap((h) => [`https://${h}`, `wss://${h}`]),
    ],
  };
}
