// HTML for dependencies, licenses, secrets, quality and team, roadmap, methodology and appendix.
import type { LicenseEntry } from '@duescan/engine';
import type { ReportModel } from '../model/build-model';
import { RISK_COLORS, RISK_LABEL, advisoryLine, inventoryLicense, licenseCounts, locationOf, redactedValue, sbomRows, secretKind, secretType, vulnerablePackages } from '../model/describe';
import { CATEGORY_LABEL, CONFIDENCE_LABEL, CONFIDENCE_ORDER, SEVERITY_ORDER, advisorySource, cvssLabel, fmtInt, formatDate } from '../model/labels';
import { ROADMAP_RULE } from '../model/roadmap';
import { triageModelLine } from '../model/triage-model';
import { aiMethodologyLine } from '../model/ai';
import { aiMethodologyHtml } from './ai';
import { AI_STATEMENT, ANALYZER_LABEL, CONFIDENCE_MEANING, LICENSE_RISK_NOTE, LIMITATIONS, SCOPE_NOTE, SEVERITY_MEANING, rotationAdvice } from '../model/text';
import { acceptedLine } from '../model/accepted';
import { esc } from './escape';
import { sev, table } from './sections-main';
import { activitySvg, barsSvg } from './svg';

const code = (s: string) => `<code>${esc(s)}</code>`;

export function dependenciesHtml(m: ReportModel): string {
  const { report } = m;
  const db = report.advisoryDatabase;
  const deps = report.dependencies;
  const vulns = [...report.vulnerableDependencies].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || (b.cvssScore ?? 0) - (a.cvssScore ?? 0));
  const intro = `${fmtInt(deps.length)} packages were found in manifests and lockfiles (${deps.filter((d) => d.direct).length} direct, ${deps.filter((d) => !d.direct).length} transitive). ${db.date ? `They were matched against ${fmtInt(db.records)} advisories (${esc(advisorySource(db.source))} data of ${formatDate(db.date)}).` : 'No advisory database was available, so no package was checked for known vulnerabilities: this is not a clean result.'}`;
  const sbom = sbomRows(m);
  return `<p>${intro}</p><h3>Software bill of materials (summary)</h3>${sbom.length ? table(['Ecosystem', 'Direct', 'Transitive', 'Dev only', 'Sources'], sbom.map((r) => [esc(r.ecosystem), String(r.direct), String(r.transitive), String(r.dev), esc(r.sources)])) : '<p class="muted">No manifests or lockfiles were found.</p>'}
<h3>Vulnerable packages</h3>${vulns.length ? table(['Package', 'Advisories', 'Worst', 'Max CVSS', 'Upgrade to', 'Type'], vulnerablePackages(m).map((p) => [esc(`${p.name} ${p.version} (${p.ecosystem})`), String(p.advisories), sev(p.worst), p.maxCvss !== undefined ? p.maxCvss.toFixed(1) : '-', esc(p.upgradeTo ? `${p.upgradeTo}${p.unfixed ? ` (${p.unfixed} unfixed)` : ''}` : 'no fix yet'), p.direct ? 'direct' : 'transitive'])) : ''}
<h3>Advisories</h3>${vulns.length ? table(['Advisory', 'Package', 'Severity', 'CVSS', 'Fixed in', 'Finding'], vulns.map((v) => [[v.advisoryId, ...v.aliases.slice(0, 2)].map(code).join('<br>'), `${esc(`${v.dependency.name} ${v.dependency.version}`)}<br><small>${esc(v.summary)}</small>`, sev(v.severity), esc(cvssLabel(v.cvssScore, v.cvssVector)), esc(v.fixedVersion ?? 'none yet'), code(v.findingId)])) : `<p class="muted">${db.date ? 'No package matches a known advisory.' : 'Not checked: no advisory database.'}</p>`}`;
}

