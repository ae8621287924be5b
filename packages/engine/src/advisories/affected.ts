// OSV range evaluation (https://ossf.github.io/osv-schema/#evaluation): sort a range's events by version and
// walk them; `introduced` opens, `fixed` closes before, `last_affected` closes after. Explicit `versions`
// lists match too. A version we cannot order is never reported as affected by a range (no guessing).
import { satisfiesAdvisoryRange } from './patched-range';
import { comparatorFor, sameVersion, type VersionComparator } from './versions/compare';
import type { AffectedRange, CompactAdvisory, Ecosystem, RangeEvent } from './types';

const eventVersion = (e: RangeEvent): string => e.introduced ?? e.fixed ?? e.last_affected ?? '';

/** "0" is OSV's "since the first version" and sorts before everything. */
function compareEvent(cmp: VersionComparator, a: string, b: string): number | null {
  if (a === '0' || b === '0') return a === b ? 0 : a === '0' ? -1 : 1;
  return cmp(a, b);
}

function inRange(cmp: VersionComparator, range: AffectedRange, version: string): boolean {
  const events = [...range.events].sort((x, y) => compareEvent(cmp, eventVersion(x), eventVersion(y)) ?? 0);
  let affected = false;
  for (const event of events) {
    if (event.introduced !== undefined) {
      const c = compareEvent(cmp, version, event.introduced);
      if (c === null) return false;
      if (c >= 0) affected = true;
    } else if (event.fixed !== undefined) {
      const c = compareEvent(cmp, version, event.fixed);
      if (c === null) return false;
      if (c >= 0) affected = false;
    } else if (event.last_affected !== undefined) {
      const c = compareEvent(cmp, version, event.last_affected);
      if (c === null) return false;
      if (c > 0) affected = false;
    }
  }
  return affected;
}

/**
 * A range that only opens ("introduced" and nothing after it) says "every later version"; when the database
 * also says which versions are patched, or which was the last affected, that closes it.
 */
function patchedAccordingToDatabase(ecosystem: Ecosystem, advisory: CompactAdvisory, version: string): boolean {
  if (advisory.patched && satisfiesAdvisoryRange(ecosystem, advisory.patched, version) === true) return true;
  return !!advisory.lastKnownAffected && satisfiesAdvisoryRange(ecosystem, advisory.lastKnownAffected, version) === false;
}

const openEnded = (range: AffectedRange) => range.events.every((e) => e.introduced !== undefined);

export function isAffected(ecosystem: Ecosystem, advisory: CompactAdvisory, version: string): boolean {
  const cmp = comparatorFor(ecosystem);
  // ECOSYSTEM and SEMVER ranges both use the ecosystem's ordering (npm's is semver).
  if (advisory.ranges.some((range) => inRange(cmp, range, version) && !(openEnded(range) && patchedAccordingToDatabase(ecosystem, advisory, version)))) return true;
  // the release the advisory's own range names as its fix is not affected, even where the explicit versions list names it
  // too (PYSEC records generate that list from the git tags reachable before the fix commit: gevent's CVE-2023-41419
  // is fixed in 23.9.0 and lists 23.9.0)
  // ... nor is a post-release or local build of it (`23.9.0.post1`, `23.9.0+ubuntu1`): PEP 440 post-releases fix
  // packaging or metadata, not code, and sort after the fix
  const release = ecosystem === 'PyPI' ? version.replace(/([.-]?post\d*|\+[\w.]+)+$/i, '') : version;
  if (advisory.ranges.some((r) => r.events.some((e) => e.fixed !== undefined && (sameVersion(ecosystem, e.fixed, version) || sameVersion(ecosystem, e.fixed, release))))) return false;
  return advisory.versions.some((v) => sameVersion(ecosystem, v, version));
}

/**
 * The lowest `fixed` version above the installed one: the smallest upgrade that leaves this advisory's range.
 * Undefined when no fix is published (or only `last_affected` is known).
 */
export function fixedVersionFor(ecosystem: Ecosystem, advisory: CompactAdvisory, version: string): string | undefined {
  const cmp = comparatorFor(ecosystem);
  const candidates = advisory.ranges
    .flatMap((r) => r.events.map((e) => e.fixed))
    .filter((f): f is string => f !== undefined && (cmp(f, version) ?? -1) > 0);
  candidates.sort((a, b) => cmp(a, b) ?? 0);
  return candidates[0];
}
