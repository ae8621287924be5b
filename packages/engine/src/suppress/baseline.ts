// Baseline files: a JSON list of accepted findings, each a finding id or { "id": ..., "reason": ... }. Listed
// findings are accepted (report.accepted: still scored and disclosed) so only new ones are open. A previous
// report.json is accepted as a baseline too.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Report } from '../types';
import { ScanError } from '../errors';

const ID = /^[0-9a-f]{8,64}$/;

/** Accepted finding id -> the owner's reason (undefined when the entry gives none). */
export type Baseline = Map<string, string | undefined>;

export interface BaselineEntry {
  id: string;
  reason?: string;
}

export function readBaseline(file: string): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : 'it is not valid JSON';
    throw new ScanError('bad-baseline', `Cannot use baseline file ${file}: ${why}.`);
  }
  const entries = baselineEntries(data);
  if (!entries) {
    throw new ScanError(
      'bad-baseline',
      `Baseline file ${file} must be a JSON list of finding ids or { "id": ..., "reason": ... } entries (as written by "duescan scan --write-baseline"), or a DueScan report.json.`,
    );
  }
  return new Map(entries.map((e) => [e.id, e.reason]));
}

function baselineEntries(data: unknown): BaselineEntry[] | null {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const findings = (data as { findings?: unknown }).findings;
    if (!Array.isArray(findings)) return null;
    const ids = findings.map((f) => (f as { id?: unknown })?.id);
    return ids.every((id) => typeof id === 'string' && ID.test(id)) ? (ids as string[]).map((id) => ({ id })) : null;
  }
  if (!Array.isArray(data)) return null;
  const out: BaselineEntry[] = [];
  for (const item of data) {
    if (typeof item === 'string' && ID.test(item)) out.push({ id: item });
    else if (item && typeof item === 'object' && typeof item.id === 'string' && ID.test(item.id)) {
      const reason = (item as { reason?: unknown }).reason;
      if (reason !== undefined && reason !== null && typeof reason !== 'string') return null;
      out.push(typeof reason === 'string' && reason.trim() ? { id: item.id, reason: reason.trim() } : { id: item.id });
    } else return null;
  }
  return out;
}

/**
 * Entries to accept: every open finding plus those already accepted by a baseline (so re-baselining keeps them and
 * their reasons). Entries with a reason are written as objects, the rest as plain ids.
 */
export function baselineFromReport(report: Report): (string | BaselineEntry)[] {
  const reasons = new Map<string, string | undefined>(report.findings.map((f) => [f.id, undefined]));
  for (const s of report.suppressed) if (s.reason === 'baseline') reasons.set(s.id, s.note);
  return [...reasons.keys()].sort().map((id) => {
    const reason = reasons.get(id);
    return reason ? { id, reason } : id;
  });
}

export function writeBaseline(report: Report, file: string): (string | BaselineEntry)[] {
  const entries = baselineFromReport(report);
  writeFileSync(file, JSON.stringify(entries, null, 2) + '\n', { mode: 0o644 });
  return entries;
}
