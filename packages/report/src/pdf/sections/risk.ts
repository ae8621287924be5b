// Risk analysis: severity x confidence matrix, OWASP Top 10 2021 and CWE distribution.
import { BRAND } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { riskScopeNote } from '../../model/accepted';
import { hbars, riskMatrixChart } from '../charts';
import type { PdfWriter } from '../writer';

export function drawRisk(w: PdfWriter, m: ReportModel): void {
  w.para(`The matrix places every finding by how serious it is (rows) and how certain the match is (columns). The top-left corner is what to fix first.${riskScopeNote(m)}`, { size: 9.5 });
  w.h2('Risk matrix: severity x confidence');
  riskMatrixChart(w, m.matrix);
  const maxO = Math.max(1, ...m.owasp.map((o) => o.count));
  w.h2('Findings by OWASP Top 10 (2021)');
  hbars(w, m.owasp.map((o) => ({ label: `${o.id} ${o.name}`, value: o.count, max: maxO, color: o.count ? BRAND.accent : BRAND.rule, valueLabel: String(o.count) })), { labelWidth: 230, valueWidth: 30, rowHeight: 16 });
  w.h2('Most frequent weaknesses (CWE)');
  if (m.cwe.length === 0) {
    w.para('No findings carry a CWE.', { color: BRAND.muted });
    return;
  }
  const maxC = Math.max(1, ...m.cwe.map((c) => c.count));
  hbars(w, m.cwe.map((c) => ({ label: c.name ? `${c.id} ${c.name}` : c.id, value: c.count, max: maxC, color: '#4c6ef5', valueLabel: String(c.count) })), { labelWidth: 230, valueWidth: 30, rowHeight: 16 });
}
