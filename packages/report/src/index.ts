// Public API of @duescan/report: Report JSON -> PDF and one self-contained HTML file.
export { renderPdf, type RenderPdfOptions } from './pdf/render-pdf';
export { renderHtml } from './html/render-html';
export { buildModel, type ReportModel } from './model/build-model';
export { VERDICT_RULE, EFFORT_RULE, HOURS_PER_FINDING, verdictOf } from './model/assessment';
export { ROADMAP_RULE, phaseOf } from './model/roadmap';
