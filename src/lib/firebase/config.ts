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

/** Reads the settings from Vite-style env values. Production needs at least an API key and a
 * database URL; without them, or with VITE_USE_EMULATORS=true, the emulators are used. */
export function readFirebaseSettings(env: FirebaseEnv): FirebaseSettings {
  const apiKey = nonEmpty(env.VITE_FIREBASE_API_KEY);
  const databaseURL = nonEmpty(env.VITE_FIREBASE_DATABASE_URL);
  const useEmulators = env.VITE_USE_EMULATORS === 'true' || apiKey === undefined || databaseURL === undefined;
  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? DEMO_PROJECT_ID;
  if (!useEmulators) {
    return {
      options: {
        apiKey: apiKey!,
        authDomain: nonEmpty(env.VITE_FIREBASE_AUTH_DOMAIN),
        databaseURL: databaseURL!,
        projectId,
        storageBucket: nonEmpty(env.VITE_FIREBASE_STORAGE_BUCKET),
        messagingSenderId: nonEmpty(env.VITE_FIREBASE_MESSAGING_SENDER_ID),
        appId: nonEmpty(env.VITE_FIREBASE_APP_ID),
      },
      emulators: null,
    };
  }
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
