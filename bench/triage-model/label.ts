// Pairing hand-written verdicts with the current engine's findings, for the triage model's dataset. Pure: the
// reports and CSV rows come in, labelled findings and match counts go out.
import type { Finding } from '../../packages/engine/src/types';
import { type TriageRow, locationOf } from '../real-world/triage';
import { type Label, onLabelledLine } from '../vuln-apps/match';

export interface Labelled {
  finding: Finding;
  /** 1 = real, 0 = false positive. */
  label: 0 | 1;
  /** How the verdict was paired with the finding. */
  how: 'id' | 'rule+location' | 'label' | 'triage';
}

export interface MatchStats {
  rows: number;
  byId: number;
  byLocation: number;
  /** Rows judged "debatable": neither real nor false, left out of training and evaluation. */
  debatable: number;
  unmatched: number;
}

/**
 * Real-world triage rows were written against several engine versions: a row pairs with the finding of the same
 * stable id, else with one of the same rule at the same path:line. Rows that pair with nothing are left out (never
 * guessed); each finding takes at most one row.
 */
export function matchTriage(findings: readonly Finding[], rows: Iterable<TriageRow>): { labelled: Labelled[]; stats: MatchStats } {
  const stats: MatchStats = { rows: 0, byId: 0, byLocation: 0, debatable: 0, unmatched: 0 };
  const byId = new Map(findings.map((f) => [f.id, f]));
  const used = new Set<Finding>();
  const labelled: Labelled[] = [];
  const pending: TriageRow[] = [];
  for (const row of rows) {
    if (!row.verdict) continue;
    stats.rows++;
    if (row.verdict === 'debatable') {
      stats.debatable++;
      continue;
    }
    const f = byId.get(row.id);
    if (f && !used.has(f)) {
      used.add(f);
      stats.byId++;
      labelled.push({ finding: f, label: row.verdict === 'true' ? 1 : 0, how: 'id' });
    } else pending.push(row);
  }
  // Location matches only after every id match, so an old row cannot take a finding another row names by id.
  for (const row of pending) {
    const f = findings.find((x) => !used.has(x) && x.ruleId === row.rule && locationOf(x) === row.location);
    if (!f) {
      stats.unmatched++;
      continue;
    }
    used.add(f);
    stats.byLocation++;
    labelled.push({ finding: f, label: row.verdict === 'true' ? 1 : 0, how: 'rule+location' });
  }
  return { labelled, stats };
}

/**
 * Vulnerable apps: a finding that confirms a documented flaw (same file, ±2 lines, CWE family) is real; any other
 * is labelled only when vuln-apps/triage.csv judges it (keyed project|file|line|rule). The rest stay unlabelled.
 */
export function labelVulnApp(project: string, findings: readonly Finding[], labels: Label[], triage: ReadonlyMap<string, 'true' | 'false'>): Labelled[] {
  const out: Labelled[] = [];
  for (const f of findings) {
    const hit = { file: f.location.file, line: f.location.startLine, cwes: f.cwe, rule: f.ruleId };
    if (f.cwe.length > 0 && onLabelledLine(hit, labels)) {
      out.push({ finding: f, label: 1, how: 'label' });
      continue;
    }
    const verdict = triage.get(`${project}|${hit.file}|${hit.line}|${hit.rule}`);
    if (verdict) out.push({ finding: f, label: verdict === 'true' ? 1 : 0, how: 'triage' });
  }
  return out;
}
