// A per-process cache for the owner's scan reads: the Scans screen polls the list every 5 s and the dashboard
// reads usage, while a user's scans change a few times per scan. An entry is valid only for the scans_version
// it was read at; that version comes with the user row that authentication loads on every request, and a
// database trigger bumps it on every visible change (migration 0002). So a hit needs no query of its own, a
// change is seen by the very next request, and several server processes each keep their own copy safely.
//
// Reading data newer than the version it is stored under is harmless: a writer that committed in between has
// already bumped the version, so that entry is never served again.
import { LRUCache } from 'lru-cache';

export interface ReadCache {
  /** The cached value for `key` read at `version`, else `load()`'s (then kept). */
  read<T>(key: string, version: number, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

/** `maxEntries` 0 turns caching off (every read loads). Least recently used entries go first. */
export function createReadCache(maxEntries: number): ReadCache {
  const entries = maxEntries > 0 ? new LRUCache<string, { version: number; value: unknown }>({ max: maxEntries }) : null;
  return {
    async read<T>(key: string, version: number, load: () => Promise<T>): Promise<T> {
      const hit = entries?.get(key);
      if (hit && hit.version === version) return hit.value as T;
      const value = await load();
      if (entries) {
        // Values are shared between requests: freezing makes an accidental mutation throw instead of leaking.
        deepFreeze(value);
        entries.set(key, { version, value });
      }
      return value;
    },
    get size() {
      return entries?.size ?? 0;
    },
  };
}

const serialized = new WeakMap<object, string>();

/**
 * The JSON text of a value, computed once per object: a cached answer is the same frozen object on every hit, so
 * the poll that hits the cache does not serialize 100 scans again. Uncached values are simply stringified (and
 * the entry goes with the object).
 */
export function jsonOnce(value: object): string {
  let text = serialized.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (Object.isFrozen(value)) serialized.set(value, text);
  }
  return text;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
