// Everything the renderers show that is derived rather than copied: one model, two renderers (PDF, HTML).
import { CATEGORY_ANALYZER } from '@duescan/engine';
import type { AcceptedFinding, Category, Confidence, Finding, Report, Severity, SkippedFile } from '@duescan/engine';
import { cweCounts, owaspCounts, riskMatrix, sortFindings, type CountRow } from './aggregates';
import { effortOf, verdictOf, type EffortRow, type Verdict } from './assessment';
import { risksOf, strengthsOf } from './highlights';
import { roadmapOf, type RoadmapPhase } from './roadmap';
import { sectionsFor, type SectionId } from './sections';
import { CATEGORY_LABEL, TIER_LABEL, languageName } from './labels';
import { ANALYZER_LABEL } from './text';

export interface Repeats {
  impact?: string;
  fix?: string;
  references?: string;
}

/** One scorecard row: a score, or "not assessed" with the reason (never a number for what was not checked). */
export interface CategoryRow {
  category: Category;
  label: string;
  assessed: boolean;
  score: number | null;
  reason: string;
  weight: number;
  deductions: number;
}

export interface SkippedCount {
  reason: SkippedFile['reason'];
  label: string;
  count: number;
}

export interface ReportModel {
  report: Report;
  sections: SectionId[];
  findings: Finding[];
  /** Findings the owner accepted (baseline, inline, ignore file): shown apart, still scored. */
  accepted: AcceptedFinding[];
  /** Accepted critical and high findings. */
  acceptedSerious: number;
  categories: CategoryRow[];
  /** Skipped files counted by reason (the full list stays in the JSON report). */
  skippedByReason: SkippedCount[];
  /** Finding id -> for each part already printed for an earlier finding of the same rule, that finding's id. */
  sameAs: Map<string, Repeats>;
  verdict: Verdict;
  effort: { rows: EffortRow[]; totalHours: number; days: number };
  strengths: string[];
  risks: string[];
  /** Open and accepted findings, like the score. */
  matrix: Record<Severity, Record<Confidence, number>>;
  owasp: CountRow[];
  cwe: CountRow[];
  roadmap: RoadmapPhase[];
  secrets: Finding[];
  /** What was not analysed, in words. */
  notAnalysed: string[];
  languages: string;
}

const SKIP_LABEL: Record<SkippedFile['reason'], string> = {
  'too-large': 'Larger than the size limit',
  binary: 'Binary',
  unreadable: 'Unreadable',
  'parse-error': 'Could not be parsed',
  minified: 'Minified',
  generated: 'Generated',
  timeout: 'Analysis timed out',
  'broken-lockfile': 'Broken lockfile',
  'stale-lockfile': 'Lockfile of a tool the project no longer uses',
};

export function skippedByReasonOf(skipped: SkippedFile[]): SkippedCount[] {
  const counts = new Map<SkippedFile['reason'], number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]) => ({ reason, label: SKIP_LABEL[reason] ?? reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

function categoriesOf(report: Report): CategoryRow[] {
  return report.score.categories.map((c) => {
    const assessed = c.assessed !== false && c.score !== null;
    return {
      category: c.category,
      label: CATEGORY_LABEL[c.category],
      assessed,
      score: assessed ? c.score : null,
      reason: assessed ? '' : (c.notAssessedReason ?? 'no data'),
      weight: c.weight,
      deductions: c.deductions,
    };
  });
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
  // Analyzers that ran but had nothing to assess (no manifest, no git history): their category has no score.
  for (const c of report.score.categories) {
    if (c.assessed !== false || report.analyzers.find((a) => a.id === CATEGORY_ANALYZER[c.category])?.status !== 'ok') continue;
    if (c.category === 'dependencies' && !report.advisoryDatabase.date && report.dependencies.length > 0) continue; // said above
    out.push(`${CATEGORY_LABEL[c.category]}: not assessed — ${c.notAssessedReason ?? 'no data'}.`);
  }
  if (report.skipped.length > 0) {
    const by = skippedByReasonOf(report.skipped).map((s) => `${s.count} ${s.label.toLowerCase()}`).join(', ');
    out.push(`${report.skipped.length} file${report.skipped.length === 1 ? ' was' : 's were'} skipped: ${by} (the full list is in the JSON report).`);
  }
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
  const accepted = sortFindings(report.accepted ?? []);
  return {
    report,
    sections: sectionsFor(report),
    findings,
    accepted,
    acceptedSerious: accepted.filter((f) => f.severity === 'critical' || f.severity === 'high').length,
    categories: categoriesOf(report),
    skippedByReason: skippedByReasonOf(report.skipped),
    sameAs,
    verdict: verdictOf(report),
    effort: effortOf(findings),
    strengths: strengthsOf(report),
    risks: risksOf(report),
    // The risk picture covers what the score covers: open and accepted findings.
    matrix: riskMatrix([...findings, ...accepted]),
    owasp: owaspCounts([...findings, ...accepted]),
    cwe: cweCounts([...findings, ...accepted]),
    roadmap: roadmapOf(findings),
    secrets: findings.filter((f) => f.category === 'secrets'),
    notAnalysed: notAnalysedOf(report),
    languages: languages || 'none detected',
  };
}
