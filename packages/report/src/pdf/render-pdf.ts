// Report -> PDF. One page flow: cover, then one section per model section, then page headers/footers.
import type { Report } from '@duescan/engine';
import { buildModel, type ReportModel } from '../model/build-model';
import { TIER_LABEL, formatDate } from '../model/labels';
import { SECTION_TITLE, type SectionId } from '../model/sections';
import { CONFIDENTIALITY } from '../model/text';
import { drawAccepted } from './sections/accepted';
import { drawAppendix } from './sections/appendix';
import { drawCover } from './sections/cover';
import { drawDependencies } from './sections/dependencies';
import { drawFindings } from './sections/findings';
import { drawLicenses } from './sections/licenses';
import { drawMethodology } from './sections/methodology';
import { drawQuality } from './sections/quality';
import { drawRisk } from './sections/risk';
import { drawRoadmap } from './sections/roadmap';
import { drawScorecard } from './sections/scorecard';
import { drawSecrets } from './sections/secrets';
import { drawSummary } from './sections/summary';
import { PdfWriter } from './writer';

export interface RenderPdfOptions {
  /** Overrides the confidentiality line in the footer. */
  confidentiality?: string;
}

const DRAW: Record<SectionId, (w: PdfWriter, m: ReportModel) => void> = {
  summary: drawSummary,
  scorecard: drawScorecard,
  risk: drawRisk,
  findings: drawFindings,
  accepted: drawAccepted,
  dependencies: drawDependencies,
  licenses: drawLicenses,
  secrets: drawSecrets,
  quality: drawQuality,
  roadmap: drawRoadmap,
  methodology: drawMethodology,
  appendix: drawAppendix,
};

export async function renderPdf(report: Report, opts: RenderPdfOptions = {}): Promise<Buffer> {
  const m = buildModel(report);
  const title = `${report.project.name}: technical due diligence report`;
  const w = new PdfWriter({
    title,
    author: `${report.tool.name} ${report.tool.version}`,
    subject: `${TIER_LABEL[report.tier]} scan of ${report.project.name}, ${formatDate(report.generatedAt)}`,
    keywords: 'security, due diligence, OWASP, CWE',
  });
  drawCover(w, m);
  m.sections.forEach((id, i) => {
    w.ensure(0); // draws a heading still waiting for its block
    // Every section opens a page. A page that a break has just opened, with nothing on it yet, is that page: adding
    // another would leave it blank. The cover (drawn at fixed positions) is never reused.
    if (i === 0 || !w.onFreshPage) w.addPage();
    w.sectionTitle(i + 1, SECTION_TITLE[id]);
    DRAW[id](w, m);
  });
  w.stampPages(report.project.name, opts.confidentiality ?? CONFIDENTIALITY, `${TIER_LABEL[report.tier]} report, ${formatDate(report.generatedAt)}`);
  return w.finish();
}
