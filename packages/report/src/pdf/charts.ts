// Vector charts drawn with PDFKit primitives: the score gauge, bars, the risk matrix and the activity chart.
import type { Confidence, Severity } from '@duescan/engine';
import { BRAND, CONFIDENCE_LABEL, CONFIDENCE_ORDER, SEVERITY_COLOR, SEVERITY_LABEL, SEVERITY_ORDER, scoreColor } from '../model/labels';
import { GAUGE_START, GAUGE_SWEEP, arcPath, heat, heatText } from '../model/geometry';
import type { PdfWriter } from './writer';

export function gauge(w: PdfWriter, cx: number, cy: number, r: number, score: number, grade: string): void {
  const doc = w.doc;
  doc.path(arcPath(cx, cy, r, GAUGE_START, GAUGE_SWEEP)).lineWidth(14).lineCap('round').strokeColor(BRAND.rule).stroke();
  if (score > 0) doc.path(arcPath(cx, cy, r, GAUGE_START, (GAUGE_SWEEP * score) / 100)).lineWidth(14).lineCap('round').strokeColor(scoreColor(score)).stroke();
  doc.lineCap('butt');
  const text = `${Math.round(score)}%`;
  w.font('bold', r * 0.52, BRAND.ink);
  doc.text(text, cx - r, cy - r * 0.36, { width: r * 2, align: 'center', lineBreak: false });
  w.font('sans', 8, BRAND.muted).text('SECURITY SCORE', cx - r, cy + r * 0.28, { width: r * 2, align: 'center', characterSpacing: 1, lineBreak: false });
  const label = `Grade ${grade}`;
  doc.font('bold').fontSize(10);
  const lw = doc.widthOfString(label) + 18;
  doc.roundedRect(cx - lw / 2, cy + r * 0.62, lw, 18, 9).fill(scoreColor(score));
  doc.fillColor('#ffffff').text(label, cx - lw / 2, cy + r * 0.62 + 4, { width: lw, align: 'center', lineBreak: false });
}

export interface Bar {
  label: string;
  value: number;
  max: number;
  color: string;
  valueLabel: string;
}

/** Horizontal bars with the label left and the value right; returns the height used. */
export function hbars(w: PdfWriter, bars: Bar[], opts: { labelWidth?: number; valueWidth?: number; rowHeight?: number } = {}): void {
  const labelWidth = opts.labelWidth ?? 150;
  const valueWidth = opts.valueWidth ?? 44;
  const rowH = opts.rowHeight ?? 17;
  const trackW = w.width - labelWidth - valueWidth - 8;
  w.ensure(bars.length * rowH + 6);
  for (const b of bars) {
    const y = w.y;
    w.font('sans', 8.5);
    w.doc.text(w.fit(b.label, labelWidth - 8), w.left, y + 2, { lineBreak: false });
    w.doc.roundedRect(w.left + labelWidth, y + 3, trackW, 8, 4).fill(BRAND.panel);
    const len = b.max > 0 ? (trackW * Math.max(0, b.value)) / b.max : 0;
    if (len > 0) w.doc.roundedRect(w.left + labelWidth, y + 3, Math.max(len, 8), 8, 4).fill(b.color);
    w.font('bold', 8.5).text(b.valueLabel, w.right - valueWidth, y + 2, { width: valueWidth, align: 'right', lineBreak: false });
    w.y = y + rowH;
  }
  w.y += 6;
}

/** One stacked bar of findings by severity with a legend beneath. */
export function severityStrip(w: PdfWriter, counts: Record<Severity, number>, width = w.width): void {
  const total = SEVERITY_ORDER.reduce((s, k) => s + counts[k], 0);
  w.ensure(36);
  const y = w.y;
  let x = w.left;
  if (total === 0) w.doc.roundedRect(x, y, width, 10, 5).fill(BRAND.panel);
  for (const s of SEVERITY_ORDER) {
    if (counts[s] === 0) continue;
    const len = (width * counts[s]) / total;
    w.doc.rect(x, y, len, 10).fill(SEVERITY_COLOR[s]);
    x += len;
  }
  let lx = w.left;
  for (const s of SEVERITY_ORDER) {
    w.doc.rect(lx, y + 17, 7, 7).fill(SEVERITY_COLOR[s]);
    const t = `${SEVERITY_LABEL[s]} ${counts[s]}`;
    w.font('sans', 8, BRAND.ink).text(t, lx + 10, y + 16, { lineBreak: false });
    lx += w.doc.widthOfString(t) + 26;
  }
  w.y = y + 34;
}

export function riskMatrixChart(w: PdfWriter, matrix: Record<Severity, Record<Confidence, number>>): void {
  const labelW = 80;
  const cellW = 88;
  const cellH = 24;
  const max = Math.max(1, ...SEVERITY_ORDER.flatMap((s) => CONFIDENCE_ORDER.map((c) => matrix[s][c])));
  w.ensure(cellH * 6 + 30);
  const x0 = w.left + labelW;
  let y = w.y;
  w.font('bold', 7.5, BRAND.muted).text('CONFIDENCE', x0, y, { width: cellW * 3, align: 'center', characterSpacing: 1, lineBreak: false });
  y += 12;
  CONFIDENCE_ORDER.forEach((c, i) => w.font('bold', 8.5).text(CONFIDENCE_LABEL[c], x0 + i * cellW, y, { width: cellW, align: 'center', lineBreak: false }));
  y += 14;
  for (const s of SEVERITY_ORDER) {
    w.doc.rect(w.left, y + 8, 6, 6).fill(SEVERITY_COLOR[s]);
    w.font('bold', 8.5).text(SEVERITY_LABEL[s], w.left + 10, y + 7, { lineBreak: false });
    CONFIDENCE_ORDER.forEach((c, i) => {
      const n = matrix[s][c];
      const x = x0 + i * cellW;
      w.doc.rect(x + 1, y + 1, cellW - 2, cellH - 2).fillAndStroke(heat(SEVERITY_COLOR[s], n, max), BRAND.rule);
      w.font('bold', 10, heatText(n, max)).text(String(n), x, y + 7, { width: cellW, align: 'center', lineBreak: false });
    });
    y += cellH;
  }
  w.y = y + 10;
}

/** Monthly commits as columns, with month labels. */
export function activityChart(w: PdfWriter, months: { month: string; commits: number }[], height = 90): void {
  if (months.length === 0) return;
  w.ensure(height + 30);
  const max = Math.max(1, ...months.map((m) => m.commits));
  const slot = w.width / months.length;
  const y0 = w.y + height;
  w.doc.moveTo(w.left, y0).lineTo(w.right, y0).lineWidth(0.6).strokeColor(BRAND.faint).stroke();
  months.forEach((m, i) => {
    const h = (height - 14) * (m.commits / max);
    const x = w.left + i * slot + slot * 0.18;
    if (h > 0) w.doc.rect(x, y0 - h, slot * 0.64, h).fill(BRAND.accent);
    w.font('sans', 7, BRAND.ink).text(String(m.commits), w.left + i * slot, y0 - h - 10, { width: slot, align: 'center', lineBreak: false });
    w.font('sans', 7, BRAND.muted).text(m.month.slice(2), w.left + i * slot, y0 + 4, { width: slot, align: 'center', lineBreak: false });
  });
  w.y = y0 + 20;
}
