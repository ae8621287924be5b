// Turns one raw OSV record (untrusted JSON) into compact per-package advisories. Malformed parts are
// dropped, not fatal: one bad record must never break an import of thousands.
import { isSupportedEcosystem, normalizePackageName } from './package-name';
import type { AffectedRange, CompactAdvisory, Ecosystem, RangeEvent } from './types';

export interface PackageAdvisory {
  ecosystem: Ecosystem;
  name: string;
  advisory: CompactAdvisory;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

function parseEvents(raw: unknown): RangeEvent[] {
  const events: RangeEvent[] = [];
  for (const e of list(raw)) {
    const introduced = str(e.introduced);
    const fixed = str(e.fixed);
    const lastAffected = str(e.last_affected);
    if (introduced) events.push({ introduced });
    else if (fixed) events.push({ fixed });
    else if (lastAffected) events.push({ last_affected: lastAffected });
  }
  return events;
}

function parseRanges(raw: unknown): AffectedRange[] {
  const ranges: AffectedRange[] = [];
  for (const r of list(raw)) {
    if (r.type !== 'SEMVER' && r.type !== 'ECOSYSTEM') continue;
    const events = parseEvents(r.events);
    if (events.some((e) => e.introduced !== undefined)) ranges.push({ type: r.type, events });
  }
  return ranges;
}

function severityVectors(record: Json, affected: Json): { cvssV3?: string; cvssV4?: string } {
  const out: { cvssV3?: string; cvssV4?: string } = {};
  for (const s of [...list(affected.severity), ...list(record.severity)]) {
    const score = str(s.score);
    if (!score) continue;
    if (s.type === 'CVSS_V3' && !out.cvssV3 && score.startsWith('CVSS:3.')) out.cvssV3 = score;
    if (s.type === 'CVSS_V4' && !out.cvssV4 && score.startsWith('CVSS:4.')) out.cvssV4 = score;
  }
  return out;
}

/**
 * A sentence that only introduces the package ("TensorFlow is an open source platform for machine learning."):
 * many records without a summary open their details with one, and it says nothing about the vulnerability.
 */
const PACKAGE_INTRO = /^[\w.\- ]{1,60}? (?:is|are) (?:a|an) /;
const ABOUT_A_FLAW = /vulnerab|attack|allow|inject|overflow|denial|bypass|travers|forg|leak|crash|arbitrary|malicious|unsafe/i;

/** The advisory's summary, else the first sentence of its details that is about the flaw, not the package. */
function summaryOf(record: Json): string {
  const summary = str(record.summary);
  if (summary) return summary.slice(0, 300);
  const sentences = (str(record.details) ?? '').split(/\n|(?<=\.)\s/).map((t) => t.trim()).filter(Boolean);
  const first = sentences.find((t) => !(PACKAGE_INTRO.test(t) && !ABOUT_A_FLAW.test(t))) ?? sentences[0] ?? '';
  return first.slice(0, 300);
}

/** Some records write "2023-08-22 06:18:00+00:00"; store ISO 8601 UTC so dates compare as strings. */
function isoDate(value: unknown): string {
  const text = str(value);
  const time = text ? Date.parse(text) : NaN;
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

function ecosystemOf(raw: unknown): Ecosystem | undefined {
  const value = str(raw)?.split(':')[0];
  return isSupportedEcosystem(value) ? value : undefined;
}

/** What the database says is patched when a range has no `fixed` event (per package first, then per record). */
function patchData(affected: Json, record: Json): { patched?: string; lastKnownAffected?: string } {
  const own = isObject(affected.database_specific) ? affected.database_specific : {};
  const patched = str(own.patched_versions) ?? str(record.patched_versions);
  const last = str(own.last_known_affected_version_range) ?? str(record.last_known_affected_version_range);
  return { ...(patched ? { patched } : {}), ...(last ? { lastKnownAffected: last } : {}) };
}

export function normalizeOsvRecord(raw: unknown): PackageAdvisory[] {
  if (!isObject(raw)) return [];
  const id = str(raw.id);
  if (!id || str(raw.withdrawn)) return [];
  const dbSpecific = isObject(raw.database_specific) ? raw.database_specific : {};
  const base = {
    id,
    aliases: strings(raw.aliases),
    summary: summaryOf(raw),
    modified: isoDate(raw.modified),
    severityLabel: str(dbSpecific.severity),
    cwe: strings(dbSpecific.cwe_ids),
    references: list(raw.references)
      .map((r) => str(r.url))
      .filter((u): u is string => u !== undefined && /^https?:\/\//.test(u))
      .slice(0, 5),
  };
  const out: PackageAdvisory[] = [];
  for (const affected of list(raw.affected)) {
    const pkg = isObject(affected.package) ? affected.package : {};
    const ecosystem = ecosystemOf(pkg.ecosystem);
    const name = str(pkg.name);
    if (!ecosystem || !name) continue;
    const ranges = parseRanges(affected.ranges);
    const versions = strings(affected.versions);
    if (ranges.length === 0 && versions.length === 0) continue;
    const advisory: CompactAdvisory = { ...base, ranges, versions, ...severityVectors(raw, affected), ...patchData(affected, dbSpecific) };
    if (advisory.severityLabel === undefined) delete advisory.severityLabel;
    out.push({ ecosystem, name: normalizePackageName(ecosystem, name), advisory });
  }
  return out;
}
