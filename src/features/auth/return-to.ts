// Where a login returns to: the page that sent the visitor to log in (the landing page's 'Watch a
// recorded signer' is a lesson on the learning host, which asks for a login first), carried in
// `/login?next=`. Only a path on this site is followed: anything else (another origin, `//host`)
// goes to the learning home, as the plain login does.

export const NEXT_PARAM = 'next';

/** The login page's address for a visitor who asked for `path` (the home needs no return). */
export function loginAddress(path: string): string {
  return path === '/' || path === '' ? '/login' : `/login?${new URLSearchParams({ [NEXT_PARAM]: path }).toString()}`;
}

/** The page to go to after logging in, from the login page's query string: a path on this site, else '/'. */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/^\/login(?:[/?#]|$)/.test(next)) return '/';
  return next;
}
