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
  'Fix first: at least one critical finding, or overall risk Critical. Ready with conditions: at least one ' +
  'high finding, or overall risk High or Medium. Ready: no critical or high findings and overall risk Low.';

export function verdictOf(report: Report): Verdict {
  const { critical, high } = report.counts;
  const risk = report.score.risk;
  const make = (level: VerdictLevel, reason: string): Verdict => ({ level, label: VERDICT_LABEL[level], reason });
  if (critical > 0) return make('fix-first', `${critical} critical finding${critical === 1 ? '' : 's'} must be fixed before the code can pass a technical review.`);
  if (risk === 'Critical') return make('fix-first', 'The overall risk is Critical: the number of serious findings is too high to accept.');
  if (high > 0) return make('conditions', `No critical findings, but ${high} high-severity finding${high === 1 ? '' : 's'} should be fixed or scheduled as a condition of the round.`);
  if (risk !== 'Low') return make('conditions', `No critical or high findings; the overall risk is ${risk} because of the number of medium findings.`);
  return make('ready', 'No critical or high findings and a Low overall risk.');
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
