// Scorecard: category sub-scores and how the overall score was computed.
import { BRAND, CATEGORY_LABEL, scoreColor } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { shortTitle } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawScorecard(w: PdfWriter, m: ReportModel): void {
  const { score } = m.report;
  const notAssessed = m.categories.filter((c) => !c.assessed).length;
  w.para(
    `Overall security score: ${score.overall}% (grade ${score.grade}, risk ${score.risk}). Each assessed category starts at 100% and loses points for the findings that belong to it, open or accepted by the project owner.` +
      (notAssessed ? ` ${notAssessed} categor${notAssessed === 1 ? 'y was' : 'ies were'} not assessed (no data or not run): ${notAssessed === 1 ? 'it has' : 'they have'} no score and the overall score does not speak for ${notAssessed === 1 ? 'it' : 'them'}.` : ''),
    { size: 10 },
  );
  w.h2('Category sub-scores');
  categoryTable(w, m);
  w.h2('How the score was computed');
  w.para(score.method, { size: 9 });
  w.para(
    `${score.deductions.length} finding${score.deductions.length === 1 ? '' : 's'} took points off the overall score; every lost point is attributed to one finding. ` +
      'The largest deductions:',
    { size: 9 },
  );
  const byId = new Map([...m.findings, ...m.accepted].map((f) => [f.id, f]));
  const top = score.deductions.slice(0, m.report.tier === 'quick' ? 5 : 10);
  if (top.length === 0) {
    w.para('No deductions: no finding with a weight above zero.', { color: BRAND.muted });
    return;
  }
  w.table(
    [
      { header: 'Finding', width: 96, font: 'mono' },
      { header: 'Title', width: w.width - 96 - 110 - 60 },
      { header: 'Category', width: 110 },
      { header: 'Points', width: 60, align: 'right' },
    ],
    top.map((d) => [d.findingId, shortTitle(byId.get(d.findingId)?.title ?? ''), CATEGORY_LABEL[d.category], d.points.toFixed(2)]),
    { size: 8 },
  );
}

/** Category, a bar of its sub-score, and its weight and points lost in one row each. */
function categoryTable(w: PdfWriter, m: ReportModel): void {
  const cols = { name: 130, bar: w.width - 130 - 50 - 70 - 80, score: 50, weight: 70, lost: 80 };
  w.ensure(16 + m.categories.length * 20 + 30);
  const headY = w.y;
  w.doc.rect(w.left, headY, w.width, 16).fill(BRAND.accent);
  let x = w.left;
  for (const [label, width, align] of [['Category', cols.name + cols.bar, 'left'], ['Sub-score', cols.score, 'right'], ['Weight', cols.weight, 'right'], ['Points lost', cols.lost, 'right']] as const) {
    w.font('bold', 8, '#ffffff').text(label, x + 4, headY + 4.5, { width: width - 8, align, lineBreak: false });
    x += width;
  }
  let y = headY + 16;
  for (const c of m.categories) {
    w.font('sans', 8.5).text(c.label, w.left + 4, y + 5, { lineBreak: false });
    const bx = w.left + cols.name;
    const bw = cols.bar - 10;
    if (c.score === null) {
      // No bar at all: an empty bar would read as 0 %, a full one as 100 %; neither was measured.
      w.font('bold', 8, BRAND.muted).text('Not assessed (reason below)', bx, y + 5.5, { lineBreak: false });
    } else {
      w.doc.roundedRect(bx, y + 6, bw, 8, 4).fill(BRAND.panel);
      if (c.score > 0) w.doc.roundedRect(bx, y + 6, Math.max(8, (bw * c.score) / 100), 8, 4).fill(scoreColor(c.score));
    }
    x = bx + cols.bar;
    for (const [text, width, font] of [[c.score === null ? 'n/a' : `${Math.round(c.score)}%`, cols.score, 'bold'], [c.weight.toFixed(2), cols.weight, 'sans'], [c.deductions.toFixed(1), cols.lost, 'sans']] as const) {
      w.font(font, 8.5, BRAND.ink).text(text, x + 4, y + 5, { width: width - 8, align: 'right', lineBreak: false });
      x += width;
    }
    w.doc.moveTo(w.left, y + 20).lineTo(w.right, y + 20).lineWidth(0.4).strokeColor(BRAND.rule).stroke();
    y += 20;
  }
  w.y = y + 8;
  for (const c of m.categories.filter((row) => !row.assessed)) w.para(`${c.label} — not assessed: ${c.reason}.`, { size: 8.5, color: BRAND.ink, gap: 1 });
  w.para('Weight: how much the category counts towards the overall score. Points lost: the share of the overall score this category took away.', { size: 8, color: BRAND.muted });
}
