// `&watch=signer`: the lesson is watched, done by a recorded signer (the landing page links it).
export const WATCH_PARAM = 'watch';
export const WATCH_SIGNER = 'signer';

/** The same screen's address with the recorded signer on (or off). */
export function addressWatching(search: string, watching: boolean): string {
  const params = new URLSearchParams(search);
  if (watching) params.set(WATCH_PARAM, WATCH_SIGNER);
  else params.delete(WATCH_PARAM);
  return `/camera?${params.toString()}`;
}
