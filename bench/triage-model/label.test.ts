import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../packages/engine/src/testing/make-finding';
import type { TriageRow } from '../real-world/triage';
import { labelVulnApp, matchTriage } from './label';

const a = makeFinding({ key: 'a', ruleId: 'py.xss.reflected-taint', cwe: ['CWE-79'], location: { file: 'app/views.py', startLine: 10, endLine: 10 } });
const b = makeFinding({ key: 'b', ruleId: 'py.xss.reflected-taint', cwe: ['CWE-79'], location: { file: 'app/views.py', startLine: 20, endLine: 20 } });
const row = (over: Partial<TriageRow>): TriageRow => ({ id: 'ffffffffffffffff', rule: 'py.xss.reflected-taint', severity: 'high', location: 'x:1', verdict: 'false', reason: 'r', ...over });

describe('pairing verdicts with current findings', () => {
  it('matches by id first, else rule + path:line, and leaves the rest out', () => {
    const { labelled, stats } = matchTriage(
      [a, b],
      [
        row({ id: a.id, verdict: 'true' }),
        row({ location: 'app/views.py:20' }),
        row({ location: 'app/views.py:99' }),
        row({ location: 'app/views.py:10' }), // a is taken by its id already
        row({ id: 'eeeeeeeeeeeeeeee', verdict: 'debatable' }),
      ],
    );
    expect(labelled.map((l) => [l.finding.id, l.label, l.how])).toEqual([
      [a.id, 1, 'id'],
      [b.id, 0, 'rule+location'],
    ]);
    expect(stats).toEqual({ rows: 5, byId: 1, byLocation: 1, debatable: 1, unmatched: 2 });
  });

  it('labels vulnerable-app findings on documented flaws real, judged ones by their verdict, others not at all', () => {
    const labels = [{ file: 'app/views.py', line: 11, cwe: 'CWE-80', description: '', source: 'readme' }];
    const triage = new Map([['demo|app/views.py|20|py.xss.reflected-taint', 'false' as const]]);
    const other = makeFinding({ key: 'c', location: { file: 'app/other.py', startLine: 1, endLine: 1 } });
    const out = labelVulnApp('demo', [a, b, other], labels, triage);
    expect(out.map((l) => [l.finding.id, l.label, l.how])).toEqual([
      [a.id, 1, 'label'],
      [b.id, 0, 'triage'],
    ]);
  });
});