export function licensesHtml(m: ReportModel): string {
  const list = m.report.licenses;
  const project = list.find((l) => l.name === '(project)');
  const risks = Object.keys(RISK_LABEL) as LicenseEntry['risk'][];
  const max = Math.max(1, ...risks.map((r) => list.filter((l) => l.risk === r).length));
  const attention = list.filter((l) => l.risk !== 'none');
  return `<p>${list.length} license entr${list.length === 1 ? 'y' : 'ies'} found. ${project ? `The project itself is licensed under ${esc(project.license)}.` : 'The project declares no license of its own.'}</p>
<h3>By risk class</h3>${barsSvg(risks.map((r) => { const n = list.filter((l) => l.risk === r).length; return { label: RISK_LABEL[r], value: n, max, color: RISK_COLORS[r], valueLabel: String(n) }; }), 180)}
<h3>Packages that need attention</h3>${attention.length ? `${table(['Package', 'License', 'Risk', 'Declared in'], attention.map((l) => [esc(`${l.name}${l.version ? ` ${l.version}` : ''}`), esc(l.license), `<b style="color:${RISK_COLORS[l.risk]}">${RISK_LABEL[l.risk]}</b>`, code(l.source)]))}<ul>${risks.filter((r) => r !== 'none' && attention.some((l) => l.risk === r)).map((r) => `<li>${esc(LICENSE_RISK_NOTE[r])}</li>`).join('')}</ul>` : '<p class="muted">All packages use permissive licenses.</p>'}
<h3>Licenses in use</h3>${table(['License', 'Packages'], licenseCounts(list).slice(0, 20).map(([l, n]) => [esc(l), String(n)]))}`;
}

export function secretsHtml(m: ReportModel): string {
  const s = m.secrets;
  if (s.length === 0) return '<p>No hard-coded credentials were found in the files analysed.</p>';
  const advice = new Map<string, string>();
  for (const f of s) advice.set(secretType(f), rotationAdvice(secretKind(f)));
  return `<p>${s.length} credential${s.length === 1 ? ' is' : 's are'} stored in the code. Deleting the line is not enough: the value stays in git history, so every credential must be rotated. Values below are redacted.</p>
${table(['Type', 'Location', 'Redacted value', 'Severity', 'Finding'], s.map((f) => [esc(secretType(f)), code(locationOf(f)), code(redactedValue(f)), sev(f.severity), code(f.id)]))}
<h3>Rotation advice</h3>${table(['Type', 'What to do'], [...advice].map(([t, a]) => [esc(t), esc(a)]))}`;
}

export function qualityHtml(m: ReportModel): string {
  const q = m.report.metrics.quality;
  const h = m.report.metrics.history;
  const kpi = (items: [string, string][]) => `<div class="kpis">${items.map(([l, v]) => `<div><strong>${esc(v)}</strong><small>${esc(l)}</small></div>`).join('')}</div>`;
  let out = '';
  if (q) {
    const p = q.presence;
    const checks: [string, boolean][] = [['README', p.readme], ['CI', p.ci], ['Linting', p.lint], ['Type checking', p.typeChecking], ['Lockfile', p.lockfile], ['License file', p.license], ['Tests', p.tests]];
    out += `<h3>Code quality</h3>${kpi([['Functions', fmtInt(q.functions)], ['Avg. complexity', q.averageComplexity.toFixed(1)], ['Duplicated lines', `${q.duplication.percent.toFixed(1)}%`], ['Test-to-code ratio', q.testToCodeRatio.toFixed(2)], ['TODO per 1k lines', q.todoPerKloc.toFixed(1)]])}
<p>Engineering practices: ${checks.map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`).join(' · ')}. ${q.testFiles} test files with ${fmtInt(q.testCodeLines)} lines of test code.</p>
<h4>Complexity hotspots</h4>${q.complexFunctions.length ? table(['Function', 'File', 'Complexity', 'Lines'], q.complexFunctions.slice(0, 10).map((f) => [code(f.name), code(`${f.file}:${f.line}`), String(f.complexity), String(f.lines)])) : '<p class="muted">No function exceeds the complexity threshold.</p>'}
<h4>Duplication</h4><p>${fmtInt(q.duplication.duplicatedLines)} duplicated lines (${q.duplication.percent.toFixed(1)}% of the code) in ${q.duplication.blocks.length} blocks.</p>`;
  }
  out += '<h3>Team and history</h3>';
  if (!h) return `${out}<p class="muted">No git history was available (the project was scanned without its .git folder, or history analysis is not part of this package), so team metrics were not computed.</p>`;
  return `${out}${kpi([['Commits', fmtInt(h.commits)], ['Contributors', String(h.contributors)], ['Active (90 days)', String(h.activeContributors90d)], ['Bus factor', String(h.busFactor)], ['Commits (90 days)', fmtInt(h.commitsLast90d)]])}
