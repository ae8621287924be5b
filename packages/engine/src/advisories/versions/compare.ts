// One version comparator per ecosystem; returns null when a version cannot be ordered (then we do not guess).
import * as pep440 from '@renovatebot/pep440';
import semver from 'semver';
import type { Ecosystem } from '../types';
import { compareMavenVersions } from './maven-version';

export type VersionComparator = (a: string, b: string) => number | null;

/** Advisory data sometimes writes "1.0" for "1.0.0"; coerce only when the strict form is invalid. */
function toSemver(v: string): string | null {
  return semver.valid(v, { loose: true }) ?? (/^\d+(\.\d+)?$/.test(v) ? (semver.coerce(v)?.version ?? null) : null);
}

function compareSemver(a: string, b: string): number | null {
  const va = toSemver(a);
  const vb = toSemver(b);
  if (!va || !vb) return null;
  return semver.compare(va, vb, { loose: true });
}

function comparePep440(a: string, b: string): number | null {
  if (!pep440.valid(a) || !pep440.valid(b)) return null;
  return pep440.compare(a, b);
}

export function comparatorFor(ecosystem: Ecosystem): VersionComparator {
  if (ecosystem === 'npm') return compareSemver;
  if (ecosystem === 'PyPI') return comparePep440;
  return compareMavenVersions;
}

/** Equality for explicit `versions` lists, in the ecosystem's own sense (PEP 440: 1.0 == 1.0.0). */
export function sameVersion(ecosystem: Ecosystem, a: string, b: string): boolean {
  if (a === b) return true;
  return comparatorFor(ecosystem)(a, b) === 0;
}
