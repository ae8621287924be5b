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
  w.h2('By risk class');
  hbars(w, risks.map((r) => { const n = list.filter((l) => l.risk === r).length; return { label: RISK_LABEL[r], value: n, max, color: RISK_COLORS[r], valueLabel: String(n) }; }), { labelWidth: 120, valueWidth: 30, rowHeight: 15 });
  const attention = list.filter((l) => l.risk !== 'none');
  w.h2('Packages that need attention');
  if (attention.length === 0) w.para('All packages use permissive licenses.', { color: BRAND.muted });
  else
    w.table(
      [
        { header: 'Package', width: 150 },
        { header: 'License', width: 110 },
        { header: 'Risk', width: 95 },
        { header: 'Declared in', width: w.width - 355, font: 'mono' },
      ],
      attention.map((l) => [`${l.name}${l.version ? ` ${l.version}` : ''}`, l.license, { text: RISK_LABEL[l.risk], color: RISK_COLORS[l.risk], font: 'bold' }, l.source]),
      { size: 8 },
    );
  const present = risks.filter((r) => r !== 'none' && attention.some((l) => l.risk === r));
  if (present.length > 0) {
    w.h3('What these risk classes mean');
    w.bullets(present.map((r) => LICENSE_RISK_NOTE[r]), { size: 8.5, color: BRAND.muted });
  }
  w.h2('Licenses in use');
  w.table(
    [
      { header: 'License', width: w.width - 90 },
      { header: 'Packages', width: 90, align: 'right' },
    ],
    licenseCounts(list).slice(0, 20).map(([l, n]) => [l, String(n)]),
    { size: 8 },
  );
}
