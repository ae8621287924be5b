// Dependencies: vulnerable packages with advisories, and a summary of the software bill of materials.
import { BRAND, SEVERITY_COLOR, SEVERITY_LABEL, SEVERITY_ORDER, advisorySource, cvssLabel, fmtInt, formatDate } from '../../model/labels';
import type { ReportModel } from '../../model/build-model';
import { sbomRows, vulnerablePackages } from '../../model/describe';
import type { PdfWriter } from '../writer';

export function drawDependencies(w: PdfWriter, m: ReportModel): void {
  const { report } = m;
  const db = report.advisoryDatabase;
  const deps = report.dependencies;
  w.para(
    `${fmtInt(deps.length)} packages were found in manifests and lockfiles (${deps.filter((d) => d.direct).length} direct, ${deps.filter((d) => !d.direct).length} transitive). ` +
      (db.date
        ? `They were matched against ${fmtInt(db.records)} advisories (${advisorySource(db.source)} data of ${formatDate(db.date)}).`
        : 'No advisory database was available, so no package was checked for known vulnerabilities: this is not a clean result.'),
    { size: 9.5 },
  );
  w.h2('Software bill of materials (summary)');
  const sbom = sbomRows(m);
  if (sbom.length === 0) w.para('No manifests or lockfiles were found.', { color: BRAND.muted });
  else
    w.table(
      [
        { header: 'Ecosystem', width: 80 },
        { header: 'Direct', width: 55, align: 'right' },
        { header: 'Transitive', width: 65, align: 'right' },
        { header: 'Dev only', width: 55, align: 'right' },
        { header: 'Sources', width: w.width - 255 },
      ],
      sbom.map((r) => [r.ecosystem, String(r.direct), String(r.transitive), String(r.dev), r.sources]),
    );
  w.h2('Vulnerable packages');
  const vulns = [...report.vulnerableDependencies].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || (b.cvssScore ?? 0) - (a.cvssScore ?? 0));
  if (vulns.length === 0) {
    w.para(db.date ? 'No package matches a known advisory.' : 'Not checked: no advisory database.', { color: BRAND.muted });
    return;
  }
  w.table(
    [
      { header: 'Package', width: 150 },
      { header: 'Advisories', width: 60, align: 'right' },
      { header: 'Worst', width: 60 },
      { header: 'Max CVSS', width: 55, align: 'right' },
      { header: 'Upgrade to', width: 85 },
      { header: 'Type', width: w.width - 410 },
    ],
    vulnerablePackages(m).map((p) => [
      `${p.name} ${p.version} (${p.ecosystem})`,
      String(p.advisories),
      { text: SEVERITY_LABEL[p.worst], color: SEVERITY_COLOR[p.worst], font: 'bold' },
      p.maxCvss !== undefined ? p.maxCvss.toFixed(1) : '-',
      p.upgradeTo ? `${p.upgradeTo}${p.unfixed ? ` (${p.unfixed} unfixed)` : ''}` : 'no fix yet',
      p.direct ? 'direct' : 'transitive',
    ]),
    { size: 8 },
  );
  w.h2('Advisories');
  w.table(
    [
      { header: 'Advisory', width: 150, font: 'mono' },
      { header: 'Package', width: w.width - 150 - 55 - 45 - 60 - 88 },
      { header: 'Severity', width: 55 },
      { header: 'CVSS', width: 45, align: 'right' },
      { header: 'Fixed in', width: 60 },
      { header: 'Finding', width: 88, font: 'mono' },
    ],
    vulns.map((v) => [
      [v.advisoryId, ...v.aliases.slice(0, 2)].join('\n'),
      `${v.dependency.name} ${v.dependency.version}`,
      { text: SEVERITY_LABEL[v.severity], color: SEVERITY_COLOR[v.severity], font: 'bold' },
      cvssLabel(v.cvssScore, v.cvssVector),
      v.fixedVersion ?? 'none yet',
      v.findingId,
    ]),
    { size: 7.5 },
  );
}
