// Everything the renderers show that is derived rather than copied: one model, two renderers (PDF, HTML).
import type { Confidence, Finding, Report, Severity } from '@duescan/engine';
import { cweCounts, owaspCounts, riskMatrix, sortFindings, type CountRow } from './aggregates';
import { effortOf, verdictOf, type EffortRow, type Verdict } from './assessment';
import { risksOf, strengthsOf } from './highlights';
import { roadmapOf, type RoadmapPhase } from './roadmap';
import { sectionsFor, type SectionId } from './sections';
import { TIER_LABEL, languageName } from './labels';
import { ANALYZER_LABEL } from './text';

export interface Repeats {
  impact?: string;
  fix?: string;
  references?: string;
}

export interface ReportModel {
  report: Report;
  sections: SectionId[];
  findings: Finding[];
  /** Finding id -> for each part already printed for an earlier finding of the same rule, that finding's id. */
  sameAs: Map<string, Repeats>;
  verdict: Verdict;
  effort: { rows: EffortRow[]; totalHours: number; days: number };
  strengths: string[];
  risks: string[];
  matrix: Record<Severity, Record<Confidence, number>>;
  owasp: CountRow[];
  cwe: CountRow[];
  roadmap: RoadmapPhase[];
  secrets: Finding[];
  /** What was not analysed, in words. */
  notAnalysed: string[];
  languages: string;
}

function notAnalysedOf(report: Report): string[] {
  const out: string[] = [];
  const all = Object.keys(ANALYZER_LABEL);
  for (const id of all) {
    const run = report.analyzers.find((a) => a.id === id);
    if (!run) out.push(`${ANALYZER_LABEL[id]}: not part of the ${TIER_LABEL[report.tier]} package.`);
    else if (run.status !== 'ok') out.push(`${ANALYZER_LABEL[id]}: ${run.status === 'error' ? 'failed' : 'skipped'}${run.note ? ` — ${run.note.replace(/\.$/, '')}` : ''}.`);
    // An analyzer can finish and still say it could not look at something (e.g. no git history).
    else if (run.note) out.push(`${ANALYZER_LABEL[id]} — ${run.note.replace(/\.$/, '')}.`);
  }
  if (!report.advisoryDatabase.date && report.analyzers.some((a) => a.id === 'deps')) {
    out.push('Dependency vulnerabilities: no advisory database was available, so no package could be matched against known vulnerabilities.');
  }
  if (report.skipped.length > 0) out.push(`${report.skipped.length} file${report.skipped.length === 1 ? ' was' : 's were'} skipped (listed in the appendix).`);
  return out;
}

export function buildModel(report: Report): ReportModel {
  const findings = sortFindings(report.findings);
  // Impact, fix and references are printed once per rule and identical text; later findings point back.
  // Each part is compared on its own: dependency findings share the impact but not the fixed version.
  const firstOf = new Map<string, string>();
  const sameAs = new Map<string, Repeats>();
  for (const f of findings) {
    const repeats: Repeats = {};
    const parts: [keyof Repeats, string][] = [
      ['impact', f.impact ?? ''],
      ['fix', [f.fix.guidance, f.fix.example ?? '', f.fix.fixedVersion ?? ''].join('\0')],
      ['references', f.references.map((r) => r.url).join('\0')],
    ];
    for (const [part, text] of parts) {
      const key = `${part}\0${f.ruleId}\0${text}`;
      const first = firstOf.get(key);
      if (first) repeats[part] = first;
      else firstOf.set(key, f.id);
    }
    if (Object.keys(repeats).length > 0) sameAs.set(f.id, repeats);
  }
  const languages = [...report.project.languages]
    .sort((a, b) => b.code - a.code)
    .map((l) => languageName(l.language))
    .join(', ');
  return {
    report,
    sections: sectionsFor(report),
    findings,
    sameAs,
    verdict: verdictOf(report),
    effort: effortOf(findings),
    strengths: strengthsOf(report),
    risks: risksOf(report),
    matrix: riskMatrix(findings),
    owasp: owaspCounts(findings),
    cwe: cweCounts(findings),
    roadmap: roadmapOf(findings),
    secrets: findings.filter((f) => f.category === 'secrets'),
    notAnalysed: notAnalysedOf(report),
    languages: languages || 'none detected',
  };
}
