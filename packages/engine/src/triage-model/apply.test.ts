import { describe, expect, it } from 'vitest';
import { makeFinding } from '../testing/make-finding';
import { type TriageWeights, applyTriageModel } from './apply';
import { NUMERIC, buildVocabulary, columnNames, summarizeProject } from './features';

// A hand-made model over the numeric columns only: its one non-zero weight says "test context is false".
function weightsWith(threshold: number): TriageWeights {
  const vocabulary = buildVocabulary([], 1);
  const columns = columnNames(vocabulary);
  const weights = columns.map((c) => (c === 'devPath' ? -6 : 0));
  return {
    formatVersion: 1,
    weights,
    bias: 2,
    vocabulary,
    columns,
    threshold,
    analyzers: ['sast'],
    trainedOn: { findings: 10, real: 5, projects: 2 },
    train: { l2: 0, iterations: 0, learningRate: 0, minCount: 1 },
  };
}

const prod = makeFinding({ key: 'a', location: { file: 'src/a.ts', startLine: 1, endLine: 1 } });
const inTests = makeFinding({ key: 'b', severity: 'medium', location: { file: 'tests/a.test.ts', startLine: 1, endLine: 1 } });
const highInTests = makeFinding({ key: 'e', location: { file: 'tests/b.test.ts', startLine: 1, endLine: 1 } });
const medium = makeFinding({ key: 'c', severity: 'medium', location: { file: 'src/c.ts', startLine: 1, endLine: 1 } });
const quality = makeFinding({ key: 'd', analyzer: 'quality', severity: 'low', confidence: 'high' });

describe('applyTriageModel', () => {
  const { findings, run } = applyTriageModel([inTests, medium, highInTests, prod, quality], summarizeProject([], []), weightsWith(0.5));

  it('marks a finding below the threshold without dropping it or changing its severity', () => {
    expect(findings).toHaveLength(5);
    const marked = findings.find((f) => f.id === inTests.id)!;
    expect(marked.likelyFalsePositive).toBe('model');
    expect(marked.severity).toBe('medium');
    expect(marked.confidence).toBe('low');
    expect(marked.properties).toMatchObject({ engineConfidence: 'high' });
    expect(marked.properties?.modelProbability).toBeLessThan(0.5);
    expect(findings.find((f) => f.id === prod.id)!.likelyFalsePositive).toBeUndefined();
    expect(run).toMatchObject({ findings: 4, likelyFalsePositive: 1, threshold: 0.5 });
    expect(run.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(run.version).toBe(`1-${run.sha256.slice(0, 12)}`);
  });

  it('rates a critical/high finding but neither marks it nor changes its confidence (the evidence policy decides there)', () => {
    const high = findings.find((f) => f.id === highInTests.id)!;
    expect(high.properties?.modelProbability).toBeLessThan(0.5);
    expect(high.likelyFalsePositive).toBeUndefined();
    expect(high.confidence).toBe(highInTests.confidence);
  });

  it('orders by probability within a severity, never across severities', () => {
    expect(findings.map((f) => f.id)).toEqual([prod.id, highInTests.id, medium.id, inTests.id, quality.id]);
  });

  it('leaves findings of analyzers it was not trained on untouched', () => {
    expect(findings.find((f) => f.id === quality.id)).toEqual(quality);
  });

  it('is idempotent: rating rated findings gives the same result', () => {
    const again = applyTriageModel(findings, summarizeProject([], []), weightsWith(0.5));
    expect(again.findings).toEqual(findings);
  });

  it('has a numeric column per numeric feature', () => {
    expect(columnNames(buildVocabulary([], 1)).slice(0, NUMERIC.length)).toEqual([...NUMERIC]);
  });
});
