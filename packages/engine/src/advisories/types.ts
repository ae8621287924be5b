// The compact on-disk advisory model: only what matching and reporting need, indexed by package name.

export type Ecosystem = 'npm' | 'PyPI' | 'Maven';
export const ECOSYSTEMS: readonly Ecosystem[] = ['npm', 'PyPI', 'Maven'];

export interface RangeEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
}

export interface AffectedRange {
  /** OSV range type; GIT ranges are dropped on import (we match released versions only). */
  type: 'SEMVER' | 'ECOSYSTEM';
  events: RangeEvent[];
}

/** One advisory as it applies to one package. */
export interface CompactAdvisory {
  id: string;
  aliases: string[];
  summary: string;
  modified: string;
  ranges: AffectedRange[];
  versions: string[];
  /** CVSS vectors as published (v3.x and/or v4). */
  cvssV3?: string;
  cvssV4?: string;
  /** Qualitative severity from database_specific (GHSA style: LOW/MODERATE/HIGH/CRITICAL). */
  severityLabel?: string;
  cwe: string[];
  references: string[];
  /** database_specific "patched_versions" (">=2.0.3"), for ranges that publish no `fixed` event. */
  patched?: string;
  /** database_specific "last_known_affected_version_range" ("<= 2.0.2"), likewise. */
  lastKnownAffected?: string;
}

export interface EcosystemMeta {
  records: number;
  /** Newest `modified` among this ecosystem's records. */
  date: string | null;
  source: string;
  importedAt: string;
}

export interface AdvisoryMeta {
  format: 1;
  /** Newest `modified` over all ecosystems (ISO), or null when empty. */
  date: string | null;
  records: number;
  source: string;
  importedAt: string;
  /** Each ecosystem is replaced by the import that contained it; the others are kept. */
  ecosystems: Partial<Record<Ecosystem, EcosystemMeta>>;
}

export interface AdvisoryDb {
  dir: string;
  meta: AdvisoryMeta;
  /** Advisories for one package (name normalized per ecosystem). */
  lookup(ecosystem: Ecosystem, name: string): CompactAdvisory[];
}
