// ref: none (browser plumbing: no MediaPipe step). The tracker's files kept in the browser's Cache
// Storage after the first visit: the model files (JSON and weights) and the TF.js WASM binaries,
// which a second visit then reads without asking the server. The production server sends them with
// `Cache-Control: no-cache` (server/serve.ts), so the HTTP cache alone still costs one conditional
// request per file on every visit, and nothing offline. Only same-origin GETs under the given
// folders are kept (never a hub); the cache's name carries a version, and opening a version
// deletes every other version's cache, so a new model replaces the old.

/** Cache Storage names of the tracker's files start with this; the version follows. */
export const MODEL_CACHE_PREFIX = 'signlearn-tracker-';

export interface ModelCacheCounts {
  /** Files answered from Cache Storage. */
  hits: number;
  /** Files fetched from the server (and stored). */
  misses: number;
}

type Fetch = typeof fetch;

/**
 * Wraps `scope.fetch` so that same-origin GETs whose URL starts with one of `folders` go through
 * the Cache Storage cache `MODEL_CACHE_PREFIX + version`. Returns the hit and miss counts (live).
 * Does nothing where Cache Storage is missing (an insecure context): the files are fetched as before.
 */
export function installModelCache(scope: { fetch: Fetch; caches?: CacheStorage; location: { origin: string } }, folders: readonly string[], version: string): ModelCacheCounts {
  const counts: ModelCacheCounts = { hits: 0, misses: 0 };
  const storage = scope.caches;
  if (!storage) return counts;
  const name = MODEL_CACHE_PREFIX + version;
  const opened = openVersion(storage, name);
  const plainFetch = scope.fetch.bind(scope);
  scope.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET');
    if (method !== 'GET' || !isKept(url, folders, scope.location.origin)) return plainFetch(input, init);
    const cache = await opened;
    if (!cache) return plainFetch(input, init);
    // A cache that fails to answer (storage evicted, quota) costs a fetch, never the tracker.
    const hit = await cache.match(url).catch(() => undefined);
    if (hit) {
      counts.hits++;
      return hit;
    }
    const response = await plainFetch(input, init);
    if (response.ok && response.status === 200) {
      counts.misses++;
      // Stored before it is read: the caller gets the original, the cache its copy.
      await cache.put(url, response.clone()).catch(() => undefined);
    }
    return response;
  };
  return counts;
}

/** Opens this version's cache and deletes the other versions' (null when Cache Storage refuses). */
async function openVersion(storage: CacheStorage, name: string): Promise<Cache | null> {
  try {
    const names = await storage.keys();
    await Promise.all(names.filter((n) => n.startsWith(MODEL_CACHE_PREFIX) && n !== name).map((n) => storage.delete(n)));
    return await storage.open(name);
  } catch {
    return null;
  }
}

/** Same origin, under one of the folders (absolute URLs), no query string. */
export function isKept(url: string, folders: readonly string[], origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin !== origin || parsed.search !== '') return false;
  return folders.some((folder) => parsed.href.startsWith(folder));
}
