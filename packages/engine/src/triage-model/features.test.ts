import { describe as suite, expect, it } from 'vitest';
import { makeFinding } from '../testing/make-finding';
import { UNKNOWN, buildVocabulary, columnNames, describe, summarizeProject, vectorize } from './features';

const traced = makeFinding({
  ruleId: 'py.injection.sql-taint',
  location: { file: 'app/views.py', startLine: 12, endLine: 12 },
  trace: [
    { kind: 'source', file: 'app/views.py', line: 8, label: 'request.args' },
    { kind: 'step', file: 'app/db.py', line: 3, label: 'q = escape_like(name)' },
    { kind: 'sink', file: 'app/views.py', line: 12, label: 'cursor.execute(q)' },
  ],
  context: 'production',
  pack: 'injection',
});

suite('triage features', () => {
  it('are a pure function of the finding and the project summary', () => {
    const summary = summarizeProject([traced, traced], ['Django', 'requests']);
    const snapshot = JSON.stringify(traced);
    const a = describe(traced, summary);
    const b = describe(structuredClone(traced), summarizeProject([traced, traced], ['Django', 'requests']));
    expect(b).toEqual(a);
    expect(JSON.stringify(traced)).toBe(snapshot);
    expect(a.cat).toMatchObject({ rule: 'py.injection.sql-taint', ruleFamily: 'py.injection', cwe: 'CWE-89', sinkFamily: 'injection', evidence: 'trace', framework: 'django', fileKind: 'python', sourceKind: 'url' });
    expect(a.num).toMatchObject({ traceLength: 0.3, crossFile: 1, sanitizerSeen: 1, repetition: 1 / 6, noLine: 0, confidence: 1 });
  });

  it('say what a finding without a trace stands on, from its rule', () => {
    const none = summarizeProject([], []);
    expect(describe(makeFinding({ ruleId: 'no.such.rule' }), none).cat.evidence).toBe('sast');
    expect(describe(makeFinding({ ruleId: 'config.gha.unpinned-action', analyzer: 'config' }), none).cat.evidence).toBe('pattern');
  });

  it('read the confidence the engine gave, not the one the model set', () => {
    const rated = { ...traced, confidence: 'low' as const, properties: { modelProbability: 0.1, engineConfidence: 'high' } };
    expect(describe(rated, summarizeProject([], [])).num.confidence).toBe(1);
  });

  it('one-hot encode over the vocabulary with an unknown bucket', () => {
    const records = [describe(traced, summarizeProject([], [])), describe(makeFinding({ ruleId: 'js.xss.reflected-taint' }), summarizeProject([], []))];
    const vocabulary = buildVocabulary([...records, records[0]!], 2);
    expect(vocabulary.rule).toEqual(['py.injection.sql-taint']);
    const x = vectorize(records[1]!, vocabulary);
    const cols = columnNames(vocabulary);
    expect(x).toHaveLength(cols.length);
    expect(x[cols.indexOf(`rule=${UNKNOWN}`)]).toBe(1);
    expect(x[cols.indexOf('rule=py.injection.sql-taint')]).toBe(0);
    // The vocabulary does not depend on row order.
    expect(buildVocabulary([records[0]!, records[0]!, ...records].reverse(), 2)).toEqual(vocabulary);
  });
});
