// Turning analyzer results into the report's finding list: sanity checks, stable unique ids, ordering, tier cut.
import type { AnalyzerId, Finding, Report, Severity, TierPlan } from './types';
import { SEVERITIES } from './types';
import { fingerprint } from './fingerprint';

const CONFIDENCE_RANK = { high: 0, medium: 1, low: 2 } as const;

/** Findings from another analyzer are data we check: bad ones are dropped with a log line, never crash a scan. */
export function checkFindings(analyzer: AnalyzerId, findings: unknown, log: (m: string) => void): Finding[] {
  if (!Array.isArray(findings)) return [];
  const ok: Finding[] = [];
  for (const raw of findings as Finding[]) {
    const loc = raw?.location;
    if (!raw || typeof raw.ruleId !== 'string' || !loc || typeof loc.file !== 'string' || !SEVERITIES.includes(raw.severity)) {
      log(`${analyzer}: dropped a malformed finding (${typeof raw?.ruleId === 'string' ? raw.ruleId : 'no rule id'})`);
      continue;
    }
    // startLine 0 is "no line" (a finding about a whole file or the project); anything else invalid becomes line 1.
    const noLine = loc.startLine === 0;
    const startLine = noLine ? 0 : Number.isInteger(loc.startLine) && loc.startLine > 0 ? loc.startLine : 1;
    const endLine = noLine ? 0 : Number.isInteger(loc.endLine) && loc.endLine >= startLine ? loc.endLine : startLine;
    ok.push({
      ...raw,
      analyzer: raw.analyzer ?? analyzer,
      id: typeof raw.id === 'string' && raw.id ? raw.id : fingerprint(raw.ruleId, loc.file, raw.snippet ?? raw.message ?? ''),
      cwe: raw.cwe ?? [],
      owasp: raw.owasp ?? [],
      references: raw.references ?? [],
      location: { ...loc, startLine, endLine },
    });
  }
  return ok;
}

export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      CONFIDENCE_RANK[a.confidence] - CONFIDENCE_RANK[b.confidence] ||
      a.location.file.localeCompare(b.location.file) ||
      a.location.startLine - b.location.startLine ||
      a.ruleId.localeCompare(b.ruleId),
  );
}

/** The tier's severity floor and finding cap (Quick: critical/high, top 10), most severe first. */
export function applyTier<T extends Finding>(findings: T[], plan: TierPlan): T[] {
  const floor = SEVERITIES.indexOf(plan.minSeverity);
  const kept = sortFindings(findings).filter((f) => SEVERITIES.indexOf(f.severity) <= floor);
  return plan.maxFindings === null ? kept : kept.slice(0, plan.maxFindings);
}

export function countFindings(findings: Finding[]): Report['counts'] {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>;
  for (const f of findings) counts[f.severity]++;
  return { ...counts, total: findings.length };
}
