// Which sections a report has. Quick is a short preview; the paid tiers get the full report. A section
// whose analyzer did not run is left out (the methodology says what was not analysed).
import type { AnalyzerId, Report } from '@duescan/engine';

export type SectionId =
  | 'summary'
  | 'scorecard'
  | 'risk'
  | 'findings'
  | 'dependencies'
  | 'licenses'
  | 'secrets'
  | 'quality'
  | 'roadmap'
  | 'methodology'
  | 'appendix';

export const SECTION_TITLE: Record<SectionId, string> = {
  summary: 'Executive summary',
  scorecard: 'Scorecard',
  risk: 'Risk analysis',
  findings: 'Findings',
  dependencies: 'Dependencies',
  licenses: 'Licenses',
  secrets: 'Secrets',
  quality: 'Code quality and team',
  roadmap: 'Remediation roadmap',
  methodology: 'Methodology and limitations',
  appendix: 'Appendix',
};

export function sectionsFor(report: Report): SectionId[] {
  const ran = (id: AnalyzerId) => report.analyzers.some((a) => a.id === id && a.status !== 'skipped');
  if (report.tier === 'quick') return ['summary', 'scorecard', 'findings', 'methodology'];
  const out: SectionId[] = ['summary', 'scorecard', 'risk', 'findings'];
  if (ran('deps')) out.push('dependencies');
  if (ran('licenses')) out.push('licenses');
  if (ran('secrets')) out.push('secrets');
  if (report.metrics.quality || report.metrics.history) out.push('quality');
  out.push('roadmap', 'methodology', 'appendix');
  return out;
}
