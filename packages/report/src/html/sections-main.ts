// HTML for the summary, scorecard, risk analysis and findings sections.
import type { Finding } from '@duescan/engine';
import type { ReportModel } from '../model/build-model';
import { EFFORT_RULE, VERDICT_RULE } from '../model/assessment';
import { MECHANISM_LABEL, acceptanceReason, acceptedIntro, riskScopeNote } from '../model/accepted';
import { contextNote, exploitationScenario, locationOf, repeatNote, summaryIntro, tagsOf } from '../model/describe';
import { modelMarkNote } from '../model/triage-model';
import { BRAND, CATEGORY_LABEL, RISK_COLOR, SEVERITY_COLOR, SEVERITY_LABEL, fmtInt, scoreColor } from '../model/labels';
import { aiReviewHtml } from './ai';
import { esc, safeUrl } from './escape';
import { barsSvg, matrixSvg, severityStripSvg } from './svg';

export function table(headers: string[], rows: string[][], cls = ''): string {
  return `<table class="${cls}"><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

export const sev = (s: Finding['severity']) => `<span class="sev" style="background:${SEVERITY_COLOR[s]}">${SEVERITY_LABEL[s]}</span>`;
const list = (items: string[], cls: string) => `<ul class="${cls}">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;

export function summaryHtml(m: ReportModel): string {
  const { report } = m;
  const vColor = m.verdict.level === 'ready' ? RISK_COLOR.Low : m.verdict.level === 'conditions' ? RISK_COLOR.Medium : RISK_COLOR.Critical;
  return `<p class="lead">${esc(summaryIntro(m))}</p>
<div class="boxes"><div class="box" style="border-color:${RISK_COLOR[report.score.risk]}"><small>OVERALL RISK</small><strong style="color:${RISK_COLOR[report.score.risk]}">${report.score.risk}</strong><p>Security score ${Math.round(report.score.overall)}%, grade ${report.score.grade}.</p></div>
<div class="box" style="border-color:${vColor}"><small>VERDICT</small><strong style="color:${vColor}">${esc(m.verdict.label)}</strong><p>${esc(m.verdict.reason)}</p></div></div>
<p class="note">Verdict rule. ${esc(VERDICT_RULE)}</p>
<h3>Open findings by severity</h3>${severityStripSvg(report.counts)}
<h3>Top strengths</h3>${m.strengths.length ? list(m.strengths, 'good') : '<p class="muted">No strengths could be established from the analyzers that ran.</p>'}
<h3>Top risks</h3>${m.risks.length ? list(m.risks, 'bad') : '<p class="muted">No significant risks were found by the analyzers that ran.</p>'}
<h3>Remediation effort</h3>${table(['Severity', 'Findings', 'Hours per finding', 'Hours'], [...m.effort.rows.map((r) => [sev(r.severity), String(r.count), String(r.hoursEach), fmtInt(r.hours)]), ['<b>Total</b>', `<b>${report.counts.total}</b>`, '', `<b>${fmtInt(m.effort.totalHours)} h (${m.effort.days} day${m.effort.days === 1 ? '' : 's'})</b>`]], 'num')}
<p class="note">Assumptions. ${esc(EFFORT_RULE)}</p>`;
}

export function scorecardHtml(m: ReportModel): string {
  const { score } = m.report;
  const byId = new Map([...m.findings, ...m.accepted].map((f) => [f.id, f]));
  const notAssessed = m.categories.filter((c) => !c.assessed).length;
  const bars = m.categories.map((c) =>
    c.score === null
      ? { label: c.label, value: null, note: `Not assessed: ${c.reason}`, max: 100, color: BRAND.rule, valueLabel: 'n/a' }
      : { label: c.label, value: c.score, max: 100, color: scoreColor(c.score), valueLabel: `${Math.round(c.score)}%` },
  );
  return `<p>Overall security score: ${score.overall}% (grade ${score.grade}, risk ${score.risk}). Each assessed category starts at 100% and loses points for the findings that belong to it, open or accepted by the project owner.${notAssessed ? ` ${notAssessed} categor${notAssessed === 1 ? 'y was' : 'ies were'} not assessed (no data or not run): no score, and the overall score does not speak for ${notAssessed === 1 ? 'it' : 'them'}.` : ''}</p>
<h3>Category sub-scores</h3>${barsSvg(bars, 180)}
${table(['Category', 'Sub-score', 'Weight', 'Points lost'], m.categories.map((c) => [esc(c.label), c.score === null ? `<span class="muted">Not assessed: ${esc(c.reason)}</span>` : `${c.score}%`, c.weight.toFixed(2), c.deductions.toFixed(1)]), 'num')}
<h3>How the score was computed</h3><p>${esc(score.method)}</p>
<p>${score.deductions.length} finding${score.deductions.length === 1 ? '' : 's'} took points off the overall score; every lost point is attributed to one finding.</p>
${score.deductions.length ? table(['Finding', 'Title', 'Category', 'Points'], score.deductions.slice(0, 10).map((d) => [`<code>${esc(d.findingId)}</code>`, esc(byId.get(d.findingId)?.title ?? ''), esc(CATEGORY_LABEL[d.category]), d.points.toFixed(2)])) : ''}`;
}

export function acceptedHtml(m: ReportModel): string {
  return `<p>${esc(acceptedIntro(m))}</p>
${table(['Severity', 'Finding', 'Location', 'How accepted', "Owner's reason"], m.accepted.map((f) => [sev(f.severity), `${esc(f.title)}<br><code>${esc(f.id)}</code>`, `<code>${esc(locationOf(f))}</code>`, esc(MECHANISM_LABEL[f.acceptance.mechanism]), f.acceptance.reason ? esc(f.acceptance.reason) : `<span class="muted">${esc(acceptanceReason(f))}</span>`]))}`;
}

export function riskHtml(m: ReportModel): string {
  const maxO = Math.max(1, ...m.owasp.map((o) => o.count));
  const maxC = Math.max(1, ...m.cwe.map((c) => c.count));
  return `<p>The matrix places every finding by how serious it is (rows) and how certain the match is (columns). The top-left corner is what to fix first.${esc(riskScopeNote(m))}</p>
<h3>Risk matrix: severity x confidence</h3>${matrixSvg(m.matrix)}
<h3>Findings by OWASP Top 10 (2021)</h3>${barsSvg(m.owasp.map((o) => ({ label: `${o.id} ${o.name}`, value: o.count, max: maxO, color: o.count ? BRAND.accent : BRAND.rule, valueLabel: String(o.count) })), 330)}
<h3>Most frequent weaknesses (CWE)</h3>${m.cwe.length ? barsSvg(m.cwe.map((c) => ({ label: c.name ? `${c.id} ${c.name}` : c.id, value: c.count, max: maxC, color: '#4c6ef5', valueLabel: String(c.count) })), 330) : '<p class="muted">No findings carry a CWE.</p>'}`;
}

function findingHtml(m: ReportModel, f: Finding, i: number): string {
  // A scenario a model wrote (with the vote) replaces the one derived from the trace.
  const scenario = m.report.tier === 'ultra' && !f.aiReview?.scenario ? exploitationScenario(f) : null;
  const trace = f.trace?.length ? `<h5>Data flow</h5><ol class="trace">${f.trace.map((s) => `<li><b>${esc(s.kind)}</b> <code>${esc(`${s.file}:${s.line}`)}</code> <code>${esc(s.label)}</code></li>`).join('')}</ol>` : '';
  const refs = f.references.map((r) => {
    const url = safeUrl(r.url);
    return `<li>${url ? `<a href="${esc(url)}" rel="noopener noreferrer">${esc(r.title)}</a>` : esc(`${r.title}: ${r.url}`)}</li>`;
  });
  const repeats = m.sameAs.get(f.id) ?? {};
  const note = repeatNote(repeats);
  const guidance =
    (f.impact && !repeats.impact ? `<h5>Impact</h5><p>${esc(f.impact)}</p>` : '') +
    (!repeats.fix ? `<h5>How to fix</h5><p>${esc(f.fix.guidance)}${f.fix.fixedVersion ? ` Fixed in version ${esc(f.fix.fixedVersion)}.` : ''}</p>${f.fix.example ? `<pre>${esc(f.fix.example)}</pre>` : ''}` : '') +
    (refs.length && !repeats.references ? `<h5>References</h5><ul>${refs.join('')}</ul>` : '') +
    (note ? `<p class="muted">${esc(note)}</p>` : '');
  return `<article class="finding" id="f-${esc(f.id)}" style="border-left-color:${SEVERITY_COLOR[f.severity]}">
<div class="fhead">${sev(f.severity)} <span class="muted">#${i}</span><code class="fid">${esc(f.id)}</code></div>
<h4>${esc(f.title)}</h4><div class="tags">${esc(tagsOf(f))}</div><div class="loc"><code>${esc(locationOf(f))}</code></div>${contextNote(f) ? `<p class="muted">${esc(contextNote(f) ?? '')}</p>` : ''}${modelMarkNote(f, m.report) ? `<p class="muted"><b>${esc(modelMarkNote(f, m.report) ?? '')}</b></p>` : ''}
<p>${esc(f.message)}</p>${f.snippet ? `<pre>${esc(f.snippet)}</pre>` : ''}${trace}${scenario ? `<h5>Exploitation scenario</h5><p>${esc(scenario)}</p>` : ''}${aiReviewHtml(f)}${guidance}</article>`;
}

export function findingsHtml(m: ReportModel): string {
  if (m.findings.length === 0) return '<p class="muted">No findings in scope. See the methodology section for what was analysed.</p>';
  return `<p>${m.findings.length} finding${m.findings.length === 1 ? '' : 's'}, most serious first. Each has a stable id that stays the same across scans. Snippets are shortened and secrets are redacted.</p>${m.findings.map((f, i) => findingHtml(m, f, i + 1)).join('\n')}`;
}
