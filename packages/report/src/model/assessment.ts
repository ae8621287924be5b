// The verdict and the remediation effort: the two rules an investor reads first. Both are documented in
// the report itself (RULE_TEXT), so a reader can check every conclusion against the counts.
import type { Finding, Report, Severity } from '@duescan/engine';
import { SEVERITY_ORDER } from './labels';

export type VerdictLevel = 'ready' | 'conditions' | 'fix-first';

export interface Verdict {
  level: VerdictLevel;
  label: string;
  /** One sentence: which part of the rule decided it, with the numbers. */
  reason: string;
}

export const VERDICT_LABEL: Record<VerdictLevel, string> = {
  ready: 'Ready',
  conditions: 'Ready with conditions',
  'fix-first': 'Fix first',
};

export const VERDICT_RULE =
  'Fix first: at least one critical finding, open or accepted by the project owner. Ready with conditions: at ' +
  'least one high finding (open or accepted), or overall risk High or Medium. Ready: no critical or high finding, ' +
  'open or accepted, and overall risk Low. Accepted findings count because accepting a risk discloses it; it does ' +
  'not remove it.';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "2 critical findings (1 of them accepted by the project owner)". */
function counted(open: number, accepted: number, severity: string): string {
  const total = open + accepted;
  const note = accepted === 0 ? '' : accepted === total ? ` (${total === 1 ? 'accepted' : 'all accepted'} by the project owner)` : ` (${accepted} of them accepted by the project owner)`;
  return `${plural(total, `${severity} finding`)}${note}`;
}

export function verdictOf(report: Report): Verdict {
  const accepted = report.accepted ?? [];
  const acc = (s: Severity) => accepted.filter((f) => f.severity === s).length;
  const { critical, high } = report.counts;
  const [aCritical, aHigh] = [acc('critical'), acc('high')];
  const risk = report.score.risk;
  const make = (level: VerdictLevel, reason: string): Verdict => ({ level, label: VERDICT_LABEL[level], reason });
  if (critical + aCritical > 0) return make('fix-first', `${counted(critical, aCritical, 'critical')} must be fixed before the code can pass a technical review.`);
  if (high + aHigh > 0) return make('conditions', `No critical findings, but ${counted(high, aHigh, 'high-severity')} should be fixed or scheduled as a condition of the round.`);
  if (risk !== 'Low') return make('conditions', `No critical or high findings; the overall risk is ${risk} (score ${Math.round(report.score.overall)}%) because of the number of medium and low findings.`);
  return make('ready', 'No critical or high findings, open or accepted, and a Low overall risk.');
}

/** Engineering hours to fix one finding of each severity: includes the fix, a test and review. */
export const HOURS_PER_FINDING: Record<Severity, number> = { critical: 8, high: 4, medium: 2, low: 1, info: 0 };

export const EFFORT_RULE =
  'Hours per finding: critical 8, high 4, medium 2, low 1, informational 0 (fix, regression test and code ' +
  'review by one engineer who knows the code). Dependency findings usually take less (an upgrade), findings ' +
  'that need a design change more; read the total as +/- 50%.';

export interface EffortRow {
  severity: Severity;
  count: number;
  hoursEach: number;
  hours: number;
}

export function effortOf(findings: Finding[]): { rows: EffortRow[]; totalHours: number; days: number } {
  const rows = SEVERITY_ORDER.map((severity) => {
    const count = findings.filter((f) => f.severity === severity).length;
    return { severity, count, hoursEach: HOURS_PER_FINDING[severity], hours: count * HOURS_PER_FINDING[severity] };
  });
  const totalHours = rows.reduce((sum, r) => sum + r.hours, 0);
  return { rows, totalHours, days: Math.ceil(totalHours / 8) };
}
