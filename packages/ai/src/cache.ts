// Answers already paid for. The key covers the finding's fingerprint, the model, the prompt version and a hash
// of the exact prompt: the same finding with changed code around it is asked again. Only valid answers are
// stored; a failure is retried on the next scan.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface AnswerCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  /** Persists pending writes (a no-op for stores that write through). */
  flush(): Promise<void>;
}

export interface CacheKeyParts {
  findingId: string;
  provider: string;
  model: string;
  promptVersion: string;
  kind: string;
  system: string;
  prompt: string;
}

export function cacheKey(p: CacheKeyParts): string {
  const promptHash = createHash('sha256').update(p.system).update('\0').update(p.prompt).digest('hex').slice(0, 16);
  return [p.findingId, `${p.provider}:${p.model}`, p.promptVersion, p.kind, promptHash].join('|');
}

export function memoryCache(): AnswerCache {
  const map = new Map<string, unknown>();
  return { get: (k) => map.get(k), set: (k, v) => void map.set(k, v), flush: async () => {} };
}

/**
 * One JSON file (the CLI's ~/.duescan/ai-cache.json, the server's DATA_DIR/ai-cache.json). Read once, written
 * once at the end through a temporary file and a rename, so a crash never leaves half a file. An unreadable
 * file starts an empty cache rather than failing the scan.
 */
export function jsonFileCache(path: string): AnswerCache {
  let entries: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) entries = parsed as Record<string, unknown>;
  } catch {
    // missing or corrupt: start empty
  }
  let dirty = false;
  return {
    get: (k) => entries[k],
    set(k, v) {
      entries[k] = v;
      dirty = true;
    },
    async flush() {
      if (!dirty) return;
      mkdirSync(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(entries), { mode: 0o600 });
      renameSync(tmp, path);
      dirty = false;
    },
  };
}
