// The engine's triage model in the report: the mark on a marked finding's card, and the methodology line.
import { describe, expect, it } from 'vitest';
import { buildModel, renderHtml, renderPdf } from '../src/index';
import { syntheticReport } from '../src/testing/synthetic-report';
import { modelMarkNote, triageModelLine } from '../src/model/triage-model';
import { inspectPdf } from './pdf-inspect';

function markedReport() {
  const r = syntheticReport({ findings: 6, dependencies: 3 });
  r.tier = 'pro';
  const [first, ...rest] = r.findings;
  r.findings = [{ ...first!, likelyFalsePositive: 'model', confidence: 'low', properties: { ...first!.properties, modelProbability: 0.12, engineConfidence: 'high' } }, ...rest];
  r.triageModel = { version: '1-0123456789ab', sha256: '0123456789ab'.padEnd(64, 'c'), findings: 6, likelyFalsePositive: 1, threshold: 0.4, trainedOn: { findings: 493, real: 247, projects: 24 } };
  return r;
}

describe('triage model in the report', () => {
  it('words the mark and the methodology line from the report', () => {
    const r = markedReport();
    expect(modelMarkNote(r.findings[0]!, r)).toBe(
      'Likely false positive (model). The triage model rates it 12 % likely to be real, below its threshold of 40 %. Still listed, with its severity and its weight in the score; check it before dismissing it.',
    );
    expect(modelMarkNote(r.findings[1]!, r)).toBeNull();
    expect(triageModelLine(r)).toContain('version 1-0123456789ab');
    expect(triageModelLine(r)).toContain('rated 6 findings');
    expect(triageModelLine(r)).toContain('marked 1 as likely false positive (model)');
    expect(triageModelLine({})).toMatch(/^did not run/);
  });

  it('lists findings of one severity and confidence by the model rating, highest first', () => {
    const r = markedReport();
    const base = r.findings[1]!;
    const rated = (id: string, p: number) => ({ ...base, id, ruleId: 'z.rule', severity: 'high' as const, confidence: 'medium' as const, properties: { modelProbability: p } });
    r.findings = [rated('aaaaaaaaaaaaaaa1', 0.5), rated('aaaaaaaaaaaaaaa2', 0.9), { ...rated('aaaaaaaaaaaaaaa3', 0), properties: {} }, rated('aaaaaaaaaaaaaaa4', 0.6)];
    expect(buildModel(r).findings.map((f) => f.id)).toEqual(['aaaaaaaaaaaaaaa2', 'aaaaaaaaaaaaaaa4', 'aaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaa3']);
  });

  it('shows the mark on the finding card and the model in the methodology, in HTML and PDF', async () => {
    const r = markedReport();
    const html = renderHtml(r);
    expect(html.split('Likely false positive (model).').length - 1).toBe(1);
    expect(html).toContain('Triage model:</b> ran, version 1-0123456789ab');
    const text = (await inspectPdf(await renderPdf(r))).pageText.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Likely false positive (model).');
    expect(text).toContain('ran, version 1-0123456789ab');
  }, 60_000);
});
