// What every lockfile/manifest parser returns: installed packages, and which of them the project asks for
// directly when the file itself knows (otherwise the analyzer asks the sibling manifest).
import type { Ecosystem } from '../../../advisories/types';

export interface LockEntry {
  ecosystem: Ecosystem;
  name: string;
  version: string;
  dev?: boolean;
  /** true/false when the lockfile records it; undefined when only the manifest can tell. */
  direct?: boolean;
  /** Read from a manifest no lockfile resolves ("declared, not resolved"). */
  declaredOnly?: boolean;
  /** A version range as written ("^4.17.0"); `version` then holds the same text. Absent for exact pins. */
  requirement?: string;
  /** A PEP 508 environment marker the requirement is installed under (`python_version < "3.8"`). */
  marker?: string;
}

/**
 * A lockfile's dependency graph when its entries carry no dev flag (classic yarn.lock): which installed package
 * (`name@version`) each descriptor (`name@range`) resolves to, and the descriptors each package requires.
 */
export interface LockGraph {
  resolves: Map<string, string>;
  requires: Map<string, string[]>;
}

export interface ParsedLockfile {
  entries: LockEntry[];
  graph?: LockGraph;
  /** Requirements that name a range instead of one version; they cannot be matched exactly. */
  unpinned?: string[];
}

export type LockfileParser = (text: string) => ParsedLockfile;

/** Thrown for unreadable input; the analyzer turns it into a 'broken-lockfile' skip entry. */
export class BrokenLockfileError extends Error {}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new BrokenLockfileError(`invalid JSON: ${(e as Error).message}`);
  }
  if (!isRecord(value)) throw new BrokenLockfileError('expected a JSON object');
  return value;
}

/**
 * An optional-dependencies extra named for developing the project (`pip install .[test]`, `[dev]`, `[docs]`): its
 * packages serve the test run or the build, like a dependency group, not an installed feature.
 */
export const DEV_EXTRA = /^(tests?|testing|dev|devel|develop|development|docs?|documentation|lint|linting|typing|types|mypy|ci|coverage|qa|style|format|bench|benchmarks?)$/i;

