// Triage files (triage/<name>.csv): one hand-written verdict per finding id, and the pure arithmetic over them:
// which mediums are sampled, what is triaged, precision. No I/O beyond reading/writing the CSV text.
import { createHash } from 'node:crypto';

export const TRIAGE_HEADER = 'id,rule,severity,location,verdict,reason';
export const VERDICTS = ['true', 'false', 'debatable'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const MEDIUM_SAMPLE_SIZE = 20;

export interface TriageRow {
  id: string;
  rule: string;
  severity: string;
  location: string;
  /** Empty when the row is a pre-filled placeholder not yet triaged. */
  verdict: Verdict | '';
  reason: string;
}

/** The fields of a finding this benchmark reads (a subset of the engine's Finding). */
export interface FindingLike {
  id: string;
  ruleId: string;
  severity: string;
  location: { file: string; startLine: number };
}

export class TriageError extends Error {}

/** Splits one CSV line (RFC 4180 quoting; no embedded newlines, which triage reasons never need). */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new TriageError('unterminated quote');
  cells.push(cell);
  return cells;
}

export function csvCell(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(flat) || flat !== flat.trim() ? `"${flat.replace(/"/g, '""')}"` : flat;
}

export function parseTriage(text: string, source: string): Map<string, TriageRow> {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== TRIAGE_HEADER) throw new TriageError(`${source}: the first line must be "${TRIAGE_HEADER}".`);
  const rows = new Map<string, TriageRow>();
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const where = `${source}:${i + 2}`;
    let cells: string[];
    try {
      cells = splitCsvLine(line);
    } catch (e) {
      throw new TriageError(`${where}: ${(e as Error).message}.`);
    }
    if (cells.length !== 6) throw new TriageError(`${where}: expected 6 cells (${TRIAGE_HEADER}), got ${cells.length}.`);
    const [id, rule, severity, location, verdict, reason] = cells.map((c) => c.trim()) as [string, string, string, string, string, string];
    if (!id) throw new TriageError(`${where}: empty id.`);
    if (verdict !== '' && !(VERDICTS as readonly string[]).includes(verdict)) {
      throw new TriageError(`${where}: verdict must be one of ${VERDICTS.join(', ')} (or empty), got "${verdict}".`);
    }
    if (verdict && !reason) throw new TriageError(`${where}: a verdict needs a one-line reason.`);
    if (rows.has(id)) throw new TriageError(`${where}: id ${id} is triaged twice.`);
    rows.set(id, { id, rule, severity, location, verdict: verdict as Verdict | '', reason });
  });
  return rows;
}

export function formatTriage(rows: TriageRow[]): string {
  const body = rows.map((r) => [r.id, r.rule, r.severity, r.location, r.verdict, r.reason].map(csvCell).join(','));
  return [TRIAGE_HEADER, ...body].join('\n') + '\n';
}

export function locationOf(f: FindingLike): string {
  return f.location.startLine > 0 ? `${f.location.file}:${f.location.startLine}` : f.location.file;
}

export function placeholderRow(f: FindingLike): TriageRow {
  return { id: f.id, rule: f.ruleId, severity: f.severity, location: locationOf(f), verdict: '', reason: '' };
}

/** A seeded random rank: the same project and id always rank the same, whatever else the report holds. */
function rank(seed: string, id: string): string {
  return createHash('sha256').update(`${seed}\0${id}`).digest('hex');
}

/**
 * The medium findings to triage: every medium already triaged (so a verdict once written keeps counting), topped
 * up to MEDIUM_SAMPLE_SIZE with the untriaged mediums of lowest seeded rank. Ranking each id independently (not
 * shuffling the list) keeps the sample stable when unrelated findings appear or disappear between engine versions.
 */
export function mediumSample<F extends FindingLike>(seed: string, findings: F[], triage: Map<string, TriageRow>, size = MEDIUM_SAMPLE_SIZE): F[] {
  const mediums = findings.filter((f) => f.severity === 'medium');
  const kept = mediums.filter((f) => triage.get(f.id)?.verdict);
  const rest = mediums
    .filter((f) => !triage.get(f.id)?.verdict)
    .map((f) => ({ f, r: rank(seed, f.id) }))
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
    .slice(0, Math.max(0, size - kept.length))
    .map((x) => x.f);
  return [...kept, ...rest];
}

export interface Tally {
  true: number;
  false: number;
  debatable: number;
  untriaged: number;
}

export function tally(findings: FindingLike[], triage: Map<string, TriageRow>): Tally {
  const t: Tally = { true: 0, false: 0, debatable: 0, untriaged: 0 };
  for (const f of findings) {
    const v = triage.get(f.id)?.verdict;
    if (v) t[v]++;
    else t.untriaged++;
  }
  return t;
}

export function addTally(a: Tally, b: Tally): Tally {
  return { true: a.true + b.true, false: a.false + b.false, debatable: a.debatable + b.debatable, untriaged: a.untriaged + b.untriaged };
}

/** true ÷ triaged (debatable counts as triaged, not true); null when nothing is triaged. */
export function precision(t: Tally): number | null {
  const triaged = t.true + t.false + t.debatable;
  return triaged === 0 ? null : t.true / triaged;
}
