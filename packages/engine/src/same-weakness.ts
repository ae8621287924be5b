// "The same weakness at the same place": two findings on one file line that share a CWE describe one problem.
// Reporting both would double its weight in the score and its space in the report, so the better-informed
// finding is kept. Used inside SAST (taint over pattern: the trace) and across analyzers in scan().
import type { AnalyzerId, Finding } from './types';

function keys(f: Finding): string[] {
  return f.cwe.map((cwe) => `${f.location.file}\u0000${f.location.startLine}\u0000${cwe}`);
}

/** `others` minus the findings that report a CWE on a line where one of `preferred` already reports it. */
export function dropCovered(preferred: Finding[], others: Finding[]): Finding[] {
  const covered = new Set(preferred.flatMap(keys));
  return others.filter((f) => !keys(f).some((k) => covered.has(k)));
}

/**
 * Which analyzer's finding stands when two report the same weakness on the same line: the specialised
 * analyzers first (a secrets finding carries the secret type, redaction and rotation advice; a deps finding
 * the advisory), general code rules after them.
 */
export const ANALYZER_PRECEDENCE: readonly AnalyzerId[] = ['secrets', 'deps', 'licenses', 'config', 'sast', 'quality', 'history'];

/** Findings of all analyzers with cross-analyzer duplicates removed, keeping each analyzer's own order. */
export function dedupeAcrossAnalyzers(findings: Finding[]): Finding[] {
  const rank = (id: AnalyzerId) => ANALYZER_PRECEDENCE.indexOf(id);
  const byAnalyzer = new Map<AnalyzerId, Finding[]>();
  // Linear in the number of findings: an Ultra scan can have tens of thousands, and this runs on the caller's thread.
  for (const f of findings) {
    const list = byAnalyzer.get(f.analyzer);
    if (list) list.push(f);
    else byAnalyzer.set(f.analyzer, [f]);
  }
  const kept = new Set<Finding>();
  const covered = new Set<string>();
  for (const id of [...byAnalyzer.keys()].sort((a, b) => rank(a) - rank(b))) {
    const own = byAnalyzer.get(id)!.filter((f) => !keys(f).some((k) => covered.has(k)));
    for (const f of own) {
      kept.add(f);
      for (const k of keys(f)) covered.add(k);
    }
  }
  return findings.filter((f) => kept.has(f));
}
