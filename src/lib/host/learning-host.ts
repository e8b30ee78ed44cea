// The host rule (SPEC section 1): the app's routes are served only when the host's first label
// is the learning subdomain; any other host shows the marketing landing page, whose links point
// to the learning host.

/** The learning subdomain label; `VITE_LEARNING_SUBDOMAIN` overrides the default. */
export const LEARNING_LABEL: string = (import.meta.env?.VITE_LEARNING_SUBDOMAIN as string | undefined)?.trim() || 'learn';

export function isLearningHost(hostname: string, label: string = LEARNING_LABEL): boolean {
  const first = hostname.toLowerCase().split('.')[0];
  return first === label.toLowerCase();
}

/**
 * The origin of the learning site as seen from `location`: `learn.example.com` from
 * `example.com` or `www.example.com`, `learn.localhost:5273` from `localhost:5273`.
 * `VITE_LEARNING_ORIGIN` overrides it.
 */
export function learningOrigin(
  location: Pick<Location, 'protocol' | 'hostname' | 'port'>,
  label: string = LEARNING_LABEL,
  override: string | undefined = import.meta.env?.VITE_LEARNING_ORIGIN as string | undefined,
): string {
  if (override && override.trim() !== '') return override.trim().replace(/\/$/, '');
  const { protocol, hostname, port } = location;
  const port_ = port ? `:${port}` : '';
  if (isLearningHost(hostname, label)) return `${protocol}//${hostname}${port_}`;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.includes(':')) return `${protocol}//${hostname}${port_}`;
  const base = hostname.replace(/^www\./i, '');
  return `${protocol}//${label}.${base}${port_}`;
}

/** A URL on the learning site, e.g. learningUrl('/register'). */
export function learningUrl(path: string): string {
  if (typeof window === 'undefined') return path;
  return `${learningOrigin(window.location)}${path}`;
}
