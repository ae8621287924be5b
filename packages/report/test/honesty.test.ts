// A clean or partly analysed project must not read as "secure": the report says what was not checked.
import { describe, expect, it } from 'vitest';
import { computeScore } from '@duescan/engine';
import { renderHtml, renderPdf } from '../src/index';
import { syntheticReport } from '../src/testing/synthetic-report';
import { inspectPdf } from './pdf-inspect';

function cleanReport() {
  const r = syntheticReport({ findings: 0, dependencies: 12 });
  r.tier = 'pro';
  r.vulnerableDependencies = [];
  r.findings = [];
  r.score = computeScore([]);
  r.counts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 };
  r.advisoryDatabase = { date: null, records: 0 };
  r.analyzers = r.analyzers.filter((a) => a.id !== 'history').map((a) => ({ ...a, findings: 0 }));
  r.metrics.history = undefined;
  return r;
}

describe('a project with no findings and no advisory database', () => {
  it('says that dependencies were not checked and which analysis did not run', async () => {
    const r = cleanReport();
    const text = (await inspectPdf(await renderPdf(r))).pageText.join('\n');
    expect(text).toContain('No findings in scope');
    expect(text).toContain('No advisory database');
    expect(text).toContain('Git history and team: not part of the Pro package');
    expect(text).toContain('No AI model was used');
    // No strength may be claimed for the dependency check that could not run.
    expect(text).not.toContain('matches a known advisory');
    const html = renderHtml(r);
    expect(html).toContain('No advisory database');
    expect(html).toContain('No AI model was used');
  }, 60_000);
});
