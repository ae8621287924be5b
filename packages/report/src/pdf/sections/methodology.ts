// Methodology and limitations: what ran, on which data, and what was not looked at.
import { BRAND } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { acceptedLine } from '../../model/accepted';
import { AI_STATEMENT, ANALYZER_LABEL, LIMITATIONS, SCOPE_NOTE } from '../../model/text';
import { advisoryLine } from '../../model/describe';
import { triageModelLine } from '../../model/triage-model';
import type { PdfWriter } from '../writer';
import { aiMethodologyLine } from '../../model/ai';
import { drawAiMethodology } from './ai';

export function drawMethodology(w: PdfWriter, m: ReportModel): void {
  const { report } = m;
  w.para(SCOPE_NOTE, { size: 9.5 });
  w.h2('Analyzers and rule packs run');
  w.table(
    [
      { header: 'Analyzer', width: 150 },
      { header: 'Status', width: 42 },
      { header: 'Findings', width: 50, align: 'right' },
      { header: 'Time', width: 42, align: 'right' },
      { header: 'Rule packs / note', width: w.width - 284 },
    ],
    report.analyzers.map((a) => [ANALYZER_LABEL[a.id] ?? a.id, a.status, String(a.findings), `${(a.durationMs / 1000).toFixed(1)} s`, [a.packs?.join(', '), a.note].filter(Boolean).join(' — ') || '-']),
    { size: 8 },
  );
  w.keyValues([
    ['Advisory database', advisoryLine(m)],
    ['Files skipped', report.skipped.length === 0 ? 'none' : `${report.skipped.length}: ${m.skippedByReason.map((s) => `${s.count} ${s.label.toLowerCase()}`).join(', ')}`],
    ['Accepted findings', acceptedLine(m)],
    ['Triage model', triageModelLine(report)],
    ['AI validation', aiMethodologyLine(report)],
  ]);
  w.h2('What was not analysed');
  if (m.notAnalysed.length) w.bullets(m.notAnalysed, { color: BRAND.muted, size: 9 });
  else w.para('Every analyzer ran to completion on every file in scope.', { size: 9 });
  w.h2('Limitations');
  w.bullets(LIMITATIONS, { color: BRAND.muted, size: 9 });
  w.h2('AI validation');
  if (report.ai?.models.length) drawAiMethodology(w, report);
  else w.para(AI_STATEMENT, { size: 9 });
}
