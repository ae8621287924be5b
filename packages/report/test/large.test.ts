// A large report (500 findings, 200 dependencies) still renders completely and within the page margins.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/index';
import { syntheticReport } from '../src/testing/synthetic-report';
import { inspectPdf } from './pdf-inspect';

describe('large report', () => {
  it('renders every finding inside the margins and stays small', async () => {
    const report = syntheticReport({ findings: 500, dependencies: 200 });
    const pdf = await renderPdf(report);
    const contents = await inspectPdf(pdf);
    const text = contents.pageText.join('\n');
    expect(report.findings.filter((f) => !text.includes(f.id)).map((f) => f.id)).toEqual([]);
    expect(contents.outOfBounds).toEqual([]);
    expect(pdf.length).toBeLessThan(5 * 1024 * 1024);
    expect(contents.pageText.at(-1)).toContain(`Page ${contents.pages} of ${contents.pages}`);
  }, 120_000);
});
