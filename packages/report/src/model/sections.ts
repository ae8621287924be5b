// Which sections a report has. Quick is a short preview; the paid tiers get the full report. A section
// whose analyzer did not run is left out (the methodology says what was not analysed).
import type { AnalyzerId, Report } from '@duescan/engine';

export type SectionId =
  | 'summary'
  | 'scorecard'
  | 'risk'
  | 'findings'
  | 'accepted'
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
  accepted: 'Accepted by the project owner',
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
  // Accepted findings get their own section in every package: what the owner chose not to fix is part of the picture.
  const accepted: SectionId[] = (report.accepted ?? []).length > 0 ? ['accepted'] : [];
  if (report.tier === 'quick') return ['summary', 'scorecard', 'findings', ...accepted, 'methodology'];
  const out: SectionId[] = ['summary', 'scorecard', 'risk', 'findings', ...accepted];
  if (ran('deps')) out.push('dependencies');
  if (ran('licenses')) out.push('licenses');
  if (ran('secrets')) out.push('secrets');
  if (report.metrics.quality || report.metrics.history) out.push('quality');
  out.push('roadmap', 'methodology', 'appendix');
  return out;
}
