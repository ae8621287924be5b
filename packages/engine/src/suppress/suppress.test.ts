import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applySuppressions } from './index';
import { isSuppressedInline, parseSuppression } from './inline';
import { baselineFromReport, readBaseline, writeBaseline } from './baseline';
import { makeFinding } from '../testing/make-finding';
import { tempProject } from '../testing/temp-project';
import { ScanError } from '../errors';
import type { Report } from '../types';

let cleanup = () => {};
afterEach(() => cleanup());

describe('inline suppressions', () => {
  it('parses rule ids and the reason in any comment syntax', () => {
    expect(parseSuppression('x = 1  # duescan-ignore py.sqli -- input is a constant')).toEqual({
      rules: ['py.sqli'],
      reason: 'input is a constant',
    });
    expect(parseSuppression('/* duescan-ignore a.b, c.d -- ok */')).toEqual({ rules: ['a.b', 'c.d'], reason: 'ok' });
    expect(parseSuppression('<!-- duescan-ignore html.x -->')).toEqual({ rules: ['html.x'] });
    expect(parseSuppression('// nothing here')).toBeNull();
  });

  it('applies on the same line or the line above, only to the named rule', () => {
    const lines = ['// duescan-ignore js.eval -- test helper', 'eval(x)', 'eval(y) // duescan-ignore js.eval', 'eval(z)'];
    expect(isSuppressedInline(lines, 2, 'js.eval')).toBe(true);
    expect(isSuppressedInline(lines, 3, 'js.eval')).toBe(true);
    expect(isSuppressedInline(lines, 4, 'js.eval')).toBe(false);
    expect(isSuppressedInline(lines, 2, 'js.other')).toBe(false);
  });
});

describe('applySuppressions', () => {
  it('hides inline-suppressed, .duescanignore-matched and baselined findings and lists them', () => {
    const p = tempProject({ '.duescanignore': 'fixtures/\n*.generated.ts\n' });
    cleanup = p.cleanup;
    const inline = makeFinding({ ruleId: 'js.eval', key: 'a', location: { file: 'src/a.js', startLine: 2, endLine: 2 } });
    const ignored = makeFinding({ key: 'b', location: { file: 'fixtures/vuln.py', startLine: 1, endLine: 1 } });
    const accepted = makeFinding({ key: 'c', location: { file: 'src/c.ts', startLine: 1, endLine: 1 } });
    const fresh = makeFinding({ key: 'd', location: { file: 'src/d.ts', startLine: 1, endLine: 1 } });
    const texts: Record<string, string> = { 'src/a.js': '// duescan-ignore js.eval -- reviewed\neval(cfg)\n' };
    const { kept, suppressed } = applySuppressions({
      root: p.root,
      findings: [inline, ignored, accepted, fresh],
      textOf: (f) => texts[f] ?? null,
      baseline: new Set([accepted.id]),
    });
    expect(kept).toEqual([fresh]);
    expect(suppressed).toEqual([
      { id: inline.id, ruleId: 'js.eval', reason: 'inline' },
      { id: ignored.id, ruleId: ignored.ruleId, reason: 'ignore-file' },
      { id: accepted.id, ruleId: accepted.ruleId, reason: 'baseline' },
    ]);
  });
});

describe('baseline files', () => {
  it('round-trips: writeBaseline then readBaseline hides exactly the accepted findings', () => {
    const p = tempProject({});
    cleanup = p.cleanup;
    const a = makeFinding({ key: 'a' });
    const report = { findings: [a], suppressed: [{ id: 'abcdef0123456789', ruleId: 'x', reason: 'baseline' }] } as Report;
    const file = join(p.root, 'baseline.json');
    expect(writeBaseline(report, file)).toEqual(baselineFromReport(report));
    expect([...readBaseline(file)].sort()).toEqual([a.id, 'abcdef0123456789'].sort());
  });

  it('accepts a previous report.json and rejects malformed files with a clear ScanError', () => {
    const p = tempProject({});
    cleanup = p.cleanup;
    const reportFile = join(p.root, 'report.json');
    writeFileSync(reportFile, JSON.stringify({ findings: [{ id: '0123456789abcdef' }] }));
    expect([...readBaseline(reportFile)]).toEqual(['0123456789abcdef']);
    const bad = join(p.root, 'bad.json');
    writeFileSync(bad, '{"ids": 3}');
    expect(() => readBaseline(bad)).toThrow(ScanError);
    expect(() => readBaseline(join(p.root, 'missing.json'))).toThrow(/does not exist/);
  });
});
