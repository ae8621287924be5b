// Counts behind the charts: risk matrix, OWASP Top 10, CWE, and findings grouped by rule.
import type { Confidence, Finding, Severity } from '@duescan/engine';
import { CONFIDENCE_ORDER, CWE_NAME, OWASP_2021, SEVERITY_ORDER, owaspKey } from './labels';

const sevRank = (s: Severity) => SEVERITY_ORDER.indexOf(s);
const confRank = (c: Confidence) => CONFIDENCE_ORDER.indexOf(c);
/** The engine's triage-model rating (absent in older reports and for findings it does not rate: no effect). */
const modelRating = (f: Finding) => (typeof f.properties?.modelProbability === 'number' ? f.properties.modelProbability : -1);

/** Most severe first, then most certain (the triage model's rating within a confidence), then by place in the code, so the order is stable. */
export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return [...findings].sort(
    (a, b) =>
      sevRank(a.severity) - sevRank(b.severity) ||
      confRank(a.confidence) - confRank(b.confidence) ||
      modelRating(b) - modelRating(a) ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.location.file.localeCompare(b.location.file) ||
      a.location.startLine - b.location.startLine ||
      a.id.localeCompare(b.id),
  );
}

/** matrix[severity][confidence] = number of findings. */
export function riskMatrix(findings: Finding[]): Record<Severity, Record<Confidence, number>> {
  const m = Object.fromEntries(SEVERITY_ORDER.map((s) => [s, { high: 0, medium: 0, low: 0 }])) as Record<Severity, Record<Confidence, number>>;
  for (const f of findings) m[f.severity][f.confidence]++;
  return m;
}

export interface CountRow {
  id: string;
  name: string;
  count: number;
}

/** All ten categories, in OWASP order, including zeros: an empty row is information too. */
export function owaspCounts(findings: Finding[]): CountRow[] {
  const counts = new Map<string, number>();
  for (const f of findings) {
    for (const key of new Set(f.owasp.map(owaspKey).filter((k): k is string => k !== null))) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return OWASP_2021.map((o) => ({ id: o.id, name: o.name, count: counts.get(o.id) ?? 0 }));
}

export function cweCounts(findings: Finding[], limit = 10): CountRow[] {
  const counts = new Map<string, number>();
  for (const f of findings) for (const cwe of new Set(f.cwe)) counts.set(cwe, (counts.get(cwe) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en', { numeric: true }))
    .slice(0, limit)
    .map(([id, count]) => ({ id, name: CWE_NAME[id] ?? '', count }));
}
