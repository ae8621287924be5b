import { describe, expect, it } from 'vitest';
import { dedupeAcrossAnalyzers, dropCovered } from './same-weakness';
import { makeFinding } from './testing/make-finding';
import type { Finding } from './types';

const at = (over: Partial<Finding>, line: number) =>
  makeFinding({ ...over, location: { file: 'src/app.py', startLine: line, endLine: line } });

describe('same weakness on the same line', () => {
  it('drops a finding whose CWE another reports on the same line, and nothing else', () => {
    const taint = [at({ id: 't', ruleId: 'py.injection.sql-taint', cwe: ['CWE-89'] }, 10)];
    const pattern = [
      at({ id: 'same', ruleId: 'py.injection.sql-concat', cwe: ['CWE-89'] }, 10),
      at({ id: 'other-line', ruleId: 'py.injection.sql-concat', cwe: ['CWE-89'] }, 11),
      at({ id: 'other-cwe', ruleId: 'py.crypto.weak-hash', cwe: ['CWE-328'] }, 10),
    ];
    expect(dropCovered(taint, pattern).map((f) => f.id)).toEqual(['other-line', 'other-cwe']);
  });

  it('keeps the secrets finding over the SAST hard-coded credential on the same line, whatever the order', () => {
    const sast = at({ id: 'sast', analyzer: 'sast', ruleId: 'py.secrets.hardcoded-credential', cwe: ['CWE-798'] }, 8);
    const secret = at({ id: 'secret', analyzer: 'secrets', category: 'secrets', ruleId: 'secrets/aws-secret-access-key', cwe: ['CWE-798'] }, 8);
    const elsewhere = at({ id: 'sast-2', analyzer: 'sast', ruleId: 'py.secrets.hardcoded-credential', cwe: ['CWE-798'] }, 9);
    expect(dedupeAcrossAnalyzers([sast, elsewhere, secret]).map((f) => f.id)).toEqual(['sast-2', 'secret']);
    expect(dedupeAcrossAnalyzers([secret, sast]).map((f) => f.id)).toEqual(['secret']);
  });

  it('stays linear: 40,000 findings of one analyzer (an Ultra-sized result) take under 1.5 s', () => {
    const many = Array.from({ length: 40_000 }, (_, i) =>
      at({ id: `q${i}`, analyzer: 'quality', ruleId: 'quality/complexity', cwe: ['CWE-1121'] }, i + 1),
    );
    const started = performance.now();
    expect(dedupeAcrossAnalyzers(many)).toHaveLength(40_000);
    // Copying the analyzer's list per finding (the old code) took about 12 s here.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
