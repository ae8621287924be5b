// Licenses: distribution, the packages that need attention, and what each risk class means.
import type { LicenseEntry } from '@duescan/engine';
import { BRAND } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { LICENSE_RISK_NOTE } from '../../model/text';
import { RISK_COLORS, RISK_LABEL, licenseCounts } from '../../model/describe';
import { hbars } from '../charts';
import type { PdfWriter } from '../writer';

export function drawLicenses(w: PdfWriter, m: ReportModel): void {
  const list = m.report.licenses;
  const project = list.find((l) => l.name === '(project)');
  w.para(`${list.length} license entr${list.length === 1 ? 'y' : 'ies'} found. ${project ? `The project itself is licensed under ${project.license}.` : 'The project declares no license of its own.'}`, { size: 9.5 });
  const risks = Object.keys(RISK_LABEL) as LicenseEntry['risk'][];
  const max = Math.max(1, ...risks.map((r) => list.filter((l) => l.risk === r).length));
  w.h2('By risk class', 110);
  hbars(w, risks.map((r) => { const n = list.filter((l) => l.risk === r).length; return { label: RISK_LABEL[r], value: n, max, color: RISK_COLORS[r], valueLabel: String(n) }; }), { labelWidth: 120, valueWidth: 30, rowHeight: 15 });
  const attention = list.filter((l) => l.risk !== 'none');
  w.h2('Packages that need attention', 50);
  if (attention.length === 0) w.para('All packages use permissive licenses.', { color: BRAND.muted });
  else
    w.table(
      [
        { header: 'Package', width: 130 },
        { header: 'License', width: 100 },
        { header: 'Risk', width: 85 },
        { header: 'Note', width: w.width - 315 },
      ],
      attention.map((l) => [`${l.name}${l.version ? ` ${l.version}` : ''}`, l.license, { text: RISK_LABEL[l.risk], color: RISK_COLORS[l.risk], font: 'bold' }, `${LICENSE_RISK_NOTE[l.risk]} (${l.source})`]),
      { size: 8 },
    );
  w.h2('Licenses in use', 50);
  w.table(
    [
      { header: 'License', width: 200 },
      { header: 'Packages', width: 80, align: 'right' },
      { header: '', width: w.width - 280 },
    ],
    licenseCounts(list).slice(0, 20).map(([l, n]) => [l, String(n), '']),
    { size: 8 },
  );
}
