// Report -> one self-contained HTML file: inline CSS, inline SVG, embedded fonts, no scripts, no requests.
import type { Report } from '@duescan/engine';
import { buildModel, type ReportModel } from '../model/build-model';
import { RISK_COLOR, TIER_LABEL, fmtInt, formatDate } from '../model/labels';
import { SECTION_TITLE, type SectionId } from '../model/sections';
import { CONFIDENTIALITY } from '../model/text';
import { esc } from './escape';
import { acceptedHtml, findingsHtml, riskHtml, scorecardHtml, summaryHtml } from './sections-main';
import { appendixHtml, dependenciesHtml, licensesHtml, methodologyHtml, qualityHtml, roadmapHtml, secretsHtml } from './sections-more';
import { css } from './styles';
import { gaugeSvg } from './svg';
import { notAssessedLine } from '../model/accepted';

const SECTION_HTML: Record<SectionId, (m: ReportModel) => string> = {
  summary: summaryHtml,
  scorecard: scorecardHtml,
  risk: riskHtml,
  findings: findingsHtml,
  accepted: acceptedHtml,
  dependencies: dependenciesHtml,
  licenses: licensesHtml,
  secrets: secretsHtml,
  quality: qualityHtml,
  roadmap: roadmapHtml,
  methodology: methodologyHtml,
  appendix: appendixHtml,
};

function coverHtml(m: ReportModel): string {
  const { report } = m;
  const p = report.project;
  const vColor = m.verdict.level === 'ready' ? RISK_COLOR.Low : m.verdict.level === 'conditions' ? RISK_COLOR.Medium : RISK_COLOR.Critical;
  return `<header class="cover"><div class="brand">DueScan<span>TECHNICAL DUE DILIGENCE REPORT</span></div>
<h1>${esc(p.name)}</h1><span class="badge">${TIER_LABEL[report.tier].toUpperCase()} PACKAGE</span> &nbsp; ${esc(formatDate(report.generatedAt))}</header>
<div class="hero">${gaugeSvg(report.score.overall, report.score.grade)}<div class="stats">
<small>OVERALL RISK</small><strong style="color:${RISK_COLOR[report.score.risk]}">${report.score.risk}</strong>
<small>VERDICT</small><strong style="color:${vColor}">${esc(m.verdict.label)}</strong>
<small>OPEN FINDINGS</small><strong>${report.counts.total} (${report.counts.critical} critical, ${report.counts.high} high)</strong>
<small>ACCEPTED BY THE OWNER (SCORED)</small><strong${m.acceptedSerious > 0 ? ` style="color:${RISK_COLOR.High}"` : ''}>${m.accepted.length} (${m.acceptedSerious} critical or high)</strong>
<small>NOT ASSESSED</small><div>${esc(notAssessedLine(m))}</div>
<small>SCOPE</small><div>${fmtInt(p.files)} files · ${fmtInt(p.loc)} lines · ${esc(m.languages)} · ${p.commit ? `commit <code>${esc(p.commit.slice(0, 12))}</code>` : 'no commit recorded'}</div></div></div>`;
}

export function renderHtml(report: Report): string {
  const m = buildModel(report);
  const toc = m.sections.map((id, i) => `<li><a href="#${id}">${i + 1}. ${SECTION_TITLE[id]}</a></li>`).join('');
  const body = m.sections
    .map((id, i) => `<section id="${id}"><h2><small>SECTION ${i + 1}</small>${SECTION_TITLE[id]}</h2>${SECTION_HTML[id](m)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:">
<title>${esc(report.project.name)}: technical due diligence report (${TIER_LABEL[report.tier]})</title>
<style>${css()}</style></head>
<body><main>${coverHtml(m)}<nav class="toc"><h3>Contents</h3><ol>${toc}</ol></nav>
${body}
<footer>${esc(CONFIDENTIALITY)} · ${esc(report.project.name)} · ${esc(`${report.tool.name} ${report.tool.version}`)}, ${esc(formatDate(report.generatedAt))}</footer></main></body></html>
`;
}
