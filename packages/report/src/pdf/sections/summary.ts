// Executive summary: plain words for a non-technical reader, every number taken from the report.
import { BRAND, RISK_COLOR, SEVERITY_COLOR, SEVERITY_LABEL, fmtInt } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { EFFORT_RULE, VERDICT_RULE } from '../../model/assessment';
import { summaryIntro } from '../../model/describe';
import { severityStrip } from '../charts';
import type { PdfWriter } from '../writer';

export function drawSummary(w: PdfWriter, m: ReportModel): void {
  w.para(summaryIntro(m), { size: 10.5 });
  // Risk and verdict side by side.
  const boxW = (w.width - 12) / 2;
  const y = w.y + 4;
  const verdictColor = m.verdict.level === 'ready' ? RISK_COLOR.Low : m.verdict.level === 'conditions' ? RISK_COLOR.Medium : RISK_COLOR.Critical;
  const reasonH = w.heightOf(m.verdict.reason, 'sans', 8.5, boxW - 24);
  const boxH = Math.max(62, 40 + reasonH);
  for (const [i, label, value, color, note] of [
    [0, 'OVERALL RISK', m.report.score.risk, RISK_COLOR[m.report.score.risk], `Security score ${Math.round(m.report.score.overall)}%, grade ${m.report.score.grade}.`],
    [1, 'VERDICT', m.verdict.label, verdictColor, m.verdict.reason],
  ] as const) {
    const x = w.left + i * (boxW + 12);
    w.doc.roundedRect(x, y, boxW, boxH, 4).fill(BRAND.panel);
    w.doc.rect(x, y, 4, boxH).fill(color);
    w.font('bold', 7.5, BRAND.muted).text(label, x + 14, y + 10, { characterSpacing: 1, lineBreak: false });
    w.font('bold', 15, color).text(value, x + 14, y + 21, { lineBreak: false });
    w.font('sans', 8.5, BRAND.ink).text(note, x + 14, y + 41, { width: boxW - 24, lineGap: 1 });
  }
  w.y = y + boxH + 8;
  w.para(`Verdict rule. ${VERDICT_RULE}`, { size: 8, color: BRAND.muted });

  w.h2('Open findings by severity');
  severityStrip(w, m.report.counts);

  w.h2('Top strengths');
  if (m.strengths.length) w.bullets(m.strengths, { color: RISK_COLOR.Low });
  else w.para('No strengths could be established from the analyzers that ran.', { color: BRAND.muted });
  w.h2('Top risks');
  if (m.risks.length) w.bullets(m.risks, { color: RISK_COLOR.Critical });
  else w.para('No significant risks were found by the analyzers that ran.', { color: BRAND.muted });

  w.h2('Remediation effort');
  w.table(
    [
      { header: 'Severity', width: 150 },
      { header: 'Findings', width: 110, align: 'right' },
      { header: 'Hours per finding', width: 110, align: 'right' },
      { header: 'Hours', width: w.width - 370, align: 'right' },
    ],
    [
      ...m.effort.rows.map((r) => [{ text: SEVERITY_LABEL[r.severity], color: SEVERITY_COLOR[r.severity], font: 'bold' as const }, String(r.count), String(r.hoursEach), fmtInt(r.hours)]),
      [{ text: 'Total', font: 'bold' as const }, { text: String(m.report.counts.total), font: 'bold' as const }, '', { text: `${fmtInt(m.effort.totalHours)} h (${m.effort.days} day${m.effort.days === 1 ? '' : 's'})`, font: 'bold' as const }],
    ],
  );
  w.para(`Assumptions. ${EFFORT_RULE}`, { size: 8, color: BRAND.muted });
}
