// The host rule (product.md §2.1 Hosts): the app's routes are served only when the host's first label
// is the learning subdomain; any other host shows the marketing landing page, whose links point
// to the learning host.

/** The learning subdomain label; `VITE_LEARNING_SUBDOMAIN` overrides the default. */
export const LEARNING_LABEL: string = (import.meta.env?.VITE_LEARNING_SUBDOMAIN as string | undefined)?.trim() || 'learn';

export function isLearningHost(hostname: string, label: string = LEARNING_LABEL): boolean {
  const first = hostname.toLowerCase().split('.')[0];
  return first === label.toLowerCase();
}

/** This machine's own addresses: the loopback IPs (127.0.0.0/8, ::1) and `localhost`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The origin of the learning site as seen from `location`: `learn.example.com` from
 * `example.com` or `www.example.com`, `learn.localhost:5273` from `localhost:5273`, and from this
 * machine's own IP too (`127.0.0.1:5173`, the address Vite prints): an IP has no labels to put the
 * learning label before, and `learn.localhost` reaches the same server. Another IP keeps its own
 * origin (no name is known for it). `VITE_LEARNING_ORIGIN` overrides it.
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
  if (isLoopbackHost(hostname)) return `${protocol}//${label}.localhost${port_}`;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.includes(':')) return `${protocol}//${hostname}${port_}`;
  const base = hostname.replace(/^www\./i, '');
  return `${protocol}//${label}.${base}${port_}`;
}

/** A URL on the learning site, e.g. learningUrl('/register'). */
export function learningUrl(path: string): string {
  if (typeof window === 'undefined') return path;
  return `${learningOrigin(window.location)}${path}`;
}