<h4>Commits per month</h4>${activitySvg(h.monthlyCommits)}
${h.hotspots.length ? `<h4>Change hotspots</h4>${table(['File', 'Changes', 'Complexity', 'Score'], h.hotspots.slice(0, 8).map((s) => [code(s.file), String(s.changes), String(s.complexity), fmtInt(Math.round(s.score))]))}` : ''}`;
}

export function roadmapHtml(m: ReportModel): string {
  return `<p>${esc(ROADMAP_RULE)}</p><div class="kpis">${m.roadmap.map((p) => `<div><small>${esc(p.title.toUpperCase())}</small><strong>${p.findings.length} finding${p.findings.length === 1 ? '' : 's'}</strong><small>about ${p.hours} engineer-hours</small></div>`).join('')}</div>
${m.roadmap.map((p) => `<h3>${esc(p.title)} (${p.findings.length})</h3>${p.findings.length ? table(['Finding', 'Title', 'Severity', 'Location'], p.findings.map((f) => [code(f.id), esc(f.title), sev(f.severity), code(locationOf(f))])) : '<p class="muted">Nothing scheduled.</p>'}`).join('\n')}`;
}

export function methodologyHtml(m: ReportModel): string {
  const { report } = m;
  return `<p>${esc(SCOPE_NOTE)}</p><h3>Analyzers and rule packs run</h3>${table(['Analyzer', 'Status', 'Findings', 'Time', 'Rule packs / note'], report.analyzers.map((a) => [esc(ANALYZER_LABEL[a.id] ?? a.id), esc(a.status), String(a.findings), `${(a.durationMs / 1000).toFixed(1)} s`, esc([a.packs?.join(', '), a.note].filter(Boolean).join(' — ') || '-')]))}
<p><b>Advisory database:</b> ${esc(advisoryLine(m))}<br><b>Files skipped:</b> ${report.skipped.length}<br><b>Accepted findings:</b> ${esc(acceptedLine(m))}<br><b>Triage model:</b> ${esc(triageModelLine(report))}<br><b>AI validation:</b> ${esc(aiMethodologyLine(report))}</p>
<h3>What was not analysed</h3>${m.notAnalysed.length ? `<ul>${m.notAnalysed.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '<p>Every analyzer ran to completion on every file in scope.</p>'}
<h3>Limitations</h3><ul>${LIMITATIONS.map((l) => `<li>${esc(l)}</li>`).join('')}</ul><h3>AI validation</h3>${aiMethodologyHtml(report) || `<p>${esc(AI_STATEMENT)}</p>`}`;
}

export function appendixHtml(m: ReportModel): string {
  const { report } = m;
  const inventory = report.tier === 'enterprise' || report.tier === 'ultra';
  const licenseOf = inventoryLicense(m);
  const titles = new Map([...m.findings, ...m.accepted].map((f) => [f.id, f.title]));
  return `<h3>A. Severity and confidence</h3>${table(['Severity', 'Meaning'], SEVERITY_ORDER.map((s) => [sev(s), esc(SEVERITY_MEANING[s])]))}${table(['Confidence', 'Meaning'], CONFIDENCE_ORDER.map((c) => [CONFIDENCE_LABEL[c], esc(CONFIDENCE_MEANING[c])]))}
<h3>B. Score deductions</h3>${report.score.deductions.length ? table(['Finding', 'Title', 'Category', 'Points'], report.score.deductions.map((d) => [code(d.findingId), esc(titles.get(d.findingId) ?? ''), esc(CATEGORY_LABEL[d.category]), d.points.toFixed(2)])) : '<p class="muted">None.</p>'}
<h3>C. Skipped files</h3>${report.skipped.length ? `${table(['Reason', 'Files'], [...m.skippedByReason.map((s) => [esc(s.label), String(s.count)]), ['<b>Total</b>', `<b>${report.skipped.length}</b>`]], 'num')}<p class="note">Every skipped file, with its reason, is listed in the JSON report (skipped).</p>` : '<p class="muted">No file was skipped.</p>'}
${inventory ? `<h3>D. Dependency inventory</h3>${table(['Package', 'Version', 'Ecosystem', 'Type', 'License'], [...report.dependencies].sort((a, b) => Number(b.direct) - Number(a.direct) || a.name.localeCompare(b.name)).map((d) => [esc(d.name), esc(d.version), esc(d.ecosystem), d.direct ? 'direct' : 'transitive', esc(licenseOf(d))]))}` : ''}`;
}
