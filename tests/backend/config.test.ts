// Firebase settings from the environment, and the database key encoding of guide file names.
import { describe, expect, test } from 'vitest';
import { readFirebaseSettings } from '@/lib/firebase/config.ts';
import { decodeKey, encodeKey } from '@/lib/data/keys.ts';
import { paths } from '@/lib/data/paths.ts';

describe('Firebase settings', () => {
  test('with no configuration the app uses the local emulators of the demo project', () => {
    const settings = readFirebaseSettings({});
    expect(settings.options.projectId).toBe('demo-signlearn');
    expect(settings.options.databaseURL).toBe('http://127.0.0.1:9000?ns=demo-signlearn');
    expect(settings.emulators).toEqual({ authHost: '127.0.0.1:9099', databaseHost: '127.0.0.1', databasePort: 9000 });
  });

  test('a production web config from VITE_FIREBASE_* is used as given', () => {
    const settings = readFirebaseSettings({
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com',
      VITE_FIREBASE_DATABASE_URL: 'https://p-default-rtdb.firebaseio.com',
      VITE_FIREBASE_PROJECT_ID: 'p',
      VITE_FIREBASE_APP_ID: 'app',
    });
    expect(settings.emulators).toBeNull();
    expect(settings.options).toMatchObject({ apiKey: 'key', databaseURL: 'https://p-default-rtdb.firebaseio.com', projectId: 'p', appId: 'app' });
  });

  test('VITE_USE_EMULATORS=true wins, with the hosts it names', () => {
    const settings = readFirebaseSettings({
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_DATABASE_URL: 'https://p-default-rtdb.firebaseio.com',
      VITE_USE_EMULATORS: 'true',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      VITE_DATABASE_EMULATOR_HOST: '127.0.0.1:9100',
    });
    expect(settings.emulators).toEqual({ authHost: '127.0.0.1:9199', databaseHost: '127.0.0.1', databasePort: 9100 });
    expect(settings.options.databaseURL).toBe('http://127.0.0.1:9100?ns=demo-signlearn');
  });
});

describe('database paths and keys', () => {
  test('product.md §7 Calls paths: american content at the root, other languages under language/{language}/', () => {
    expect(paths.level('american', 0)).toBe('levels/0');
    expect(paths.level('british', 2)).toBe('language/british/levels/2');
    expect(paths.sign('american', 'A')).toBe('signs/A');
    expect(paths.sign('british', 'A')).toBe('language/british/signs/A');
    expect(paths.lessonProgress('u1', 'american', 1, 2)).toBe('users/u1/progressPerLanguage/american/1/2');
    // The index key is the name's canonical form: uniqueness ignores case and extra spaces.
    expect(paths.username('Ana B')).toBe('usernames/ana b');
    expect(paths.username(' Ana  B ')).toBe('usernames/ana b');
  });

  test('guide file names survive the trip through a database key', () => {
    for (const name of ['A.gif', 'HELLO.v2.gif', 'odd#[name]$/.gif', '100%.gif']) {
      const key = encodeKey(name);
      expect(key).not.toMatch(/[.$#[\]/]/);
      expect(decodeKey(key)).toBe(name);
    }
    expect(encodeKey('A.gif')).toBe('A%2Egif');
  });
});
