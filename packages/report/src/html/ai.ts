// HTML for third-party models' votes on a finding, the Ultra scenario they wrote, and the methodology part.
import type { Finding, Report } from '@duescan/engine';
import { aiDisclosureRows, aiModelLines, aiStatement, nothingSentLine, scenarioHeading, scenarioParts, voteHeadline, voteLines } from '../model/ai';
import { esc } from './escape';
import { table } from './sections-main';

export function aiReviewHtml(f: Finding): string {
  const review = f.aiReview;
  if (!review) return '';
  const scenario = review.scenario
    ? `<h5>${esc(scenarioHeading(review.scenario))}</h5>${scenarioParts(review.scenario).map((p) => `<p><b>${esc(p.label)}.</b></p><ul>${p.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`).join('')}`
    : '';
  return `<h5>AI review</h5><p><b>${esc(voteHeadline(review))}</b></p><ul class="vote">${voteLines(review).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>${scenario}`;
}

/** Models that ran and what left the machine; empty when none ran (the methodology line says so). */
export function aiMethodologyHtml(report: Report): string {
  const statement = aiStatement(report);
  if (!statement) return '';
  const rows = aiDisclosureRows(report);
  return `<p>${esc(statement)}</p><ul>${aiModelLines(report).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
<h3>What left the machine</h3>${rows.length ? table(['Finding', 'File', 'Lines sent', 'Sent to'], rows.map(([id, file, lines, to]) => [`<code>${esc(id)}</code>`, `<code>${esc(file)}</code>`, esc(lines), esc(to)])) : `<p class="muted">${esc(nothingSentLine(report))}</p>`}`;
}
