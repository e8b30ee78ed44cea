// The tracker's files kept in Cache Storage (engine/src/tracker/browser/model_cache.ts): a second
// fetch of a model file is answered without the server; other origins, queries and non-GETs pass
// through untouched; a new version deletes the old one's files. A Map-backed CacheStorage stands in
// for the browser's.
import { describe, expect, it } from 'vitest';
import { installModelCache, isKept, MODEL_CACHE_PREFIX } from '../../engine/src/tracker/browser/model_cache.ts';

class MapCache {
  readonly entries = new Map<string, Response>();
  async match(url: string) {
    return this.entries.get(url)?.clone();
  }
  async put(url: string, response: Response) {
    this.entries.set(url, response);
  }
}
class MapCacheStorage {
  readonly caches = new Map<string, MapCache>();
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new MapCache());
    return this.caches.get(name)!;
  }
}

const ORIGIN = 'http://learn.localhost:5173';
const FOLDERS = [`${ORIGIN}/models/`, `${ORIGIN}/models/wasm/`];

function scopeWith(storage: MapCacheStorage) {
  const fetched: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    caches: storage as unknown as CacheStorage,
    fetch: (async (input: RequestInfo | URL) => {
      const url = String(input);
      fetched.push(url);
      return new Response(`body of ${url}`, { status: 200 });
    }) as typeof fetch,
  };
  return { scope, fetched };
}

describe('model cache', () => {
  it('fetches a model file once and answers later fetches from Cache Storage', async () => {
    const storage = new MapCacheStorage();
    const { scope, fetched } = scopeWith(storage);
    const counts = installModelCache(scope, FOLDERS, 'v1');
    const url = `${ORIGIN}/models/blazepose-full.bin`;
    expect(await (await scope.fetch(url)).text()).toBe(`body of ${url}`);
    expect(await (await scope.fetch(url)).text()).toBe(`body of ${url}`);
    expect(fetched).toEqual([url]);
    expect(counts).toEqual({ hits: 1, misses: 1 });
    // A new page (a second visit) with the same version finds it kept.
    const again = scopeWith(storage);
    const secondCounts = installModelCache(again.scope, FOLDERS, 'v1');
    await again.scope.fetch(url);
    expect(again.fetched).toEqual([]);
    expect(secondCounts).toEqual({ hits: 1, misses: 0 });
  });

  it('keeps nothing from another origin, with a query, or outside the folders, and no POST', async () => {
    const { scope, fetched } = scopeWith(new MapCacheStorage());
    const counts = installModelCache(scope, FOLDERS, 'v1');
    const urls = ['https://hub.example/models/blazepose-full.bin', `${ORIGIN}/models/blazepose-full.bin?x=1`, `${ORIGIN}/api/feedback`];
    for (const url of [...urls, ...urls]) await scope.fetch(url);
    await scope.fetch(`${ORIGIN}/models/a.json`, { method: 'POST' });
    await scope.fetch(`${ORIGIN}/models/a.json`, { method: 'POST' });
    expect(fetched).toHaveLength(8);
    expect(counts).toEqual({ hits: 0, misses: 0 });
    expect(isKept(`${ORIGIN}/models/wasm/tfjs-backend-wasm-simd.wasm`, FOLDERS, ORIGIN)).toBe(true);
  });

  it('deletes the files of every other version when a version is opened', async () => {
    const storage = new MapCacheStorage();
    const first = scopeWith(storage);
    installModelCache(first.scope, FOLDERS, 'v1');
    await first.scope.fetch(`${ORIGIN}/models/handlandmark-full.json`);
    await storage.open('unrelated-cache');
    const second = scopeWith(storage);
    installModelCache(second.scope, FOLDERS, 'v2');
    await second.scope.fetch(`${ORIGIN}/models/handlandmark-full.json`);
    expect(second.fetched).toHaveLength(1);
    expect((await storage.keys()).sort()).toEqual([`${MODEL_CACHE_PREFIX}v2`, 'unrelated-cache']);
  });

  it('fetches from the server when the cache fails to answer', async () => {
    const storage = new MapCacheStorage();
    const broken = await storage.open(`${MODEL_CACHE_PREFIX}v1`);
    broken.match = () => Promise.reject(new Error('storage evicted'));
    const { scope, fetched } = scopeWith(storage);
    installModelCache(scope, FOLDERS, 'v1');
    const url = `${ORIGIN}/models/blazepose-lite.json`;
    expect(await (await scope.fetch(url)).text()).toBe(`body of ${url}`);
    expect(fetched).toEqual([url]);
  });

  it('leaves fetch alone where there is no Cache Storage', async () => {
    const { scope, fetched } = scopeWith(new MapCacheStorage());
    const insecure = { location: scope.location, fetch: scope.fetch };
    installModelCache(insecure, FOLDERS, 'v1');
    expect(insecure.fetch).toBe(scope.fetch);
    await insecure.fetch(`${ORIGIN}/models/a.json`);
    await insecure.fetch(`${ORIGIN}/models/a.json`);
    expect(fetched).toHaveLength(2);
  });
});
