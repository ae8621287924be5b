// Renders each tier from a real scan of its demo project and reads the PDF back: page count, outline,
// header/footer, every finding id in the text; the HTML report carries the same findings.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@duescan/engine';
import { renderHtml, renderPdf } from '../src/index';
import { TIER_LABEL, formatDate } from '../src/model/labels';
import { SECTION_TITLE, sectionsFor } from '../src/model/sections';
import { CONFIDENTIALITY } from '../src/model/text';
import { SAMPLES } from '../scripts/sample-catalog';
import { sampleAdvisoryDb, scanSample } from '../scripts/scan-samples';
import { inspectPdf, type PdfContents } from './pdf-inspect';

// Under a loaded CI machine a scan plus render of the Ultra sample takes tens of seconds.
const SLOW = 240_000;

const results = new Map<string, { report: Report; pdf: Buffer; contents: PdfContents; html: string }>();

beforeAll(async () => {
  const advisoryDb = await sampleAdvisoryDb();
  for (const sample of SAMPLES) {
    const report = await scanSample(sample, advisoryDb);
    const pdf = await renderPdf(report);
    results.set(sample.id, { report, pdf, contents: await inspectPdf(pdf), html: renderHtml(report) });
  }
}, SLOW);

describe.each(SAMPLES.map((s) => [s.id, s] as const))('%s', (id, sample) => {
  const get = () => results.get(id)!;

  it('is a scan of the right package with findings', () => {
    const { report } = get();
    expect(report.tier).toBe(sample.package);
    expect(report.findings.length).toBeGreaterThan(0);
  });

  it('has one outline entry per section, after the cover', () => {
    const { report, contents } = get();
    const expected = ['Cover', ...sectionsFor(report).map((s, i) => `${i + 1}. ${SECTION_TITLE[s]}`)];
    expect(contents.outline).toEqual(expected);
  });

  it('numbers every page "Page x of y" and names the project in the header', () => {
    const { report, contents } = get();
    expect(contents.pages).toBeGreaterThanOrEqual(contents.outline.length);
    contents.pageText.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${contents.pages}`);
      expect(text).toContain('Confidential');
      if (i > 0) expect(text).toContain(report.project.name);
    });
  });

  it('has no blank page: every page carries more than its header and footer', () => {
    const { report, contents } = get();
    const squeeze = (text: string) => text.replace(/\s+/g, ' ');
    const frame = (page: number) =>
      [
        'DueScan',
        `${report.project.name} | ${TIER_LABEL[report.tier]} report, ${formatDate(report.generatedAt)}`,
        CONFIDENTIALITY,
        `Page ${page} of ${contents.pages}`,
      ].map(squeeze);
    const blank = contents.pageText
      .map((text, i) => ({ page: i + 1, body: frame(i + 1).reduce((rest, piece) => rest.replace(piece, ''), squeeze(text)).trim() }))
      .filter(({ body }) => body === '')
      .map(({ page }) => page);
    expect(blank).toEqual([]);
  });

  it('keeps all text inside the page margins', () => {
    expect(get().contents.outOfBounds).toEqual([]);
  });

  it('prints every finding id of the JSON report in the PDF text', () => {
    const { report, contents } = get();
    const all = contents.pageText.join('\n');
    const missing = report.findings.map((f) => f.id).filter((fid) => !all.includes(fid));
    expect(missing).toEqual([]);
  });

  it('embeds its fonts, keeps the file small and sets document metadata', () => {
    const { report, pdf, contents } = get();
    expect(pdf.length).toBeLessThan(1_500_000);
    expect(String(contents.info.Title)).toContain(report.project.name);
    // Embedded fonts appear under their subset names; no standard-14 fallback (Helvetica) is used.
    expect(pdf.includes(Buffer.from('Inter-Regular'))).toBe(true);
    expect(pdf.includes(Buffer.from('/BaseFont /Helvetica'))).toBe(false);
  });

  it('renders the same findings into one self-contained HTML file', () => {
    const { report, html } = get();
    for (const f of report.findings) expect(html).toContain(`id="f-${f.id}"`);
    expect(html).not.toMatch(/<script|<link|src="https?:|url\(https?:|@import/i);
  });
});

describe('tier scaling', () => {
  it('keeps Quick short and gives Ultra the full report', () => {
    const quick = results.get('sample-quick')!;
    const ultra = results.get('sample-ultra')!;
    expect(quick.contents.outline).toHaveLength(5);
    expect(quick.contents.pages).toBeLessThan(ultra.contents.pages);
    expect(ultra.contents.outline).toContain('5. Dependencies');
  });
});
