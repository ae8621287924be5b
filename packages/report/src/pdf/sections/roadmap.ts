// Remediation roadmap: three phases with their findings and estimated hours.
import { BRAND, SEVERITY_COLOR, SEVERITY_LABEL } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { ROADMAP_RULE } from '../../model/roadmap';
import { locationOf, shortTitle } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawRoadmap(w: PdfWriter, m: ReportModel): void {
  w.para(ROADMAP_RULE, { size: 9 });
  const colW = (w.width - 16) / 3;
  const y = w.y + 2;
  m.roadmap.forEach((p, i) => {
    const x = w.left + i * (colW + 8);
    w.doc.roundedRect(x, y, colW, 54, 4).fill(i === 0 ? '#fdecea' : i === 1 ? '#fff6e0' : BRAND.accentSoft);
    w.font('bold', 8, BRAND.muted).text(p.title.toUpperCase(), x + 10, y + 9, { characterSpacing: 0.8, lineBreak: false });
    w.font('bold', 16).text(`${p.findings.length} finding${p.findings.length === 1 ? '' : 's'}`, x + 10, y + 21, { lineBreak: false });
    w.font('sans', 8, BRAND.muted).text(`about ${p.hours} engineer-hours`, x + 10, y + 40, { lineBreak: false });
  });
  w.y = y + 66;
  for (const p of m.roadmap) {
    w.h2(`${p.title} (${p.findings.length})`);
    if (p.findings.length === 0) {
      w.para('Nothing scheduled.', { color: BRAND.muted, size: 9 });
      continue;
    }
    w.table(
      [
        { header: 'Finding', width: 96, font: 'mono' },
        { header: 'Title', width: w.width - 96 - 55 - 170 },
        { header: 'Severity', width: 55 },
        { header: 'Location', width: 170, font: 'mono' },
      ],
      p.findings.map((f) => [f.id, shortTitle(f.title), { text: SEVERITY_LABEL[f.severity], color: SEVERITY_COLOR[f.severity], font: 'bold' }, locationOf(f)]),
      { size: 7.5 },
    );
  }
}
