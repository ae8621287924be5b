import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applySuppressions } from './index';
import { MISSING_REASON_NOTE, isSuppressedInline, parseSuppression } from './inline';
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

  it('applies on the same line or the line above, only to the named rule, and only with a reason', () => {
    const lines = ['// duescan-ignore js.eval -- test helper', 'eval(x)', 'eval(y) // duescan-ignore js.eval', 'eval(z)', 'eval(w) // duescan-ignore js.eval -- fixed input'];
    expect(isSuppressedInline(lines, 2, 'js.eval')).toBe(true);
    expect(isSuppressedInline(lines, 3, 'js.eval')).toBe(false);
    expect(isSuppressedInline(lines, 5, 'js.eval')).toBe(true);
    expect(isSuppressedInline(lines, 4, 'js.eval')).toBe(false);
    expect(isSuppressedInline(lines, 2, 'js.other')).toBe(false);
  });
});

describe('applySuppressions', () => {
  it('accepts inline-suppressed, .duescanignore-matched and baselined findings and returns them in full', () => {
    const p = tempProject({ '.duescanignore': 'fixtures/\n*.generated.ts\n' });
    cleanup = p.cleanup;
    const inline = makeFinding({ ruleId: 'js.eval', key: 'a', location: { file: 'src/a.js', startLine: 2, endLine: 2 } });
    const ignored = makeFinding({ key: 'b', location: { file: 'fixtures/vuln.py', startLine: 1, endLine: 1 } });
    const accepted = makeFinding({ key: 'c', location: { file: 'src/c.ts', startLine: 1, endLine: 1 } });
    const fresh = makeFinding({ key: 'd', location: { file: 'src/d.ts', startLine: 1, endLine: 1 } });
    const texts: Record<string, string> = { 'src/a.js': '// duescan-ignore js.eval -- reviewed\neval(cfg)\n' };
    const result = applySuppressions({
      root: p.root,
      findings: [inline, ignored, accepted, fresh],
      textOf: (f) => texts[f] ?? null,
      baseline: new Map([[accepted.id, 'vendor code, patched upstream in 2.1']]),
    });
    expect(result.kept).toEqual([fresh]);
    expect(result.suppressed).toEqual([
      { id: inline.id, ruleId: 'js.eval', reason: 'inline', note: 'reviewed' },
      { id: ignored.id, ruleId: ignored.ruleId, reason: 'ignore-file' },
      { id: accepted.id, ruleId: accepted.ruleId, reason: 'baseline', note: 'vendor code, patched upstream in 2.1' },
    ]);
    expect(result.accepted).toEqual([
      { ...inline, acceptance: { mechanism: 'inline', reason: 'reviewed' } },
      { ...ignored, acceptance: { mechanism: 'ignore-file' } },
      { ...accepted, acceptance: { mechanism: 'baseline', reason: 'vendor code, patched upstream in 2.1' } },
    ]);
  });

  it('does not honour an inline marker without a reason: the finding stays open, with a note', () => {
    const p = tempProject({});
    cleanup = p.cleanup;
    const f = makeFinding({ ruleId: 'py.sqli', key: 'a', location: { file: 'app.py', startLine: 3, endLine: 3 } });
    const result = applySuppressions({
      root: p.root,
      findings: [f],
      textOf: () => 'import db\n# duescan-ignore py.sqli\ndb.execute("select " + q)\n',
      baseline: null,
    });
    expect(result.accepted).toEqual([]);
    expect(result.suppressed).toEqual([]);
    expect(result.kept).toHaveLength(1);
    expect(result.kept[0]!.message).toContain(MISSING_REASON_NOTE);
  });

  it('never matches project-level findings (no line) against inline markers or the ignore file', () => {
    const p = tempProject({ '.duescanignore': '*\n' });
    cleanup = p.cleanup;
    const f = makeFinding({ key: 'ci', location: { file: '.', startLine: 0, endLine: 0 } });
    const result = applySuppressions({ root: p.root, findings: [f], textOf: () => '# duescan-ignore * -- x', baseline: null });
    expect(result.kept).toEqual([f]);
  });
});

describe('baseline files', () => {
  it('round-trips: writeBaseline then readBaseline accepts exactly the same findings, keeping reasons', () => {
    const p = tempProject({});
    cleanup = p.cleanup;
    const a = makeFinding({ key: 'a' });
    const report = {
      findings: [a],
      suppressed: [
        { id: 'abcdef0123456789', ruleId: 'x', reason: 'baseline', note: 'test fixture' },
        { id: 'bbbbbb0123456789', ruleId: 'y', reason: 'baseline' },
      ],
    } as Report;
    const file = join(p.root, 'baseline.json');
    expect(writeBaseline(report, file)).toEqual(baselineFromReport(report));
    const read = readBaseline(file);
    expect([...read.keys()].sort()).toEqual([a.id, 'abcdef0123456789', 'bbbbbb0123456789'].sort());
    expect(read.get('abcdef0123456789')).toBe('test fixture');
    expect(read.get(a.id)).toBeUndefined();
  });

  it('accepts a previous report.json and { id, reason } entries; rejects malformed files with a clear ScanError', () => {
    const p = tempProject({});
    cleanup = p.cleanup;
    const reportFile = join(p.root, 'report.json');
    writeFileSync(reportFile, JSON.stringify({ findings: [{ id: '0123456789abcdef' }] }));
    expect([...readBaseline(reportFile).keys()]).toEqual(['0123456789abcdef']);
    const withReasons = join(p.root, 'reasons.json');
    writeFileSync(withReasons, JSON.stringify(['0123456789abcdef', { id: 'fedcba9876543210', reason: '  only in the admin CLI ' }]));
    expect([...readBaseline(withReasons)]).toEqual([
      ['0123456789abcdef', undefined],
      ['fedcba9876543210', 'only in the admin CLI'],
    ]);
    const bad = join(p.root, 'bad.json');
    writeFileSync(bad, '{"ids": 3}');
    expect(() => readBaseline(bad)).toThrow(ScanError);
    writeFileSync(bad, JSON.stringify([{ id: '0123456789abcdef', reason: 3 }]));
    expect(() => readBaseline(bad)).toThrow(ScanError);
    expect(() => readBaseline(join(p.root, 'missing.json'))).toThrow(/does not exist/);
  });
});
