// Matching a declared version range (no lockfile) against an advisory: the range "may resolve to a vulnerable
// version" when one of its candidate versions is affected. Candidates are the lowest version the range allows and
// every version at which an affected range opens, kept when the requirement allows them. Without the registry's
// version list nothing finer is sound, so these findings carry lower confidence and severity.
import * as pep440 from '@renovatebot/pep440';
import semver from 'semver';
import { isAffected } from '../../advisories/affected';
import type { CompactAdvisory, Ecosystem } from '../../advisories/types';

export interface RangeMatch {
  /** An install may get an affected version. */
  mayResolveToVulnerable: boolean;
  /** A fixed version also satisfies the requirement: a fresh install most likely gets it. */
  fixAllowed: boolean;
}

function satisfies(ecosystem: Ecosystem, version: string, requirement: string): boolean {
  try {
    if (ecosystem === 'npm') return semver.satisfies(version, requirement, { loose: true });
    if (ecosystem === 'PyPI') return pep440.satisfies(version, requirement);
  } catch {
    return false;
  }
  return false;
}

/** The lowest version a requirement allows, when it has a lower bound ("^4.17.0" -> 4.17.0, ">=2.0,<3" -> 2.0). */
export function floorOf(ecosystem: Ecosystem, requirement: string): string | null {
  if (ecosystem === 'npm') {
    try {
      return semver.minVersion(requirement, { loose: true })?.version ?? null;
    } catch {
      return null;
    }
  }
  if (ecosystem === 'PyPI') {
    for (const clause of requirement.split(',')) {
      const m = /^(>=|~=|==)\s*([0-9][\w.!+]*?)(\.\*)?$/.exec(clause.trim());
      if (m && pep440.valid(m[2]!)) return m[2]!;
    }
  }
  return null;
}

export function matchRange(ecosystem: Ecosystem, requirement: string, advisory: CompactAdvisory): RangeMatch {
  const opened = advisory.ranges.flatMap((r) => r.events.map((e) => e.introduced)).filter((v): v is string => !!v && v !== '0');
  const floor = floorOf(ecosystem, requirement);
  const candidates = [...(floor ? [floor] : []), ...opened, ...advisory.versions].filter((v) => satisfies(ecosystem, v, requirement));
  const mayResolveToVulnerable = candidates.some((v) => isAffected(ecosystem, advisory, v));
  const fixes = advisory.ranges.flatMap((r) => r.events.map((e) => e.fixed)).filter((v): v is string => !!v);
  // a fix first published as a pre-release (0.24.dev0, 2.1.0-rc.1) ships in the release of the same number, which is
  // what a range admits (pre-releases are excluded unless named)
  return { mayResolveToVulnerable, fixAllowed: fixes.some((v) => satisfies(ecosystem, v, requirement) || satisfies(ecosystem, releaseOf(ecosystem, v), requirement)) };
}

/** The release a pre-release leads to: '0.24.dev0' -> '0.24', '2.1.0-rc.1' -> '2.1.0'. */
function releaseOf(ecosystem: Ecosystem, version: string): string {
  if (ecosystem === 'npm') return version.replace(/-.*$/, '');
  return version.replace(/[._-]?(dev|a|alpha|b|beta|rc|c|pre|preview)[._-]?\d*$/i, '');
}
