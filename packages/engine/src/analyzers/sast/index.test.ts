// The analyzer end to end over the annotated examples: tier packs, finding shape, redaction, taint precedence.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import type { Finding } from '../../types';
import { mergeFindings, sastAnalyzer } from './index';
import { PACK_ORDER } from './rule-types';

const EXAMPLES = join(import.meta.dirname, 'rules', 'examples');

describe('sastAnalyzer', () => {
  it('runs all 14 packs on Ultra and reports them', async () => {
    const result = await sastAnalyzer.run(makeTestContext(EXAMPLES, 'ultra'));
    expect(result.packs).toEqual([...PACK_ORDER]);
    const packs = new Set(result.findings.map((f) => f.pack));
    for (const p of PACK_ORDER) expect(packs.has(p), `no finding from pack ${p}`).toBe(true);
    for (const f of result.findings) {
      expect(f.analyzer).toBe('sast');
      expect(f.category).toBe('security');
      expect(f.id).toMatch(/^[0-9a-f]{16}$/);
      expect(f.location.startLine).toBeGreaterThan(0);
      expect(f.snippet?.length).toBeGreaterThan(0);
      expect(f.cwe.length).toBeGreaterThan(0);
      expect(f.owasp.length).toBeGreaterThan(0);
    }
  });

  it('runs only the tier prefix of PACK_ORDER on Pro (4) and Enterprise (8)', async () => {
    for (const [tier, n] of [['pro', 4], ['enterprise', 8]] as const) {
      const result = await sastAnalyzer.run(makeTestContext(EXAMPLES, tier));
      expect(result.packs).toEqual(PACK_ORDER.slice(0, n));
      const allowed = new Set<string>(PACK_ORDER.slice(0, n));
      expect(result.findings.filter((f) => !allowed.has(f.pack ?? ''))).toEqual([]);
      expect(result.findings.length).toBeGreaterThan(0);
    }
  });

  it('redacts literal values in hard-coded credential snippets', async () => {
    const result = await sastAnalyzer.run(makeTestContext(EXAMPLES, 'ultra'));
    const creds = result.findings.filter((f) => f.pack === 'secrets-in-code');
    expect(creds.length).toBeGreaterThan(3);
    for (const f of creds) expect(f.snippet).not.toMatch(/s3cr3t|hunter2|Tr0ub4dor|pr0d-Passw0rd|Sup3rS3cret/);
  });
});

describe('sink-only pattern rules next to taint analysis', () => {
  it('leave request-handling files to taint and keep the audit finding elsewhere', async () => {
    const ctx = makeTestContext(join(import.meta.dirname, 'fixtures', 'taint-covered'), 'ultra');
    const result = await sastAnalyzer.run(ctx);
    const shell = result.findings.filter((f) => f.ruleId === 'py.injection.shell-dynamic-command').map((f) => f.location.file);
    expect(shell).toEqual(['plugin.py', 'script.py']);
    expect(result.findings.filter((f) => f.location.file === 'view.py' && f.cwe.includes('CWE-78'))).toEqual([]);
  });

  it('keep the audit finding in a helper no request-reading function encloses, and treat urllib.request as a module', async () => {
    const ctx = makeTestContext(join(import.meta.dirname, 'fixtures', 'taint-covered'), 'ultra');
    const at = (await sastAnalyzer.run(ctx)).findings.map((f) => `${f.ruleId}@${f.location.file}:${f.location.startLine}`);
    // plugin.py reads the request in trigger(); run() is a helper the analysis only reached with an unknown argument
    expect(at).toContain('py.injection.shell-dynamic-command@plugin.py:13');
    expect(at).toContain('py.deserialization.pickle@fetcher.py:8');
    // a callback nested in a handler stays with the taint analysis; a plain helper keeps its audit finding
    expect(at).not.toContain('js.injection.shell-dynamic-command@routes.js:5');
    expect(at).toContain('js.injection.shell-dynamic-command@routes.js:10');
  });
});

function finding(ruleId: string, line: number, cwe: string): Finding {
  return {
    id: `${ruleId}-${line}`,
    ruleId,
    analyzer: 'sast',
    category: 'security',
    title: ruleId,
    severity: 'high',
    confidence: 'medium',
    cwe: [cwe],
    owasp: [],
    location: { file: 'a.py', startLine: line, endLine: line },
    message: '',
    fix: { guidance: '' },
    references: [],
  };
}

describe('mergeFindings', () => {
  it('drops a pattern finding when taint reports the same CWE on the same line, keeps others', () => {
    const taint = [finding('py.injection.command-taint', 3, 'CWE-78')];
    const pattern = [finding('py.injection.shell-dynamic-command', 3, 'CWE-78'), finding('py.injection.shell-dynamic-command', 9, 'CWE-78'), finding('py.crypto.weak-hash', 3, 'CWE-328')];
    const merged = mergeFindings(taint, pattern).map((f) => `${f.ruleId}@${f.location.startLine}`);
    expect(merged).toEqual(['py.crypto.weak-hash@3', 'py.injection.command-taint@3', 'py.injection.shell-dynamic-command@9']);
  });
});
