// PDF for third-party models' votes on a finding, the Ultra scenario they wrote, and the methodology part.
import type { Finding, Report } from '@duescan/engine';
import { aiDisclosureRows, aiModelLines, aiStatement, nothingSentLine, scenarioHeading, scenarioParts, voteHeadline, voteLines } from '../../model/ai';
import { BRAND } from '../../model/labels';
import type { PdfWriter } from '../writer';

/** Draws the vote under a finding; `label` draws a small-caps block label at the card's indent. */
export function drawAiReview(w: PdfWriter, f: Finding, x: number, label: (text: string) => void): void {
  const review = f.aiReview;
  if (!review) return;
  label('AI review');
  w.para(voteHeadline(review), { x, size: 9, font: 'bold' });
  for (const line of voteLines(review)) w.para(`• ${line}`, { x: x + 4, size: 8.5, gap: 2 });
  w.y += 2;
  if (!review.scenario) return;
  label(scenarioHeading(review.scenario));
  for (const part of scenarioParts(review.scenario)) {
    w.para(part.label, { x, size: 8.5, font: 'bold', gap: 1 });
    part.items.forEach((item, i) => w.para(part.items.length > 1 ? `${i + 1}. ${item}` : item, { x: x + 4, size: 8.5, gap: 2 }));
  }
}

export function drawAiMethodology(w: PdfWriter, report: Report): void {
  const statement = aiStatement(report);
  if (!statement) return;
  w.para(statement, { size: 9 });
  w.bullets(aiModelLines(report), { size: 8.5 });
  w.h2('What left the machine');
  const rows = aiDisclosureRows(report);
  if (rows.length === 0) {
    w.para(nothingSentLine(report), { size: 9, color: BRAND.muted });
    return;
  }
  w.table(
    [
      { header: 'Finding', width: 95 },
      { header: 'File', width: 150 },
      { header: 'Lines sent', width: 70 },
      { header: 'Sent to', width: w.width - 315 },
    ],
    rows,
    { size: 7.5 },
  );
}
