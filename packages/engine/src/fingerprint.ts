// Finding fingerprints: the same finding keeps its id across runs and when lines move, so baselines and
// suppressions keep working. Only the rule, the file and a normalized key (snippet or other identity) count.
import { createHash } from 'node:crypto';
import type { Finding } from './types';

/** Whitespace-insensitive form of a snippet/key, so re-indenting or reflowing does not change the id. */
export function normalizeKey(key: string): string {
  return key.replace(/\s+/g, ' ').trim();
}

/** Stable finding id: 16 hex chars of sha256(ruleId, file, normalized key). */
export function fingerprint(ruleId: string, file: string, key: string): string {
  return createHash('sha256')
    .update(ruleId)
    .update('\0')
    .update(file)
    .update('\0')
    .update(normalizeKey(key))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Makes ids unique: the n-th (n >= 2, in file/line order) finding sharing an id gets the occurrence index mixed
 * in. The first keeps the plain fingerprint, so adding a duplicate below never renames an accepted finding.
 */
export function disambiguateIds(findings: Finding[]): Finding[] {
  const ordered = [...findings].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.startLine - b.location.startLine,
  );
  const seen = new Map<string, number>();
  const renamed = new Map<Finding, string>();
  for (const f of ordered) {
    const n = (seen.get(f.id) ?? 0) + 1;
    seen.set(f.id, n);
    if (n > 1) renamed.set(f, fingerprint(f.ruleId, f.location.file, `${f.id}#${n}`));
  }
  return findings.map((f) => (renamed.has(f) ? { ...f, id: renamed.get(f)! } : f));
}
