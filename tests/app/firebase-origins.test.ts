// The Content-Security-Policy lets no database script run: the Realtime Database's long-polling
// fallback (JSONP script frames) is off, the client connects over WebSockets only (src/lib/firebase/database-transport.ts), so the database hosts are connect-src origins only.
import { describe, expect, test } from 'vitest';
import { firebaseOrigins, readFirebaseSettings } from '@/lib/firebase/config.ts';
import { contentSecurityPolicies } from '../../server/http-headers.ts';

const directive = (policy: string, name: string): string[] =>
  (policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '').split(' ').slice(1);

describe('database origins in the CSP', () => {
  test('production: the database host and its domain over https and wss, no script origin', () => {
    const settings = readFirebaseSettings({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_DATABASE_URL: 'https://p-default-rtdb.firebaseio.com' });
    const { page, worker } = contentSecurityPolicies(firebaseOrigins(settings));
    expect(directive(page, 'connect-src')).toEqual(expect.arrayContaining(['https://p-default-rtdb.firebaseio.com', 'wss://*.firebaseio.com']));
    expect(directive(page, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(worker, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
  });

  test('emulators: the database over http and ws, no script origin', () => {
    const { page } = contentSecurityPolicies(firebaseOrigins(readFirebaseSettings({})));
    expect(directive(page, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:9099', 'http://127.0.0.1:9000', 'ws://127.0.0.1:9000']);
    expect(directive(page, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});
