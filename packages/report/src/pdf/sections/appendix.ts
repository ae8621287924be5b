// Appendix: definitions, every score deduction, skipped files and the dependency inventory.
import { BRAND, CATEGORY_LABEL, CONFIDENCE_LABEL, CONFIDENCE_ORDER, SEVERITY_COLOR, SEVERITY_LABEL, SEVERITY_ORDER } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { CONFIDENCE_MEANING, SEVERITY_MEANING } from '../../model/text';
import { inventoryLicense, shortTitle } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawAppendix(w: PdfWriter, m: ReportModel): void {
  const { report } = m;
  const titles = new Map([...m.findings, ...m.accepted].map((f) => [f.id, f.title]));
  w.h2('A. Severity and confidence');
  w.table(
    [
      { header: 'Severity', width: 80 },
      { header: 'Meaning', width: w.width - 80 },
    ],
    SEVERITY_ORDER.map((s) => [{ text: SEVERITY_LABEL[s], color: SEVERITY_COLOR[s], font: 'bold' }, SEVERITY_MEANING[s]]),
    { size: 8 },
  );
  w.table(
    [
      { header: 'Confidence', width: 80 },
      { header: 'Meaning', width: w.width - 80 },
    ],
    CONFIDENCE_ORDER.map((c) => [CONFIDENCE_LABEL[c], CONFIDENCE_MEANING[c]]),
    { size: 8 },
  );
  w.h2('B. Score deductions');
  if (report.score.deductions.length === 0) w.para('None.', { color: BRAND.muted, size: 9 });
  else
    w.table(
      [
        { header: 'Finding', width: 90, font: 'mono' },
        { header: 'Title', width: w.width - 90 - 120 - 55 },
        { header: 'Category', width: 120 },
        { header: 'Points', width: 55, align: 'right' },
      ],
      report.score.deductions.map((d) => [d.findingId, shortTitle(titles.get(d.findingId) ?? ''), CATEGORY_LABEL[d.category], d.points.toFixed(2)]),
      { size: 7.5 },
    );
  w.h2('C. Skipped files');
  if (report.skipped.length === 0) w.para('No file was skipped.', { color: BRAND.muted, size: 9 });
  else {
    // Counted by reason: thousands of minified or vendored files would otherwise fill pages. report.json lists each.
    w.table(
      [
        { header: 'Reason', width: w.width - 80 },
        { header: 'Files', width: 80, align: 'right' },
      ],
      [...m.skippedByReason.map((s) => [s.label, String(s.count)]), [{ text: 'Total', font: 'bold' as const }, { text: String(report.skipped.length), font: 'bold' as const }]],
      { size: 8 },
    );
    w.para('Every skipped file, with its reason, is listed in the JSON report (skipped).', { size: 8, color: BRAND.muted });
  }
  if (report.tier === 'enterprise' || report.tier === 'ultra') {
    const licenseOf = inventoryLicense(m);
    w.h2('D. Dependency inventory');
    if (report.dependencies.length === 0) w.para('No dependencies found.', { color: BRAND.muted, size: 9 });
    else
      w.table(
        [
          { header: 'Package', width: 170 },
          { header: 'Version', width: 75 },
          { header: 'Ecosystem', width: 60 },
          { header: 'Type', width: 60 },
          { header: 'License', width: w.width - 365 },
        ],
        [...report.dependencies]
          .sort((a, b) => Number(b.direct) - Number(a.direct) || a.name.localeCompare(b.name))
          .map((d) => [d.name, d.version, d.ecosystem, d.direct ? 'direct' : 'transitive', licenseOf(d)]),
        { size: 7 },
      );
  }
}
