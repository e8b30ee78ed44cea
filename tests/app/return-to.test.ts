// Where a login returns to (src/features/auth/return-to.ts): the page that asked for it, on this
// site only.
import { describe, expect, test } from 'vitest';
import { loginAddress, returnPath } from '@/features/auth/return-to.ts';

describe('the login returns to the page that asked for it', () => {
  test('the login address carries the page; the home needs none', () => {
    expect(loginAddress('/')).toBe('/login');
    expect(loginAddress('/camera?level=0&chapter=0&lesson=0&watch=signer')).toBe('/login?next=%2Fcamera%3Flevel%3D0%26chapter%3D0%26lesson%3D0%26watch%3Dsigner');
    expect(returnPath(loginAddress('/camera?level=0&chapter=0&lesson=0&watch=signer').split('?')[1]!)).toBe('/camera?level=0&chapter=0&lesson=0&watch=signer');
  });

  test('only a path on this site is followed', () => {
    expect(returnPath('')).toBe('/');
    expect(returnPath('next=%2Flessons%3Flevel%3D1')).toBe('/lessons?level=1');
    for (const elsewhere of ['https://example.com/', '//example.com/', '/\\\\example.com', 'javascript:alert(1)', '/login', '/login?next=/x']) {
      expect(returnPath(new URLSearchParams({ next: elsewhere }).toString()), elsewhere).toBe('/');
    }
  });
});
