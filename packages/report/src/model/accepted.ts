// Accepted findings and score coverage, in words shared by the PDF and the HTML: the "Accepted by the project owner"
// section (findings a baseline, an inline duescan-ignore or .duescanignore took off the open list, with the mechanism
// and the owner's reason) and the categories that were not assessed.
import type { AcceptedFinding } from '@duescan/engine';
import type { ReportModel } from './build-model';

export const MECHANISM_LABEL: Record<AcceptedFinding['acceptance']['mechanism'], string> = {
  baseline: 'Baseline file',
  inline: 'Inline comment',
  'ignore-file': '.duescanignore',
};

export const ACCEPTED_RULE =
  'An accepted finding is disclosed risk, not removed risk: it keeps costing its points in the score, counts in the ' +
  'verdict, and is not in the roadmap or the effort estimate because the owner chose not to fix it.';

/** The owner's words, or what is known when there are none (an ignore file entry carries no reason). */
export function acceptanceReason(f: AcceptedFinding): string {
  if (f.acceptance.reason) return f.acceptance.reason;
  return f.acceptance.mechanism === 'ignore-file' ? 'No reason: the path is listed in .duescanignore.' : 'No reason given.';
}

export function acceptedIntro(m: ReportModel): string {
  const n = m.accepted.length;
  const points = m.report.score.deductions.filter((d) => m.accepted.some((f) => f.id === d.findingId)).reduce((sum, d) => sum + d.points, 0);
  const by = Object.entries(MECHANISM_LABEL)
    .map(([mech, label]) => [label, m.accepted.filter((f) => f.acceptance.mechanism === mech).length] as const)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} by ${label === '.duescanignore' ? label : label.toLowerCase()}`)
    .join(', ');
  return (
    `The project owner accepted ${n} finding${n === 1 ? '' : 's'} instead of fixing ${n === 1 ? 'it' : 'them'} (${by}); ` +
    `${m.acceptedSerious} ${m.acceptedSerious === 1 ? 'is' : 'are'} critical or high. Together they cost ${points.toFixed(1)} points of the overall score. ${ACCEPTED_RULE}`
  );
}

/** How many findings the owner accepted, and that they are still scored; suppressed ones below the tier floor too. */
export function acceptedLine(m: ReportModel): string {
  const { report } = m;
  if (report.suppressed.length === 0) return 'none';
  if (!report.accepted) return `${report.suppressed.length} hidden by inline comments, .duescanignore or the baseline (this report was made before accepted findings were listed)`;
  const shown = m.accepted.length;
  const below = report.suppressed.length - shown;
  return (
    `${shown} accepted by the project owner (inline comments with a reason, .duescanignore or the baseline), listed in their own section and still scored` +
    (below > 0 ? `; ${below} more below this package's severity floor or finding cap` : '')
  );
}

/** The categories without a score and why, or 'nothing' (every category assessed). */
export function notAssessedLine(m: ReportModel): string {
  const rows = m.categories.filter((c) => !c.assessed);
  return rows.length === 0 ? 'nothing: every score category was assessed' : rows.map((c) => `${c.label} (${c.reason})`).join('; ');
}

/** The risk charts count accepted findings too (as the score does); say so when there are any. */
export function riskScopeNote(m: ReportModel): string {
  const n = m.accepted.length;
  return n === 0 ? '' : ` The charts include the ${n} finding${n === 1 ? '' : 's'} accepted by the project owner, as the score does.`;
}
