// Baseline files: a JSON list of accepted finding ids. Findings listed there are hidden (report.suppressed) so
// only new ones are reported. A previous report.json is accepted as a baseline too.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Report } from '../types';
import { ScanError } from '../errors';

const ID = /^[0-9a-f]{8,64}$/;

export function readBaseline(file: string): Set<string> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : 'it is not valid JSON';
    throw new ScanError('bad-baseline', `Cannot use baseline file ${file}: ${why}.`);
  }
  const ids = baselineIds(data);
  if (!ids) {
    throw new ScanError(
      'bad-baseline',
      `Baseline file ${file} must be a JSON list of finding ids (as written by "duescan scan --write-baseline") or a DueScan report.json.`,
    );
  }
  return new Set(ids);
}

function baselineIds(data: unknown): string[] | null {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { findings?: unknown }).findings)
      ? (data as { findings: unknown[] }).findings.map((f) => (f as { id?: unknown })?.id)
      : null;
  if (!list || !list.every((id) => typeof id === 'string' && ID.test(id))) return null;
  return list as string[];
}

/** Ids to accept: every reported finding plus those already hidden by a baseline (so re-baselining keeps them). */
export function baselineFromReport(report: Report): string[] {
  const ids = new Set(report.findings.map((f) => f.id));
  for (const s of report.suppressed) if (s.reason === 'baseline') ids.add(s.id);
  return [...ids].sort();
}

export function writeBaseline(report: Report, file: string): string[] {
  const ids = baselineFromReport(report);
  writeFileSync(file, JSON.stringify(ids, null, 2) + '\n', { mode: 0o644 });
  return ids;
}
