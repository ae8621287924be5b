// Findings, most serious first. The first finding of each rule carries impact, fix and references; later
// ones point back to it instead of repeating the same paragraphs.
import type { Finding } from '@duescan/engine';
import { BRAND, SEVERITY_COLOR, SEVERITY_LABEL } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { contextNote, exploitationScenario, locationOf, repeatNote, tagsOf } from '../../model/describe';
import { modelMarkNote } from '../../model/triage-model';
import type { PdfWriter } from '../writer';
import { drawAiReview } from './ai';

function label(w: PdfWriter, text: string): void {
  w.ensure(30);
  w.font('bold', 7.5, BRAND.muted).text(text.toUpperCase(), w.left + 10, w.y, { characterSpacing: 0.8 });
  w.y += 2;
}

function drawFinding(w: PdfWriter, m: ReportModel, f: Finding, index: number): void {
  const x = w.left + 10;
  const titleH = w.estimateHeight(f.title, 11, w.width - 10);
  w.ensure(titleH + 90);
  const y0 = w.y;
  const chipW = w.chip(SEVERITY_LABEL[f.severity].toUpperCase(), x, y0, SEVERITY_COLOR[f.severity], 7);
  w.font('bold', 8, BRAND.muted).text(`#${index}`, x + chipW + 6, y0 + 2.5, { lineBreak: false });
  w.font('mono', 8, BRAND.muted).text(f.id, w.right - 120, y0 + 2.5, { width: 120, align: 'right', lineBreak: false });
  w.font('bold', 11).text(f.title, x, y0 + 17, { width: w.width - 10 });
  w.y += 2;
  w.font('sans', 7.5, BRAND.accent).text(tagsOf(f), x, w.y, { width: w.width - 10 });
  w.y += 2;
  w.font('mono', 8, BRAND.ink).text(locationOf(f), x, w.y, { width: w.width - 10 });
  const context = contextNote(f);
  if (context) {
    w.y += 1;
    w.font('sans', 8, BRAND.muted).text(context, x, w.y, { width: w.width - 10 });
  }
  const mark = modelMarkNote(f, m.report);
  if (mark) {
    w.y += 1;
    w.font('bold', 8, BRAND.muted).text(mark, x, w.y, { width: w.width - 10 });
  }
  // Severity rule beside the header block, drawn once its height is known.
  w.doc.rect(w.left, y0, 3, w.y - y0).fill(SEVERITY_COLOR[f.severity]);
  w.y += 5;
  w.para(f.message, { x, size: 9 });
  if (f.snippet) w.codeBox(f.snippet, { x });
  if (f.trace && f.trace.length > 0) {
    const lines = f.trace.map((step, i) => `${i + 1}. ${step.kind}  ${step.file}:${step.line}  ${step.label}`);
    const traceH = lines.reduce((h, t) => h + w.estimateHeight(t, 8, w.right - x - 4) + 1, 14);
    if (traceH < 240) w.ensure(traceH);
    label(w, 'Data flow');
    for (const text of lines) w.para(text, { x: x + 4, size: 8, font: 'mono', gap: 1 });
    w.y += 4;
  }
  // A scenario a model wrote (with the vote) replaces the one derived from the trace.
  const scenario = m.report.tier === 'ultra' && !f.aiReview?.scenario ? exploitationScenario(f) : null;
  if (scenario) {
    label(w, 'Exploitation scenario');
    w.para(scenario, { x, size: 9 });
  }
  drawAiReview(w, f, x, (text) => label(w, text));
  const repeats = m.sameAs.get(f.id) ?? {};
  if (f.impact && !repeats.impact) {
    label(w, 'Impact');
    w.para(f.impact, { x, size: 9 });
  }
  if (!repeats.fix) {
    label(w, 'How to fix');
    w.para(f.fix.guidance + (f.fix.fixedVersion ? ` Fixed in version ${f.fix.fixedVersion}.` : ''), { x, size: 9 });
    if (f.fix.example) w.codeBox(f.fix.example, { x });
  }
  if (f.references.length > 0 && !repeats.references) {
    label(w, 'References');
    for (const r of f.references) {
      w.ensure(w.estimateHeight(`${r.title}: ${r.url}`, 8, w.width - 14));
      w.font('sans', 8, BRAND.accent).text(`${r.title}: ${r.url}`, x, w.y, { width: w.width - 10, link: r.url, underline: false });
      w.y += 1;
    }
  }
  const note = repeatNote(repeats);
  if (note) w.para(note, { x, size: 8.5, color: BRAND.muted });
  w.y += 8;
  w.doc.moveTo(w.left, w.y).lineTo(w.right, w.y).lineWidth(0.5).strokeColor(BRAND.rule).stroke();
  w.y += 12;
}

export function drawFindings(w: PdfWriter, m: ReportModel): void {
  if (m.findings.length === 0) {
    w.para('No findings in scope. See the methodology section for what was analysed.', { color: BRAND.muted });
    return;
  }
  w.para(`${m.findings.length} finding${m.findings.length === 1 ? '' : 's'}, most serious first. Each has a stable id that stays the same across scans, so fixes can be tracked. Snippets are shortened and secrets are redacted.`, { size: 9.5 });
  w.y += 4;
  m.findings.forEach((f, i) => drawFinding(w, m, f, i + 1));
}
