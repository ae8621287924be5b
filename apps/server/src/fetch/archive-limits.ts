// Shared rules for archive entries: where a path or link may point, and the bomb limits.
import path from 'node:path';
import { FetchErrors } from './fetch-error';

export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
  /** Uncompressed / compressed; only checked once the total is past RATIO_FLOOR_BYTES (tiny files compress well). */
  maxRatio: number;
}

export const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/** Normalised relative path of an entry, or a rejection for absolute paths and `..` segments. */
export function safeEntryPath(name: string): string {
  const unified = name.replace(/\\/g, '/');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) throw FetchErrors.archiveRejected(`entry "${clip(name)}" has an absolute path`);
  if (unified.split('/').includes('..')) throw FetchErrors.archiveRejected(`entry "${clip(name)}" escapes the extraction folder`);
  return path.posix.normalize(unified).replace(/^(\.\/)+/, '');
}

/** A link target, resolved from the link's own folder, must stay inside the root. */
export function assertLinkInside(entryPath: string, target: string): void {
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(entryPath), target.replace(/\\/g, '/')));
  if (target.startsWith('/') || resolved === '..' || resolved.startsWith('../')) {
    throw FetchErrors.archiveRejected(`link "${clip(entryPath)}" points outside the extraction folder`);
  }
}

/** Tracks totals while entries are listed or written; throws the specific rejection when a limit is passed. */
export function createBudget(limits: ArchiveLimits, compressedBytes: number) {
  let entries = 0;
  let bytes = 0;
  return {
    entry() {
      if (++entries > limits.maxEntries) throw FetchErrors.archiveRejected(`it has more than ${limits.maxEntries} entries`);
    },
    add(n: number) {
      bytes += n;
      if (bytes > limits.maxBytes) {
        throw FetchErrors.archiveRejected(`it expands to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
      }
      if (bytes > RATIO_FLOOR_BYTES && bytes / Math.max(1, compressedBytes) > limits.maxRatio) {
        throw FetchErrors.archiveRejected(`its compression ratio is above ${limits.maxRatio}:1 (an archive bomb)`);
      }
    },
  };
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
